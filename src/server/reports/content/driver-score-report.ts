import type { BuildContext, ReportDocument, ReportRow } from '../report-document';
import { NoDataError } from '../report-document';
import type { Sample } from '../../sim/types';
import { SCORE_FORMULA, driverScore, emptyEngineTime, type EngineTime } from './driver-score';
import { dailyDistances, groupByDay, sum } from './report-data';
import { column, round, summaryItem } from './report-fields';
import { dayLabel, reportDocument } from './report-frame';
import { describePeriod, periodOf } from './report-period';
import { assetForDriverRequest, assetRef } from './report-subject';

const DAY_MS = 86_400_000;
const r1 = (v: number | null): number | null => (v === null ? null : round(v, 1));

/** spec 2.5 driver_score: the documented formula of driver-score.ts, per driver and per day. */
export function buildDriverScoreReport(ctx: BuildContext): ReportDocument {
  const { fleet, request } = ctx;
  const asset = assetForDriverRequest(fleet, request);
  const period = periodOf(ctx);
  const who = `${asset.driverName} (${asset.name})`;
  const days = dailyDistances(fleet, asset, period);
  const totalKm = sum(days.map((d) => d.km));
  if (totalKm <= 0) throw new NoDataError(`No driving by ${who} ${describePeriod(period)}`);

  // A gap longer than a few intervals is the tracker being offline, not engine time.
  const maxStepMs = asset.intervalMs * 3;
  const timeByDay = new Map<number, EngineTime>(days.map((d) => [d.day, emptyEngineTime()]));
  let prev: Sample | undefined;
  fleet.forEachSample(asset.id, period.start, period.end, (s) => {
    if (prev && s.t - prev.t <= maxStepMs) {
      const dt = s.t - prev.t;
      const time = timeByDay.get(prev.t - (prev.t % DAY_MS));
      if (time) {
        if (prev.ignition) time.ignitionMs += dt;
        if (prev.state === 'moving') time.movingMs += dt;
        else if (prev.state === 'idle') time.idleMs += dt;
      }
    }
    prev = s;
  });
  ctx.onProgress?.(0.7);
  const harsh = fleet.harshEvents(asset.id, period.start, period.end);
  const overspeed = fleet.alarms(asset.id, period.start, period.end).filter((a) => a.kind === 'overspeed');
  const harshByDay = groupByDay(harsh, (e) => e.t);
  const overspeedByDay = groupByDay(overspeed, (a) => a.t);

  const total = emptyEngineTime();
  for (const t of timeByDay.values()) {
    total.movingMs += t.movingMs;
    total.idleMs += t.idleMs;
    total.ignitionMs += t.ignitionMs;
  }
  const overall = driverScore({ km: totalKm, harsh, overspeed, time: total });
  const metrics = (
    km: number,
    time: EngineTime,
    dayHarsh: readonly unknown[],
    dayOverspeed: readonly unknown[],
    s: ReturnType<typeof driverScore>,
  ): ReportRow => ({
    distance: round(km, 1),
    driving: Math.round(time.movingMs / 1000),
    harsh: dayHarsh.length,
    harsh_per100: r1(s.harshPer100Km),
    overspeed: dayOverspeed.length,
    overspeed_per100: r1(s.overspeedPer100Km),
    idling: r1(s.idlingPct),
    score: r1(s.score),
  });
  const dayRows: ReportRow[] = days.map((d) => {
    const time = timeByDay.get(d.day)!;
    const dayHarsh = harshByDay.get(d.day) ?? [];
    const dayOverspeed = overspeedByDay.get(d.day) ?? [];
    const s = driverScore({ km: d.km, harsh: dayHarsh, overspeed: dayOverspeed, time });
    return { date: d.day, ...metrics(d.km, time, dayHarsh, dayOverspeed, s) };
  });
  const driverRow: ReportRow = {
    driver: asset.driverName,
    driver_id: asset.driverId,
    asset: asset.name,
    ...metrics(totalKm, total, harsh, overspeed, overall),
  };
  const metricColumns = [
    column('distance', 'Distance', 'number', 'km', 1),
    column('driving', 'Driving time', 'duration_s'),
    column('harsh', 'Harsh events', 'integer'),
    column('harsh_per100', 'H, weighted', 'number', 'per 100 km', 1),
    column('overspeed', 'Overspeed events', 'integer'),
    column('overspeed_per100', 'O, weighted', 'number', 'per 100 km', 1),
    column('idling', 'Idling I', 'number', '%', 1),
    column('score', 'Score', 'number', '0–100', 1),
  ];

  return reportDocument(ctx, 'driver_score', {
    period,
    assets: [assetRef(asset)],
    summary: [
      summaryItem('Driver', asset.driverName, 'text'),
      summaryItem('Score', r1(overall.score), 'number', '0–100', 1),
      summaryItem('Distance', round(totalKm, 1), 'number', 'km', 1),
      summaryItem('Driving time', Math.round(total.movingMs / 1000), 'duration_s'),
      summaryItem('Harsh events', harsh.length, 'integer'),
      summaryItem('Overspeed events', overspeed.length, 'integer'),
      summaryItem('Idling', r1(overall.idlingPct), 'number', '%', 1),
      summaryItem('Scoring formula', SCORE_FORMULA, 'text'),
    ],
    tables: [
      {
        key: 'drivers',
        title: 'Score per driver',
        columns: [
          column('driver', 'Driver', 'text'),
          column('driver_id', 'Driver ID', 'integer'),
          column('asset', 'Asset', 'text'),
          ...metricColumns,
        ],
        rows: [driverRow],
      },
      {
        key: 'days',
        title: 'Score per day',
        columns: [column('date', 'Date', 'date'), ...metricColumns],
        rows: dayRows,
      },
    ],
    charts: [
      {
        title: 'Score per day',
        kind: 'bar',
        xAxis: 'category',
        categories: days.map((d) => dayLabel(d.day)),
        yLabel: 'Score',
        yUnit: '0–100',
        series: [
          {
            name: 'Score',
            points: dayRows.map((r, i) => [i, typeof r.score === 'number' ? r.score : 0] as const),
          },
        ],
      },
    ],
  });
}
