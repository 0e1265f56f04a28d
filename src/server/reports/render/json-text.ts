import type { ColumnKind, ReportCell, ReportDocument, ReportTable } from '../report-document';
import { isoDate } from './cell-values';
import { isoTimeFormatter } from './iso-time-text';
import { jsonColumns, jsonHead } from './json';
import { TextChunks } from './text-chunks';

/**
 * The json format written as text, row by row: the same content as
 * JSON.stringify(toJsonContent(doc)) (json-report.test.ts holds them equal)
 * without first building an object per row, which for a 30-day trail meant
 * 259,200 objects and 1.8 million keys to create, walk and collect.
 */
export function jsonReportText(doc: ReportDocument): Buffer[] {
  const [main, ...others] = doc.tables;
  const out = new TextChunks();
  const head = JSON.stringify(jsonHead(doc));
  // The head is an object literal; its closing brace moves to the very end.
  out.push(head.slice(0, -1));
  out.push(',"rows":');
  if (main) writeRows(out, main);
  else out.push('[]');
  if (main) out.push(`,"table_title":${JSON.stringify(main.title)}`);
  if (others.length > 0) {
    out.push(',"tables":[');
    others.forEach((table, i) => {
      const meta = JSON.stringify({
        key: table.key,
        title: table.title,
        columns: jsonColumns(table.columns),
      });
      out.push(`${i > 0 ? ',' : ''}${meta.slice(0, -1)},"rows":`);
      writeRows(out, table);
      out.push('}');
    });
    out.push(']');
  }
  out.push('}');
  return out.done();
}

function writeRows(out: TextChunks, table: ReportTable): void {
  const keys = table.columns.map((c) => c.key);
  const cells = table.columns.map((c) => cellJsonWriter(c.kind));
  // `{"t":` for the first key, `,"lat":` for the others: written once, not per row.
  const prefixes = keys.map((k, i) => `${i === 0 ? '{' : ','}${JSON.stringify(k)}:`);
  const width = keys.length;
  out.push('[');
  for (let r = 0; r < table.rows.length; r++) {
    const row = table.rows[r]!;
    let text = r === 0 ? '' : ',';
    for (let c = 0; c < width; c++) text += prefixes[c]! + cells[c]!(row[keys[c]!] ?? null);
    out.push(width === 0 ? `${text}{}` : `${text}}`);
  }
  out.push(']');
}

/**
 * One column's cells as JSON.stringify(jsonCell(value, kind)) would write
 * them: times as ISO strings, non-finite numbers as null. A column repeats
 * its value often (a parked truck's position and zero speed for hours), so
 * the last value's text is kept.
 */
function cellJsonWriter(kind: ColumnKind): (value: ReportCell) => string {
  const iso = isoTimeFormatter();
  let lastValue: ReportCell | undefined;
  let lastText = '';
  const text = (value: ReportCell): string => {
    switch (typeof value) {
      case 'number':
        if (!Number.isFinite(value)) return 'null';
        if (kind === 'datetime') return `"${iso(value)}"`;
        if (kind === 'date') return `"${isoDate(value)}"`;
        return String(value);
      case 'boolean':
        return value ? 'true' : 'false';
      case 'string':
        return JSON.stringify(value);
      default:
        return 'null';
    }
  };
  return (value) => {
    if (value !== lastValue) {
      lastValue = value;
      lastText = text(value);
    }
    return lastText;
  };
}
