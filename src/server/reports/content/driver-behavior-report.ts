import type { BuildContext, ReportDocument, ReportRow } from '../report-document';
import { NoDataError } from '../report-document';
import type { HarshKind } from '../../sim/types';
import { HARSH_LABELS } from './harsh-events';
import { placeName } from './place-names';
import { dailyDistances, groupByDay, sum } from './report-data';
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
import { assetForDriverRequest, assetRef } from './report-subject';

const KINDS: readonly HarshKind[] = ['braking', 'acceleration', 'cornering'];

/**
 * spec 2.5 driver_behavior: harsh braking, acceleration and cornering with
 * place and severity. A driver maps to the asset they drive (SimAsset.driverId).
 * No driving at all in the period fails the report; driving without harsh
 * events is a (good) report with an empty table.
 */
export function buildDriverBehaviorReport(ctx: BuildContext): ReportDocument {
  const { fleet, request } = ctx;
  const asset = assetForDriverRequest(fleet, request);
  const period = periodOf(ctx);
  const events = fleet.harshEvents(asset.id, period.start, period.end);
  const days = dailyDistances(fleet, asset, period);
  const km = sum(days.map((d) => d.km));
  const who = `${asset.driverName} (${asset.name})`;
  if (events.length === 0 && km <= 0) throw new NoDataError(`No driving by ${who} ${describePeriod(period)}`);
  ctx.onProgress?.(0.6);

  const rows: ReportRow[] = events.map((e) => ({
    t: e.t,
    event: HARSH_LABELS[e.kind],
    severity: SEVERITY_LABELS[e.severity],
    g: round(e.g, 2),
    speed: round(e.speed, 1),
    place: placeName(fleet.seed, e.lat, e.lon),
    lat: round(e.lat, 5),
    lon: round(e.lon, 5),
  }));
  const count = (pred: (e: (typeof events)[number]) => boolean): number => events.filter(pred).length;
  const byDay = groupByDay(events, (e) => e.t);
  const dayList = periodDays(period);

  return reportDocument(ctx, 'driver_behavior', {
    period,
    assets: [assetRef(asset)],
    summary: [
      summaryItem('Driver', asset.driverName, 'text'),
      summaryItem('Harsh events', events.length, 'integer'),
      ...KINDS.map((k) =>
        summaryItem(
          HARSH_LABELS[k],
          count((e) => e.kind === k),
          'integer',
        ),
      ),
      summaryItem(
        'High severity',
        count((e) => e.severity === 'high'),
        'integer',
      ),
      summaryItem('Distance driven', round(km, 1), 'number', 'km', 1),
      summaryItem(
        'Events per 100 km',
        km > 0 ? round((events.length / km) * 100, 2) : null,
        'number',
        undefined,
        2,
      ),
    ],
    tables: [
      {
        key: 'events',
        title: 'Harsh driving events',
        columns: [
          timeColumn(),
          column('event', 'Event', 'text'),
          column('severity', 'Severity', 'text'),
          column('g', 'Peak', 'number', 'g', 2),
          column('speed', 'Speed', 'number', 'km/h', 1),
          column('place', 'Place', 'text'),
          latColumn(),
          lonColumn(),
        ],
        rows,
      },
    ],
    charts: [
      {
        title: 'Harsh events per day',
        kind: 'bar',
        xAxis: 'category',
        categories: dayList.map(dayLabel),
        yLabel: 'Events',
        series: KINDS.map((k) => ({
          name: HARSH_LABELS[k],
          points: dayList.map(
            (day, i) => [i, (byDay.get(day) ?? []).filter((e) => e.kind === k).length] as const,
          ),
        })),
      },
    ],
  });
}
