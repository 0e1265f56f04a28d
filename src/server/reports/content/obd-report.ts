import type { BuildContext, ReportDocument, ReportRow } from '../report-document';
import { NoDataError } from '../report-document';
import { thinForPrint } from './print-thinning';
import { SEVERITY_LABELS, column, round, summaryItem, timeColumn } from './report-fields';
import { reportDocument } from './report-frame';
import { describePeriod, periodOf } from './report-period';
import { assetRef, requireAsset } from './report-subject';
import { SeriesStats } from './series-stats';
import { gappedLineSeries } from './series-thinning';

const orNull = (v: number | null, d: number): number | null => (v === null ? null : round(v, d));

/** One reading a minute while the engine runs (docs/interface-decisions.md): longer gaps are engine-off. */
const READING_INTERVAL_MS = 60_000;

/**
 * spec 2.5 obd_data: fault codes (with their descriptions, first because a
 * manager reads them first) and the minute-by-minute readings.
 */
export function buildObdReport(ctx: BuildContext): ReportDocument {
  const { fleet, request } = ctx;
  const asset = requireAsset(fleet, request.asset_id);
  const period = periodOf(ctx);
  if (!asset.hasObd) throw new NoDataError(`${asset.name} has no OBD-II adapter, so there is no OBD-II data`);
  const readings = fleet.obdReadings(asset.id, period.start, period.end);
  const faults = fleet.faultCodes(asset.id, period.start, period.end);
  if (readings.length === 0 && faults.length === 0) {
    throw new NoDataError(`No OBD-II readings for ${asset.name} ${describePeriod(period)}`);
  }
  ctx.onProgress?.(0.5);

  const rpm = new SeriesStats();
  const coolant = new SeriesStats();
  const battery = new SeriesStats();
  const load = new SeriesStats();
  const readingRows: ReportRow[] = readings.map((r) => {
    rpm.add(r.rpm);
    coolant.add(r.coolantC);
    battery.add(r.batteryV);
    load.add(r.engineLoadPct);
    return {
      t: r.t,
      rpm: Math.round(r.rpm),
      speed: round(r.speed, 1),
      coolant: round(r.coolantC, 1),
      load: round(r.engineLoadPct, 1),
      throttle: round(r.throttlePct, 1),
      battery: round(r.batteryV, 2),
      fuel: round(r.fuelPct, 1),
    };
  });
  const faultRows: ReportRow[] = faults.map((f) => ({
    t: f.t,
    code: f.code,
    description: f.description,
    severity: SEVERITY_LABELS[f.severity],
    cleared: f.clearedAt,
    active: Math.round(((f.clearedAt ?? period.endExclusive) - f.t) / 1000),
  }));
  const print = thinForPrint(readingRows, 't', []);
  const times = readings.map((r) => r.t);

  return reportDocument(ctx, 'obd_data', {
    period,
    assets: [assetRef(asset)],
    summary: [
      summaryItem('Fault codes', faults.length, 'integer'),
      summaryItem('Still active', faults.filter((f) => f.clearedAt === null).length, 'integer'),
      summaryItem('Readings', readings.length, 'integer'),
      summaryItem('Average engine speed', orNull(rpm.mean, 0), 'number', 'rpm', 0),
      summaryItem('Maximum engine speed', orNull(rpm.maxOrNull, 0), 'number', 'rpm', 0),
      summaryItem('Maximum coolant temperature', orNull(coolant.maxOrNull, 1), 'number', '°C', 1),
      summaryItem('Average engine load', orNull(load.mean, 1), 'number', '%', 1),
      summaryItem('Lowest battery voltage', orNull(battery.minOrNull, 2), 'number', 'V', 2),
    ],
    tables: [
      {
        key: 'faults',
        title: 'Fault codes',
        columns: [
          timeColumn('t', 'Raised'),
          column('code', 'Code', 'text'),
          column('description', 'Description', 'text'),
          column('severity', 'Severity', 'text'),
          timeColumn('cleared', 'Cleared'),
          column('active', 'Active for', 'duration_s'),
        ],
        rows: faultRows,
      },
      {
        key: 'readings',
        title: 'Readings',
        columns: [
          timeColumn(),
          column('rpm', 'Engine speed', 'integer', 'rpm'),
          column('speed', 'Speed', 'number', 'km/h', 1),
          column('coolant', 'Coolant', 'number', '°C', 1),
          column('load', 'Engine load', 'number', '%', 1),
          column('throttle', 'Throttle', 'number', '%', 1),
          column('battery', 'Battery', 'number', 'V', 2),
          column('fuel', 'Fuel level', 'number', '%', 1),
        ],
        rows: readingRows,
        ...(print ?? {}),
      },
    ],
    charts: [
      {
        title: 'Coolant temperature',
        kind: 'line',
        xAxis: 'time',
        yLabel: 'Coolant',
        yUnit: '°C',
        series: [
          gappedLineSeries(
            'Coolant',
            times,
            readings.map((r) => r.coolantC),
            READING_INTERVAL_MS,
          ),
        ],
      },
      {
        title: 'Engine speed',
        kind: 'line',
        xAxis: 'time',
        yLabel: 'Engine speed',
        yUnit: 'rpm',
        series: [
          gappedLineSeries(
            'Engine speed',
            times,
            readings.map((r) => r.rpm),
            READING_INTERVAL_MS,
          ),
        ],
      },
    ],
  });
}
