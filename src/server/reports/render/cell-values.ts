import type { ColumnKind, ReportCell } from '../report-document';

/** datetime cells are epoch ms (report-document.ts); json carries them as ISO 8601 UTC strings. */
export const isoDateTime = (ms: number): string => new Date(ms).toISOString();
export const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The value a cell has in json: times as ISO strings, everything else as is. */
export function jsonCell(value: ReportCell, kind: ColumnKind): ReportCell {
  if (typeof value !== 'number') return value;
  if (kind === 'datetime') return isoDateTime(value);
  if (kind === 'date') return isoDate(value);
  return value;
}
