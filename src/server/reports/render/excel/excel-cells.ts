import type { ColumnKind, ReportCell, ReportColumn } from '../../report-document';
import { headerText } from '../cell-text';

const MS_PER_DAY = 86_400_000;

/** Number formats: real Excel dates, durations Excel can sum ([h]:mm:ss), numbers with their decimals. */
export function numFmtFor(kind: ColumnKind, decimals?: number): string | undefined {
  switch (kind) {
    case 'datetime':
      return 'yyyy-mm-dd hh:mm:ss';
    case 'date':
      return 'yyyy-mm-dd';
    case 'duration_s':
      return '[h]:mm:ss';
    case 'integer':
      return '#,##0';
    case 'number': {
      const d = decimals ?? 2;
      return d > 0 ? `#,##0.${'0'.repeat(d)}` : '#,##0';
    }
    default:
      return undefined;
  }
}

/** Excel's serial day of 1970-01-01 (1900 date system). */
const UNIX_EPOCH_SERIAL = 25569;

/**
 * The typed value of a cell: times as Excel date serials (UTC, matching the
 * "(UTC)" header) under a date number format, which is what an Excel date
 * is; durations as day fractions; numbers as numbers.
 */
export function excelValue(value: ReportCell, kind: ColumnKind): string | number | boolean | null {
  if (value === null) return null;
  if (typeof value !== 'number') return value;
  return excelNumber(value, kind);
}

/** A number cell as Excel stores it: epoch ms become serial days, seconds become day fractions. */
export function excelNumber(value: number, kind: ColumnKind): number {
  if (kind === 'datetime' || kind === 'date') return UNIX_EPOCH_SERIAL + value / MS_PER_DAY;
  if (kind === 'duration_s') return value / (MS_PER_DAY / 1000);
  return value;
}

/** Durations show as h:mm:ss in Excel, so their header names that unit instead of seconds. */
export const excelHeader = (column: ReportColumn): string =>
  column.kind === 'duration_s' ? `${column.label} (h:mm:ss)` : headerText(column);

const BASE_WIDTH: Partial<Record<ColumnKind, number>> = {
  datetime: 20,
  date: 12,
  duration_s: 12,
  boolean: 10,
};

/** Column width in characters: the header or the widest sampled value, within reason. */
export function columnWidth(column: ReportColumn, sample: readonly ReportCell[]): number {
  const header = excelHeader(column).length + 2;
  let content = BASE_WIDTH[column.kind] ?? 10;
  if (column.kind === 'text') {
    for (const v of sample) if (typeof v === 'string' && v.length + 2 > content) content = v.length + 2;
  }
  return Math.min(60, Math.max(header, content));
}

/** Excel sheet names: at most 31 characters, none of []:*?/\, unique in the workbook. */
export function sheetName(title: string, taken: Set<string>): string {
  const base =
    title
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++)
    name = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
  taken.add(name.toLowerCase());
  return name;
}
