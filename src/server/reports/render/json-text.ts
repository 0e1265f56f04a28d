import { cellOf, tableColumns } from '../column-values';
import type { ColumnKind, ColumnValues, ReportDocument, ReportTable } from '../report-document';
import { jsonCell } from './cell-values';
import { isoTimeByteWriter } from './iso-time-text';
import { jsonColumns, jsonHead } from './json';
import { asciiBytes, copyBytes, writeNumber } from './ascii-writers';
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

/** Room for one cell written in place: its key, an ISO time or a number, a short text. */
const CELL_ROOM = 256;
const [COMMA, OPEN, CLOSE, QUOTE] = [44, 123, 125, 34];

function writeRows(out: TextChunks, table: ReportTable): void {
  const { rowCount, columns } = tableColumns(table);
  const kinds = table.columns.map((c) => c.kind);
  const cells = columns.map((values, c) => cellJsonWriter(values, kinds[c]!));
  // `"t":` for the first key, `,"lat":` for the others: encoded once, not per row.
  const prefixes = table.columns.map((c, i) =>
    Buffer.from(`${i === 0 ? '' : ','}${JSON.stringify(c.key)}:`, 'utf8'),
  );
  const room = prefixes.map((p) => p.byteLength + CELL_ROOM);
  const width = columns.length;
  out.push('[');
  for (let r = 0; r < rowCount; r++) {
    let at = out.reserve(2);
    let buf = out.current;
    if (r > 0) buf[at++] = COMMA;
    buf[at++] = OPEN;
    out.commit(at);
    for (let c = 0; c < width; c++) {
      at = out.reserve(room[c]!);
      buf = out.current;
      at = copyBytes(buf, at, prefixes[c]!);
      const end = cells[c]!(buf, at, r);
      out.commit(end >= 0 ? end : at);
      if (end < 0) out.push(JSON.stringify(jsonCell(cellOf(columns[c]!, r), kinds[c]!)) ?? 'null');
    }
    at = out.reserve(1);
    out.current[at] = CLOSE;
    out.commit(at + 1);
  }
  out.push(']');
}

const TRUE = asciiBytes('true');
const FALSE = asciiBytes('false');
const NULL = asciiBytes('null');

/** Writes row `r`'s cell in place and returns the index after it, or -1 to leave it to JSON.stringify. */
type CellJsonWriter = (buf: Uint8Array, at: number, r: number) => number;

/**
 * Writes one column's cells in place as JSON.stringify(jsonCell(value, kind))
 * would write them: times as ISO strings, non-finite numbers as null. A
 * column of numbers, booleans or labels (column-values.ts) is read from its
 * typed array; a text column repeats its value often (a trail's movement),
 * so a text's bytes are kept. Dates and long texts are left to JSON.stringify.
 */
function cellJsonWriter(column: ColumnValues, kind: ColumnKind): CellJsonWriter {
  switch (column.type) {
    case 'numbers': {
      const values = column.values;
      const number = numberJsonWriter(kind);
      return (buf, at, r) => number(buf, at, values[r]!);
    }
    case 'booleans': {
      const values = column.values;
      return (buf, at, r) => copyBytes(buf, at, values[r] === 1 ? TRUE : FALSE);
    }
    case 'labels': {
      const values = column.values;
      const texts = column.labels.map(textJsonBytes);
      return (buf, at, r) => {
        const text = texts[values[r]!]!;
        return text.byteLength <= CELL_ROOM ? copyBytes(buf, at, text) : -1;
      };
    }
    case 'cells': {
      const values = column.values;
      const number = numberJsonWriter(kind);
      let lastText: string | undefined;
      let lastBytes = NULL;
      return (buf, at, r) => {
        const value = values[r] ?? null;
        switch (typeof value) {
          case 'number':
            return number(buf, at, value);
          case 'boolean':
            return copyBytes(buf, at, value ? TRUE : FALSE);
          case 'string':
            if (value !== lastText) {
              lastText = value;
              lastBytes = textJsonBytes(value);
            }
            return lastBytes.byteLength <= CELL_ROOM ? copyBytes(buf, at, lastBytes) : -1;
          default:
            return copyBytes(buf, at, NULL);
        }
      };
    }
  }
}

const textJsonBytes = (text: string): Buffer => Buffer.from(JSON.stringify(text), 'utf8');

function numberJsonWriter(kind: ColumnKind): (buf: Uint8Array, at: number, value: number) => number {
  const iso = isoTimeByteWriter();
  return (buf, at, value) => {
    if (!Number.isFinite(value)) return copyBytes(buf, at, NULL);
    if (kind === 'date') return -1;
    if (kind !== 'datetime') return writeNumber(buf, at, value);
    buf[at] = QUOTE;
    const end = iso(buf, at + 1, value);
    if (end < 0) return -1;
    buf[end] = QUOTE;
    return end + 1;
  };
}
