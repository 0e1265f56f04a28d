import type { ColumnKind, ReportCell, ReportDocument, ReportTable } from '../report-document';
import { isoDate, isoDateTime } from './cell-values';
import { ISO_TIME_BYTES, isoTimeByteWriter } from './iso-time-text';
import { jsonColumns, jsonHead } from './json';
import { asciiBytes, TextChunks } from './text-chunks';

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
  // `{"t":` for the first key, `,"lat":` for the others: encoded once, not per row.
  const prefixes = keys.map((k, i) => textBytes(`${i === 0 ? '{' : ','}${JSON.stringify(k)}:`));
  const width = keys.length;
  const rows = table.rows;
  const open = asciiBytes(width === 0 ? '{}' : '');
  const close = asciiBytes(width === 0 ? '' : '}');
  const comma = asciiBytes(',');
  out.push('[');
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    if (r > 0) out.bytes(comma);
    out.bytes(open);
    for (let c = 0; c < width; c++) {
      out.bytes(prefixes[c]!);
      cells[c]!(out, row[keys[c]!] ?? null);
    }
    out.bytes(close);
  }
  out.push(']');
}

const textBytes = (text: string): Uint8Array => Buffer.from(text, 'utf8');
const TRUE = asciiBytes('true');
const FALSE = asciiBytes('false');
const NULL = asciiBytes('null');
const QUOTE = asciiBytes('"');

/**
 * One column's cells as JSON.stringify(jsonCell(value, kind)) would write
 * them: times as ISO strings, non-finite numbers as null. Numbers are written
 * as digits in place (text-chunks.ts); a text column repeats its value often
 * (a trail's movement), so the last text's bytes are kept.
 */
function cellJsonWriter(kind: ColumnKind): (out: TextChunks, value: ReportCell) => void {
  const iso = isoTimeByteWriter();
  let lastText: string | undefined;
  let lastBytes = NULL;
  return (out, value) => {
    switch (typeof value) {
      case 'number':
        if (!Number.isFinite(value)) out.bytes(NULL);
        else if (kind === 'datetime') {
          out.bytes(QUOTE);
          out.written(ISO_TIME_BYTES, iso, value, isoDateTime);
          out.bytes(QUOTE);
        } else if (kind === 'date') out.push(`"${isoDate(value)}"`);
        else out.number(value);
        return;
      case 'boolean':
        out.bytes(value ? TRUE : FALSE);
        return;
      case 'string':
        if (value !== lastText) {
          lastText = value;
          lastBytes = textBytes(JSON.stringify(value));
        }
        out.bytes(lastBytes);
        return;
      default:
        out.bytes(NULL);
    }
  };
}
