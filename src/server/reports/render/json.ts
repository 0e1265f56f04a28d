import type { JsonReportContent, JsonReportTable } from '../../../shared/interface';
import type {
  ReportColumn,
  ReportDocument,
  ReportRow,
  ReportSummaryItem,
  ReportTable,
} from '../report-document';
import { isoDateTime, jsonCell } from './cell-values';

/**
 * The json format (spec 2.6): summary, the main table as columns/rows and the
 * further tables in `tables`. Every row is carried, never the printed view.
 */
export function toJsonContent(doc: ReportDocument): JsonReportContent {
  const [main, ...others] = doc.tables;
  return {
    ...jsonHead(doc),
    rows: main ? jsonRows(main) : [],
    ...(main ? { table_title: main.title } : {}),
    ...(others.length > 0 ? { tables: others.map(jsonTable) } : {}),
  };
}

/** Everything before the rows, in the order the file has it; json-text.ts writes the rest as text. */
export function jsonHead(doc: ReportDocument): Omit<JsonReportContent, 'rows' | 'table_title' | 'tables'> {
  const main = doc.tables[0];
  return {
    report_id: doc.reportId,
    type: doc.type,
    title: doc.title,
    period: { from: doc.periodFrom, to: doc.periodTo },
    generated_at: isoDateTime(doc.generatedAt),
    assets: doc.assets.map((a) => ({ id: a.id, name: a.name })),
    summary: summaryRecord(doc.summary),
    columns: main ? jsonColumns(main.columns) : [],
  };
}

/** How a unit reads in a json key; a scale such as 0–100 adds nothing to "score". */
const UNIT_KEYS: Readonly<Record<string, string>> = {
  'km/h': 'kmh',
  'l/100 km': 'l_per_100km',
  '°C': 'c',
  '%': 'pct',
  '0–100': '',
};

/** "Maximum speed" in km/h → maximum_speed_kmh; durations are seconds → moving_time_s. */
export function summaryKey(item: ReportSummaryItem): string {
  const unit = item.kind === 'duration_s' ? 's' : (item.unit ?? '');
  return `${item.label} ${UNIT_KEYS[unit] ?? unit}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

function summaryRecord(items: readonly ReportSummaryItem[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of items) {
    let key = summaryKey(item);
    for (let n = 2; key in out; n++) key = `${summaryKey(item)}_${n}`;
    out[key] = jsonCell(item.value, item.kind);
  }
  return out;
}

/** A duration column says its unit ("s") as the summary's `_s` keys do, so a reader can show it as a duration. */
const jsonUnit = (c: ReportColumn): string | undefined =>
  c.unit ?? (c.kind === 'duration_s' ? 's' : undefined);

export const jsonColumns = (columns: readonly ReportColumn[]): JsonReportContent['columns'] =>
  columns.map((c) => {
    const unit = jsonUnit(c);
    return { key: c.key, label: c.label, ...(unit !== undefined ? { unit } : {}) };
  });

/** Rows keyed by the table's columns, in column order; times as ISO strings. */
function jsonRows(table: ReportTable): Record<string, unknown>[] {
  const keys = table.columns.map((c) => c.key);
  const kinds = table.columns.map((c) => c.kind);
  return table.rows.map((row: ReportRow) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) out[keys[i]!] = jsonCell(row[keys[i]!] ?? null, kinds[i]!);
    return out;
  });
}

const jsonTable = (table: ReportTable): JsonReportTable => ({
  key: table.key,
  title: table.title,
  columns: jsonColumns(table.columns),
  rows: jsonRows(table),
});
