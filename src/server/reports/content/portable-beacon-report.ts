import type { BuildContext, ReportDocument, ReportRow } from '../report-document';
import { NoDataError } from '../report-document';
import type { BeaconDetection } from '../../sim/types';
import { assetName, detectionColumns, detectionRow } from './beacon-environment-report';
import { placeName } from './place-names';
import { thinForPrint } from './print-thinning';
import { column, latColumn, lonColumn, round, summaryItem, timeColumn } from './report-fields';
import { reportDocument } from './report-frame';
import { describePeriod, reportPeriod } from './report-period';
import { requireBeacon } from './report-subject';
import { thinSeries } from './series-thinning';

interface Custody {
  readonly assetId: number;
  readonly first: BeaconDetection;
  last: BeaconDetection;
  count: number;
}

/**
 * spec 2.5 portable_beacon: where a portable tag travelled. Consecutive
 * detections by the same asset form one custody period ("on Van 03 from …
 * to …"), the view a dispatcher asks for; every detection follows.
 */
export function buildPortableBeaconReport(ctx: BuildContext): ReportDocument {
  const { fleet, request } = ctx;
  const period = reportPeriod(request);
  const beacon = requireBeacon(fleet, request.beacon_id);
  const subject = `${beacon.name} (${beacon.mac})`;
  const detections = fleet.beaconDetectionsByBeacon(beacon.id, period.start, period.end);
  if (detections.length === 0) {
    throw new NoDataError(`No detections of ${subject} ${describePeriod(period)}`);
  }
  ctx.onProgress?.(0.5);

  const custody: Custody[] = [];
  for (const d of detections) {
    const open = custody[custody.length - 1];
    if (open && open.assetId === d.assetId) {
      open.last = d;
      open.count++;
    } else custody.push({ assetId: d.assetId, first: d, last: d, count: 1 });
  }
  const custodyRows: ReportRow[] = custody.map((c) => ({
    asset: assetName(fleet, c.assetId),
    from: c.first.t,
    to: c.last.t,
    duration: Math.round((c.last.t - c.first.t) / 1000),
    detections: c.count,
    last_place: placeName(fleet.seed, c.last.lat, c.last.lon),
    lat: round(c.last.lat, 5),
    lon: round(c.last.lon, 5),
  }));
  const rows = detections.map((d) => detectionRow(fleet, d));
  const last = detections[detections.length - 1]!;
  const carriers = [...new Set(detections.map((d) => d.assetId))];
  const print = thinForPrint(rows, 't', [{ key: 'asset', label: 'carrier' }]);

  return reportDocument(ctx, 'portable_beacon', {
    period,
    assets: carriers.map((id) => ({ id, name: assetName(fleet, id) })),
    summary: [
      summaryItem('Beacon', `${beacon.name} (${beacon.mac})`, 'text'),
      summaryItem('Detections', detections.length, 'integer'),
      summaryItem('Carried by assets', carriers.length, 'integer'),
      summaryItem('Custody periods', custody.length, 'integer'),
      summaryItem('First seen', detections[0]!.t, 'datetime'),
      summaryItem('Last seen', last.t, 'datetime'),
      summaryItem('Last seen by', assetName(fleet, last.assetId), 'text'),
      summaryItem('Last seen at', placeName(fleet.seed, last.lat, last.lon), 'text'),
      summaryItem('Battery at last detection', round(last.batteryPct, 0), 'number', '%', 0),
    ],
    tables: [
      {
        key: 'custody',
        title: 'Custody periods',
        columns: [
          column('asset', 'Carried by', 'text'),
          timeColumn('from', 'From'),
          timeColumn('to', 'To'),
          column('duration', 'Duration', 'duration_s'),
          column('detections', 'Detections', 'integer'),
          column('last_place', 'Last place', 'text'),
          latColumn(),
          lonColumn(),
        ],
        rows: custodyRows,
      },
      { key: 'detections', title: 'Detections', columns: detectionColumns, rows, ...(print ?? {}) },
    ],
    charts: [
      {
        title: 'Beacon battery',
        kind: 'line',
        xAxis: 'time',
        yLabel: 'Battery',
        yUnit: '%',
        series: [
          { name: 'Battery', points: thinSeries(detections.map((d) => [d.t, d.batteryPct] as const)) },
        ],
      },
    ],
  });
}
