import type { ColumnKind, ReportCell, ReportColumn, ReportSummaryItem } from '../report-document';

/** Builders for columns and summary items, so every report labels units the same way. */
export function column(
  key: string,
  label: string,
  kind: ColumnKind,
  unit?: string,
  decimals?: number,
): ReportColumn {
  return {
    key,
    label,
    kind,
    ...(unit !== undefined ? { unit } : {}),
    ...(decimals !== undefined ? { decimals } : {}),
  };
}

export function summaryItem(
  label: string,
  value: ReportCell,
  kind: ColumnKind,
  unit?: string,
  decimals?: number,
): ReportSummaryItem {
  return {
    label,
    value,
    kind,
    ...(unit !== undefined ? { unit } : {}),
    ...(decimals !== undefined ? { decimals } : {}),
  };
}

/** Times are UTC everywhere (the service's days are UTC days); the header says so. */
export const timeColumn = (key = 't', label = 'Time'): ReportColumn => column(key, label, 'datetime', 'UTC');

export const latColumn = (key = 'lat'): ReportColumn => column(key, 'Latitude', 'number', '°', 5);
export const lonColumn = (key = 'lon'): ReportColumn => column(key, 'Longitude', 'number', '°', 5);

/** Rounds for storage in a cell, so every format shows and sums the same value. */
export const round = (value: number, decimals: number): number => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

export const SEVERITY_LABELS = { low: 'Low', medium: 'Medium', high: 'High' } as const;
