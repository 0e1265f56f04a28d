import type { BuildContext, ReportChart, ReportDocument, ReportRow } from '../report-document';
import { NoDataError } from '../report-document';
import type { BeaconDetection, Fleet } from '../../sim/types';
import { column, latColumn, lonColumn, round, summaryItem, timeColumn } from './report-fields';
import { reportDocument } from './report-frame';
import { describePeriod, reportPeriod } from './report-period';
import { assetRef, requireAsset, requireBeacon } from './report-subject';
import { SeriesStats } from './series-stats';
import { thinSeries } from './series-thinning';
import { thinForPrint } from './print-thinning';

/** Charts draw one line per beacon up to this many; more would be unreadable. */
const MAX_BEACON_SERIES = 6;
const orNull = (v: number | null, d: number): number | null => (v === null ? null : round(v, d));

export const beaconName = (fleet: Fleet, id: number): string => fleet.beacon(id)?.name ?? `Beacon ${id}`;
export const assetName = (fleet: Fleet, id: number): string => fleet.asset(id)?.name ?? `Asset ${id}`;

export const detectionColumns = [
  timeColumn(),
  column('beacon', 'Beacon', 'text'),
  column('asset', 'Detected by', 'text'),
  column('rssi', 'Signal', 'integer', 'dBm'),
  column('temperature', 'Temperature', 'number', '°C', 1),
  column('humidity', 'Humidity', 'number', '%', 1),
  column('battery', 'Battery', 'number', '%', 0),
  latColumn(),
  lonColumn(),
];

export function detectionRow(fleet: Fleet, d: BeaconDetection): ReportRow {
  return {
    t: d.t,
    beacon: beaconName(fleet, d.beaconId),
    asset: assetName(fleet, d.assetId),
    rssi: Math.round(d.rssi),
    temperature: round(d.temperatureC, 1),
    humidity: round(d.humidityPct, 1),
    battery: round(d.batteryPct, 0),
    lat: round(d.lat, 5),
    lon: round(d.lon, 5),
  };
}

/**
 * spec 2.5 beacon_environment: what the Bluetooth tags measured, seen by one
 * asset's tracker (asset_id) or wherever one beacon was seen (beacon_id).
 */
export function buildBeaconEnvironmentReport(ctx: BuildContext): ReportDocument {
  const { fleet, request } = ctx;
  const period = reportPeriod(request);
  const byAsset = request.asset_id !== undefined;
  const asset = byAsset ? requireAsset(fleet, request.asset_id) : undefined;
  const beacon = byAsset ? undefined : requireBeacon(fleet, request.beacon_id);
  const subject = asset ? asset.name : `${beacon!.name} (${beacon!.mac})`;
  const detections = asset
    ? fleet.beaconDetectionsByAsset(asset.id, period.start, period.end)
    : fleet.beaconDetectionsByBeacon(beacon!.id, period.start, period.end);
  if (detections.length === 0) {
    throw new NoDataError(`No beacon detections for ${subject} ${describePeriod(period)}`);
  }
  ctx.onProgress?.(0.5);

  const temp = new SeriesStats();
  const humidity = new SeriesStats();
  const battery = new SeriesStats();
  const perBeacon = new Map<number, [number, number][]>();
  const rows = detections.map((d) => {
    temp.add(d.temperatureC);
    humidity.add(d.humidityPct);
    battery.add(d.batteryPct);
    let points = perBeacon.get(d.beaconId);
    if (!points) perBeacon.set(d.beaconId, (points = []));
    points.push([d.t, d.temperatureC]);
    return detectionRow(fleet, d);
  });
  const assetIds = [...new Set(detections.map((d) => d.assetId))];
  const chartBeacons = [...perBeacon.entries()].slice(0, MAX_BEACON_SERIES);
  const charts: ReportChart[] = [
    {
      title: 'Temperature at the beacons',
      kind: 'line',
      xAxis: 'time',
      yLabel: 'Temperature',
      yUnit: '°C',
      series: chartBeacons.map(([id, points]) => ({
        name: beaconName(fleet, id),
        points: thinSeries(points, Math.floor(2000 / chartBeacons.length)),
      })),
    },
  ];
  const print = thinForPrint(rows, 't', [{ key: 'beacon', label: 'beacon' }]);

  return reportDocument(ctx, 'beacon_environment', {
    period,
    assets: asset ? [assetRef(asset)] : assetIds.map((id) => ({ id, name: assetName(fleet, id) })),
    summary: [
      summaryItem('Detections', detections.length, 'integer'),
      summaryItem('Beacons seen', perBeacon.size, 'integer'),
      ...(asset ? [] : [summaryItem('Detected by assets', assetIds.length, 'integer')]),
      summaryItem('Minimum temperature', orNull(temp.minOrNull, 1), 'number', '°C', 1),
      summaryItem('Maximum temperature', orNull(temp.maxOrNull, 1), 'number', '°C', 1),
      summaryItem('Average temperature', orNull(temp.mean, 1), 'number', '°C', 1),
      summaryItem('Minimum humidity', orNull(humidity.minOrNull, 1), 'number', '%', 1),
      summaryItem('Maximum humidity', orNull(humidity.maxOrNull, 1), 'number', '%', 1),
      summaryItem('Average humidity', orNull(humidity.mean, 1), 'number', '%', 1),
      summaryItem('Lowest battery', orNull(battery.minOrNull, 0), 'number', '%', 0),
    ],
    tables: [
      { key: 'detections', title: 'Beacon detections', columns: detectionColumns, rows, ...(print ?? {}) },
    ],
    charts,
  });
}
