import type { BuildContext, ReportChart, ReportDocument, ReportRow } from '../report-document';
import { NoDataError } from '../report-document';
import { thinForPrint } from './print-thinning';
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
  const rows: ReportRow[] = [];
  const temp = new SeriesStats();
  const fuel = new SeriesStats();
  // Columns, not [t, value] pairs: a 30-day range has 259,200 fixes.
  const tempTimes: number[] = [];
  const temps: number[] = [];
  const fuelTimes: number[] = [];
  const fuels: number[] = [];
  const tank = asset.fuelTankLiters;
  const span = period.end - period.start;
  const hasProbe = asset.hasTemperatureSensor;

  fleet.forEachSample(asset.id, period.start, period.end, (s) => {
    rows.push({
      t: s.t,
      ...(hasProbe ? { temperature: s.temperatureC } : {}),
      fuel: s.fuelLiters,
      fuel_pct: tank > 0 ? round((s.fuelLiters / tank) * 100, 1) : null,
      ignition: s.ignition,
    });
    if (s.temperatureC !== null) {
      temp.add(s.temperatureC);
      tempTimes.push(s.t);
      temps.push(s.temperatureC);
    }
    fuel.add(s.fuelLiters);
    fuelTimes.push(s.t);
    fuels.push(s.fuelLiters);
    if (rows.length % PROGRESS_EVERY === 0) ctx.onProgress?.((s.t - period.start) / span);
  });
  if (rows.length === 0)
    throw new NoDataError(`No sensor readings for ${asset.name} ${describePeriod(period)}`);

  const charts: ReportChart[] = [];
  if (hasProbe) {
    charts.push({
      title: 'Cargo temperature',
      kind: 'line',
      xAxis: 'time',
      yLabel: 'Temperature',
      yUnit: '°C',
      series: [gappedLineSeries('Temperature', tempTimes, temps, asset.intervalMs)],
    });
  }
  charts.push({
    title: 'Fuel level',
    kind: 'line',
    xAxis: 'time',
    yLabel: 'Fuel level',
    yUnit: 'L',
    series: [gappedLineSeries('Fuel level', fuelTimes, fuels, asset.intervalMs)],
  });
  const print = thinForPrint(rows, 't', [{ key: 'ignition', label: 'ignition' }]);

  return reportDocument(ctx, 'sensor', {
    period,
    assets: [assetRef(asset)],
    summary: [
      summaryItem('Readings', rows.length, 'integer'),
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
        rows,
        ...(print ?? {}),
      },
    ],
    charts,
  });
}
