import { FILE_EXTENSIONS, type ReportFormat, type ReportType } from './report-types';

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

/**
 * Spec 2.4: <type>_<asset-name>_<YYYYMMDD>_<YYYYMMDD>.<ext>. The service names its files so, and the app
 * names a json report's download, which comes without a filename, the same way.
 */
export function specReportFilename(
  type: ReportType,
  subjectName: string,
  dateFrom: string,
  dateTo: string,
  format: ReportFormat,
): string {
  const compact = (d: string): string => d.replaceAll('-', '');
  return `${type}_${filenameSlug(subjectName)}_${compact(dateFrom)}_${compact(dateTo)}.${FILE_EXTENSIONS[format]}`;
}
