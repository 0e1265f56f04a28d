import { REPORT_CATALOGUE, type ReportRequestInput } from '../../../shared/interface';

/** What the user sees in the list before the service names the report. */
export function reportTitle(request: ReportRequestInput, subjectName: string | null): string {
  if (request.title) return request.title;
  const label = REPORT_CATALOGUE[request.type].label;
  const period =
    request.date_from === request.date_to ? request.date_from : `${request.date_from} – ${request.date_to}`;
  return subjectName ? `${label} · ${subjectName} · ${period}` : `${label} · ${period}`;
}

/** The subject's name as the service would put it in a filename; ids when the name is unknown. */
export function subjectName(request: ReportRequestInput, assetName: (id: number) => string | null): string {
  if (request.asset_ids && request.asset_ids.length > 1) return `${request.asset_ids.length} assets`;
  const assetId = request.asset_id ?? request.asset_ids?.[0];
  if (assetId !== undefined) return assetName(assetId) ?? `asset ${assetId}`;
  if (request.beacon_id !== undefined) return `beacon ${request.beacon_id}`;
  if (request.driver_id !== undefined) return `driver ${request.driver_id}`;
  return 'report';
}
