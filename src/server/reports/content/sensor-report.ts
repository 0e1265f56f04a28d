import type { BuildContext, ColumnValues, ReportChart, ReportDocument } from '../report-document';
import { NoDataError } from '../report-document';
import { thinTimesForPrint } from './print-thinning';
import { columnTable, indexColumn, numberColumn } from './column-table';
import { column, round, summaryItem, timeColumn } from './report-fields';
import { reportDocument } from './report-frame';
import { describePeriod, periodOf } from './report-period';
import { assetRef, requireAsset } from './report-subject';
import { SeriesStats } from './series-stats';
import { gappedLineSeries } from './series-thinning';

const PROGRESS_EVERY = 20_000;
const orNull = (v: number | null, d: number): number | null => (v === null ? null : round(v, d));

/** spec 2.5 sensor: the cargo temperature probe (reefers) and the fuel level, every fix, with min/max/avg. */
export function buildSensorReport(ctx: BuildContext): ReportDocument {
  const { fleet, request } = ctx;
  const asset = requireAsset(fleet, request.asset_id);
  const period = periodOf(ctx);
  const temp = new SeriesStats();
  const fuel = new SeriesStats();
  // The table by column (column-table.ts): a 30-day range has 259,200 fixes, and row objects of them
  // cost more than writing them out.
  const expected = Math.ceil((period.end - period.start) / asset.intervalMs) + 1;
  const times = numberColumn(expected);
  const temps = numberColumn(asset.hasTemperatureSensor ? expected : 0);
  const fuels = numberColumn(expected);
  const fuelPcts = numberColumn(expected);
  const ignitions = indexColumn(expected);
  const tank = asset.fuelTankLiters;
  const span = period.end - period.start;
  const hasProbe = asset.hasTemperatureSensor;

  fleet.forEachSample(asset.id, period.start, period.end, (s) => {
    times.push(s.t);
    if (hasProbe) {
      // A fix without a reading keeps its row: NaN is an empty cell in every format (json null).
      temps.push(s.temperatureC ?? NaN);
      if (s.temperatureC !== null) temp.add(s.temperatureC);
    }
    fuels.push(s.fuelLiters);
    if (tank > 0) fuelPcts.push(round((s.fuelLiters / tank) * 100, 1));
    ignitions.push(s.ignition ? 1 : 0);
    fuel.add(s.fuelLiters);
    if (times.length % PROGRESS_EVERY === 0) ctx.onProgress?.((s.t - period.start) / span);
  });
  const rowCount = times.length;
  if (rowCount === 0) throw new NoDataError(`No sensor readings for ${asset.name} ${describePeriod(period)}`);

  const timeValues = times.take();
  const tempValues = temps.take();
  const fuelValues = fuels.take();
  const ignitionValues = ignitions.take();
  const charts: ReportChart[] = [];
  if (hasProbe) {
    charts.push({
      title: 'Cargo temperature',
      kind: 'line',
      xAxis: 'time',
      yLabel: 'Temperature',
      yUnit: '°C',
      series: [gappedLineSeries('Temperature', timeValues, tempValues, asset.intervalMs)],
    });
  }
  charts.push({
    title: 'Fuel level',
    kind: 'line',
    xAxis: 'time',
    yLabel: 'Fuel level',
    yUnit: 'L',
    series: [gappedLineSeries('Fuel level', timeValues, fuelValues, asset.intervalMs)],
  });
  const print = thinTimesForPrint(timeValues, [{ label: 'ignition', values: ignitionValues }]);
  const columnValues: ColumnValues[] = [
    { type: 'numbers', values: timeValues },
    ...(hasProbe ? [{ type: 'numbers', values: tempValues } as const] : []),
    { type: 'numbers', values: fuelValues },
    // A tank of unknown size has no percentage: a column of empty cells.
    tank > 0
      ? { type: 'numbers', values: fuelPcts.take() }
      : { type: 'cells', values: new Array<null>(rowCount).fill(null) },
    { type: 'booleans', values: ignitionValues },
  ];

  return reportDocument(ctx, 'sensor', {
    period,
    assets: [assetRef(asset)],
    summary: [
      summaryItem('Readings', rowCount, 'integer'),
      ...(hasProbe
        ? [
            summaryItem('Minimum temperature', orNull(temp.minOrNull, 1), 'number', '°C', 1),
            summaryItem('Maximum temperature', orNull(temp.maxOrNull, 1), 'number', '°C', 1),
            summaryItem('Average temperature', orNull(temp.mean, 1), 'number', '°C', 1),
          ]
        : [summaryItem('Temperature probe', 'none fitted', 'text')]),
      summaryItem('Minimum fuel level', orNull(fuel.minOrNull, 1), 'number', 'L', 1),
      summaryItem('Maximum fuel level', orNull(fuel.maxOrNull, 1), 'number', 'L', 1),
      summaryItem('Average fuel level', orNull(fuel.mean, 1), 'number', 'L', 1),
      summaryItem('Tank capacity', tank, 'number', 'L', 0),
    ],
    tables: [
      columnTable(
        {
          key: 'readings',
          title: 'Sensor readings',
          columns: [
            timeColumn(),
            ...(hasProbe ? [column('temperature', 'Temperature', 'number', '°C', 1)] : []),
            column('fuel', 'Fuel level', 'number', 'L', 1),
            column('fuel_pct', 'Fuel level', 'number', '%', 1),
            column('ignition', 'Ignition', 'boolean'),
          ],
          columnValues,
          ...(print ?? {}),
        },
        rowCount,
      ),
    ],
    charts,
  });
}
