import type { BuildContext, ReportDocument, ReportRow } from '../report-document';
import { NoDataError } from '../report-document';
import type { Fix, MotionState } from '../../sim/types';
import { describePeriod, periodOf } from './report-period';
import { assetRef, requireAsset } from './report-subject';
import { column, latColumn, lonColumn, round, summaryItem, timeColumn } from './report-fields';
import { gappedLineSeries } from './series-thinning';
import { thinForPrint } from './print-thinning';

export const MOVEMENT_LABELS: Readonly<Record<MotionState, string>> = {
  moving: 'Moving',
  idle: 'Idle',
  stopped: 'Stopped',
};

const PROGRESS_EVERY = 20_000;

/**
 * spec 2.5 trail: every fix of the tracker with speed, ignition and movement.
 * Seven columns, no heading or altitude: a 30-day trail is 259,200 rows and
 * every column costs a quarter of a million cells in Excel.
 */
export function buildTrailReport(ctx: BuildContext): ReportDocument {
  const { fleet, request } = ctx;
  const asset = requireAsset(fleet, request.asset_id);
  const period = periodOf(ctx);
  const rows: ReportRow[] = [];
  // Two columns rather than 259,200 [t, speed] pairs: the chart keeps about 2,000 of them.
  const times: number[] = [];
  const speeds: number[] = [];
  let first: Fix | undefined;
  let last: Fix | undefined;
  let maxSpeed = 0;
  let movingSpeedSum = 0;
  let movingCount = 0;
  const time: Record<MotionState, number> = { moving: 0, idle: 0, stopped: 0 };
  let ignitionMs = 0;
  // A gap longer than a few intervals is the tracker being offline, not time spent in a state.
  const maxStepMs = asset.intervalMs * 3;
  const span = period.end - period.start;

  fleet.forEachFix(asset.id, period.start, period.end, (s) => {
    rows.push({
      t: s.t,
      // The simulator's own precision (lat/lon 6 decimals, odometer 3): cells keep it, formats round for display.
      lat: s.lat,
      lon: s.lon,
      speed: s.speed,
      ignition: s.ignition,
      movement: MOVEMENT_LABELS[s.state],
      odometer: s.odometerKm,
    });
    times.push(s.t);
    speeds.push(s.speed);
    if (s.speed > maxSpeed) maxSpeed = s.speed;
    if (s.state === 'moving') {
      movingSpeedSum += s.speed;
      movingCount++;
    }
    if (last) {
      const dt = s.t - last.t;
      if (dt <= maxStepMs) {
        time[last.state] += dt;
        if (last.ignition) ignitionMs += dt;
      }
    }
    first ??= s;
    last = s;
    if (rows.length % PROGRESS_EVERY === 0) ctx.onProgress?.((s.t - period.start) / span);
  });

  if (!first || !last) {
    throw new NoDataError(`No positions for ${asset.name} ${describePeriod(period)}`);
  }
  const print = thinForPrint(rows, 't', [
    { key: 'ignition', label: 'ignition' },
    { key: 'movement', label: 'movement' },
  ]);

  return {
    reportId: ctx.reportId,
    type: 'trail',
    title: ctx.title,
    periodFrom: period.from,
    periodTo: period.to,
    generatedAt: ctx.generatedAt,
    assets: [assetRef(asset)],
    summary: [
      summaryItem('Positions', rows.length, 'integer'),
      summaryItem('First position', first.t, 'datetime'),
      summaryItem('Last position', last.t, 'datetime'),
      summaryItem('Distance', round(last.odometerKm - first.odometerKm, 1), 'number', 'km', 1),
      summaryItem('Maximum speed', round(maxSpeed, 1), 'number', 'km/h', 1),
      summaryItem(
        'Average moving speed',
        movingCount > 0 ? round(movingSpeedSum / movingCount, 1) : null,
        'number',
        'km/h',
        1,
      ),
      summaryItem('Moving time', Math.round(time.moving / 1000), 'duration_s'),
      summaryItem('Idle time', Math.round(time.idle / 1000), 'duration_s'),
      summaryItem('Ignition on', Math.round(ignitionMs / 1000), 'duration_s'),
    ],
    tables: [
      {
        key: 'positions',
        title: 'Positions',
        columns: [
          timeColumn(),
          latColumn(),
          lonColumn(),
          column('speed', 'Speed', 'number', 'km/h', 1),
          column('ignition', 'Ignition', 'boolean'),
          column('movement', 'Movement', 'text'),
          column('odometer', 'Odometer', 'number', 'km', 1),
        ],
        rows,
        ...(print ?? {}),
      },
    ],
    charts: [
      {
        title: 'Speed over time',
        kind: 'line',
        xAxis: 'time',
        yLabel: 'Speed',
        yUnit: 'km/h',
        series: [gappedLineSeries('Speed', times, speeds, asset.intervalMs)],
      },
    ],
  };
}
