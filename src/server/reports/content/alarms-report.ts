import type { BuildContext, ReportDocument, ReportRow } from '../report-document';
import { NoDataError } from '../report-document';
import type { AlarmKind, Severity } from '../../sim/types';
import { placeName } from './place-names';
import { groupByDay, hasFixIn } from './report-data';
import {
  SEVERITY_LABELS,
  column,
  latColumn,
  lonColumn,
  round,
  summaryItem,
  timeColumn,
} from './report-fields';
import { dayLabel, reportDocument } from './report-frame';
import { describePeriod, periodDays, periodOf } from './report-period';
import { assetRef, requireAsset } from './report-subject';

export const ALARM_LABELS: Readonly<Record<AlarmKind, string>> = {
  overspeed: 'Overspeed',
  harsh_driving: 'Harsh driving',
  geofence_enter: 'Geofence enter',
  geofence_exit: 'Geofence exit',
  low_fuel: 'Low fuel',
  fuel_drain: 'Fuel drain',
  temperature_high: 'High temperature',
  power_cut: 'Power cut',
  engine_fault: 'Engine fault',
  tracker_offline: 'Tracker offline',
};
const SEVERITIES: readonly Severity[] = ['high', 'medium', 'low'];

/**
 * spec 2.5 alarms_data. A tracker that reported in the period but raised no
 * alarm gives an (empty, reassuring) report; no fix and no alarm fails it.
 */
export function buildAlarmsReport(ctx: BuildContext): ReportDocument {
  const { fleet, request } = ctx;
  const asset = requireAsset(fleet, request.asset_id);
  const period = periodOf(ctx);
  const alarms = fleet.alarms(asset.id, period.start, period.end);
  if (alarms.length === 0 && !hasFixIn(fleet, asset, period)) {
    throw new NoDataError(`No alarms and no positions for ${asset.name} ${describePeriod(period)}`);
  }
  const rows: ReportRow[] = alarms.map((a) => ({
    t: a.t,
    alarm: ALARM_LABELS[a.kind],
    severity: SEVERITY_LABELS[a.severity],
    message: a.message,
    place: placeName(fleet.seed, a.lat, a.lon),
    lat: round(a.lat, 5),
    lon: round(a.lon, 5),
  }));
  const counts = new Map<AlarmKind, number>();
  for (const a of alarms) counts.set(a.kind, (counts.get(a.kind) ?? 0) + 1);
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  const byDay = groupByDay(alarms, (a) => a.t);
  const days = periodDays(period);

  return reportDocument(ctx, 'alarms_data', {
    period,
    assets: [assetRef(asset)],
    summary: [
      summaryItem('Alarms', alarms.length, 'integer'),
      ...SEVERITIES.map((s) =>
        summaryItem(
          `${SEVERITY_LABELS[s]} severity`,
          alarms.filter((a) => a.severity === s).length,
          'integer',
        ),
      ),
      summaryItem('Most frequent', top ? `${ALARM_LABELS[top[0]]} (${top[1]})` : null, 'text'),
      summaryItem('First alarm', alarms[0]?.t ?? null, 'datetime'),
      summaryItem('Last alarm', alarms[alarms.length - 1]?.t ?? null, 'datetime'),
    ],
    tables: [
      {
        key: 'alarms',
        title: 'Alarms',
        columns: [
          timeColumn(),
          column('alarm', 'Alarm', 'text'),
          column('severity', 'Severity', 'text'),
          column('message', 'Message', 'text'),
          column('place', 'Place', 'text'),
          latColumn(),
          lonColumn(),
        ],
        rows,
      },
    ],
    charts: [
      {
        title: 'Alarms per day',
        kind: 'bar',
        xAxis: 'category',
        categories: days.map(dayLabel),
        yLabel: 'Alarms',
        series: SEVERITIES.map((s) => ({
          name: SEVERITY_LABELS[s],
          points: days.map(
            (day, i) => [i, (byDay.get(day) ?? []).filter((a) => a.severity === s).length] as const,
          ),
        })),
      },
    ],
  });
}
