import { FILE_EXTENSIONS, REPORT_CATALOGUE, type ReportRequestInput } from '../../../shared/interface';

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

/**
 * Spec 2.4's form <type>_<asset-name>_<YYYYMMDD>_<YYYYMMDD>.<ext>, for json
 * reports, whose download has no filename (the content comes directly).
 */
export function specFilename(request: ReportRequestInput, subject: string): string {
  const compact = (d: string): string => d.replaceAll('-', '');
  const ext = FILE_EXTENSIONS[request.format];
  return `${request.type}_${slug(subject)}_${compact(request.date_from)}_${compact(request.date_to)}.${ext}`;
}

function slug(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return s === '' ? 'report' : s;
}
