import { FILE_EXTENSIONS, type ReportFormat, type ReportType } from '../../shared/interface';

/** A name safe in every file system and header: ASCII letters, digits and dashes. */
export function filenameSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug === '' ? 'report' : slug;
}

/** Spec 2.4: <type>_<asset-name>_<YYYYMMDD>_<YYYYMMDD>.<ext>. */
export function reportFilename(
  type: ReportType,
  subjectName: string,
  dateFrom: string,
  dateTo: string,
  format: ReportFormat,
): string {
  const compact = (d: string): string => d.replaceAll('-', '');
  return `${type}_${filenameSlug(subjectName)}_${compact(dateFrom)}_${compact(dateTo)}.${FILE_EXTENSIONS[format]}`;
}

/** RFC 6266 / 5987: a plain ASCII filename plus the UTF-8 form. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
