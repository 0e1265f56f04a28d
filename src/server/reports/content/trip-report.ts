import type { BuildContext, ReportDocument, ReportRow } from '../report-document';
import { NoDataError } from '../report-document';
import { dailyDistances, sum } from './report-data';
import { column, round, summaryItem, timeColumn } from './report-fields';
import { dayLabel, reportDocument } from './report-frame';
import { describePeriod, periodOf } from './report-period';
import { assetRef, requireAsset } from './report-subject';

/** spec 2.5 trip: one row per trip that overlaps the period, as the fleet reports it (whole trips). */
export function buildTripReport(ctx: BuildContext): ReportDocument {
  const { fleet, request } = ctx;
  const asset = requireAsset(fleet, request.asset_id);
  const period = periodOf(ctx);
  const trips = fleet.trips(asset.id, period.start, period.end);
  if (trips.length === 0) throw new NoDataError(`No trips for ${asset.name} ${describePeriod(period)}`);

  const rows: ReportRow[] = trips.map((trip) => ({
    start: trip.start,
    end: trip.end,
    from: trip.from.name,
    to: trip.to.name,
    distance: trip.distanceKm,
    duration: Math.round((trip.end - trip.start) / 1000),
    max_speed: trip.maxSpeed,
    avg_speed: trip.avgSpeed,
  }));
  const totalKm = sum(trips.map((t) => t.distanceKm));
  const drivingS = sum(trips.map((t) => (t.end - t.start) / 1000));
  const longest = trips.reduce((a, b) => (b.distanceKm > a.distanceKm ? b : a));
  const days = dailyDistances(fleet, asset, period);
  ctx.onProgress?.(0.8);

  return reportDocument(ctx, 'trip', {
    period,
    assets: [assetRef(asset)],
    summary: [
      summaryItem('Trips', trips.length, 'integer'),
      summaryItem('Total distance', round(totalKm, 1), 'number', 'km', 1),
      summaryItem('Driving time', Math.round(drivingS), 'duration_s'),
      summaryItem(
        'Average speed',
        drivingS > 0 ? round(totalKm / (drivingS / 3600), 1) : null,
        'number',
        'km/h',
        1,
      ),
      summaryItem('Maximum speed', Math.max(...trips.map((t) => t.maxSpeed)), 'number', 'km/h', 1),
      summaryItem('Longest trip', round(longest.distanceKm, 1), 'number', 'km', 1),
      summaryItem('First departure', trips[0]!.start, 'datetime'),
      summaryItem('Last arrival', trips[trips.length - 1]!.end, 'datetime'),
    ],
    tables: [
      {
        key: 'trips',
        title: 'Trips',
        columns: [
          timeColumn('start', 'Start'),
          timeColumn('end', 'End'),
          column('from', 'From', 'text'),
          column('to', 'To', 'text'),
          column('distance', 'Distance', 'number', 'km', 1),
          column('duration', 'Duration', 'duration_s'),
          column('max_speed', 'Max speed', 'number', 'km/h', 1),
          column('avg_speed', 'Avg speed', 'number', 'km/h', 1),
        ],
        rows,
      },
    ],
    charts: [
      {
        title: 'Distance per day',
        kind: 'bar',
        xAxis: 'category',
        categories: days.map((d) => dayLabel(d.day)),
        yLabel: 'Distance',
        yUnit: 'km',
        series: [{ name: 'Distance', points: days.map((d, i) => [i, round(d.km, 1)] as const) }],
      },
    ],
  });
}
