import type { BuildContext, ReportDocument } from '../report-document';
import { NoDataError } from '../report-document';
import type { Fix, MotionState } from '../../sim/types';
import { describePeriod, periodOf } from './report-period';
import { assetRef, requireAsset } from './report-subject';
import { column, latColumn, lonColumn, round, summaryItem, timeColumn } from './report-fields';
import { gappedLineSeries } from './series-thinning';
import { thinTimesForPrint } from './print-thinning';
import { columnTable, indexColumn, numberColumn } from './column-table';

export const MOVEMENT_LABELS: Readonly<Record<MotionState, string>> = {
  moving: 'Moving',
  idle: 'Idle',
  stopped: 'Stopped',
};

/** The movement column's labels, by index. */
const MOVEMENT_ORDER: readonly MotionState[] = ['moving', 'idle', 'stopped'];
const MOVEMENT_INDEX: Readonly<Record<MotionState, number>> = { moving: 0, idle: 1, stopped: 2 };

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
  // The table by column (column-table.ts): typed arrays rather than 259,200 row objects.
  const expected = Math.ceil((period.end - period.start) / asset.intervalMs) + 1;
  const times = numberColumn(expected);
  const lats = numberColumn(expected);
  const lons = numberColumn(expected);
  const speeds = numberColumn(expected);
  const ignitions = indexColumn(expected);
  const movements = indexColumn(expected);
  const odometers = numberColumn(expected);
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
    times.push(s.t);
    // The simulator's own precision (lat/lon 6 decimals, odometer 3): cells keep it, formats round for display.
    lats.push(s.lat);
    lons.push(s.lon);
    speeds.push(s.speed);
    ignitions.push(s.ignition ? 1 : 0);
    movements.push(MOVEMENT_INDEX[s.state]);
    odometers.push(s.odometerKm);
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
    if (times.length % PROGRESS_EVERY === 0) ctx.onProgress?.((s.t - period.start) / span);
  });

  if (!first || !last) {
    throw new NoDataError(`No positions for ${asset.name} ${describePeriod(period)}`);
  }
  const rowCount = times.length;
  const timeValues = { type: 'numbers', values: times.take() } as const;
  const speedValues = { type: 'numbers', values: speeds.take() } as const;
  const ignitionValues = { type: 'booleans', values: ignitions.take() } as const;
  const movementValues = {
    type: 'labels',
    values: movements.take(),
    labels: MOVEMENT_ORDER.map((state) => MOVEMENT_LABELS[state]),
  } as const;
  const columnValues = [
    timeValues,
    { type: 'numbers', values: lats.take() } as const,
    { type: 'numbers', values: lons.take() } as const,
    speedValues,
    ignitionValues,
    movementValues,
    { type: 'numbers', values: odometers.take() } as const,
  ];
  const print = thinTimesForPrint(timeValues.values, [
    { label: 'ignition', values: ignitionValues.values },
    { label: 'movement', values: movementValues.values },
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
      summaryItem('Positions', rowCount, 'integer'),
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
      columnTable(
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
          columnValues,
          ...(print ?? {}),
        },
        rowCount,
      ),
    ],
    charts: [
      {
        title: 'Speed over time',
        kind: 'line',
        xAxis: 'time',
        yLabel: 'Speed',
        yUnit: 'km/h',
        series: [gappedLineSeries('Speed', timeValues.values, speedValues.values, asset.intervalMs)],
      },
    ],
  };
}
