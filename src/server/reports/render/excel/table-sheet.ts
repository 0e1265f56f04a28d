import { cellOf, tableColumns, type TableColumns } from '../../column-values';
import type { ReportTable } from '../../report-document';
import { columnCellWriter } from './column-cells';
import { columnWidth, excelHeader, numFmtFor } from './excel-cells';
import type { SharedStrings } from './shared-strings';
import { autoFilterRange, cellXml, columnLetters, sheetHead, sheetTail, type SheetFrame } from './sheet-xml';
import type { XlsxStyles } from './xlsx-styles';
import { asciiBytes, copyBytes, writeDigits } from '../ascii-writers';
import { TextChunks } from '../text-chunks';

/** Column widths are measured on this many rows, evenly spread. */
const WIDTH_SAMPLE = 500;
/** Room for `<row r="1048576">` or `</row>`, and for one cell: its reference, style, a number or index. */
const ROW_EDGE_ROOM = 32;
const CELL_ROOM = 128;
/** Digits of a row number: a sheet has at most 1,048,576 rows. */
const ROW_DIGITS_ROOM = 8;

/**
 * One table as a sheet: typed cells under a frozen, filtered header row.
 * Written as XML text straight from the rows (a 30-day trail is 1.8 million
 * cells): no cell objects, one style index per column. The XML comes out
 * chunk by chunk as the zip asks for it, so it is deflated while the rest
 * is written; the styles and shared strings it uses are complete once the
 * last chunk is out.
 */
export function tableSheet(
  table: ReportTable,
  styles: XlsxStyles,
  strings: SharedStrings,
): { content: () => Generator<Buffer>; autoFilter: string } {
  const cells = tableColumns(table);
  const frame = sheetFrame(table, cells);
  return {
    content: () => sheetXml(table, cells, frame, styles, strings),
    autoFilter: autoFilterRange(frame),
  };
}

function sheetFrame(table: ReportTable, { rowCount, columns }: TableColumns): SheetFrame {
  const stride = Math.max(1, Math.floor(rowCount / WIDTH_SAMPLE));
  return {
    columnWidths: table.columns.map((c, i) => {
      const sample = [];
      for (let r = 0; r < rowCount; r += stride) sample.push(cellOf(columns[i]!, r));
      return columnWidth(c, sample);
    }),
    rowCount: rowCount + 1,
    frozenHeader: true,
    autoFilter: true,
  };
}

function* sheetXml(
  table: ReportTable,
  { rowCount, columns }: TableColumns,
  frame: SheetFrame,
  styles: XlsxStyles,
  strings: SharedStrings,
): Generator<Buffer> {
  const cols = table.columns;
  const out = new TextChunks();
  out.push(sheetHead(frame));

  const letters = cols.map((_, c) => columnLetters(c));
  const headerStyle = styles.index({ font: 'header', fill: 'header' });
  let header = '<row r="1">';
  cols.forEach((c, i) => (header += cellXml(`${letters[i]!}1`, excelHeader(c), headerStyle, strings)));
  out.push(`${header}</row>`);

  const writers = cols.map((c, i) => {
    const numFmt = numFmtFor(c.kind, c.decimals);
    return columnCellWriter(columns[i]!, c.kind, numFmt ? styles.index({ numFmt }) : 0, strings);
  });
  // `<c r="B` before a cell's row number: the reference is the column's letters and the row's digits.
  const cellOpen = letters.map((l) => asciiBytes(`<c r="${l}`));
  const rowOpen = asciiBytes('<row r="');
  const rowOpened = asciiBytes('">');
  const rowClose = asciiBytes('</row>');
  const width = cols.length;
  // The row's number is in its tag and in every cell's reference: turned into digits once a row.
  const rowDigits = new Uint8Array(ROW_DIGITS_ROOM);
  for (let r = 0; r < rowCount; r++) {
    const digits = writeDigits(rowDigits, 0, r + 2);
    let at = out.reserve(ROW_EDGE_ROOM);
    let buf = out.current;
    out.commit(copyBytes(buf, copyBytes(buf, copyBytes(buf, at, rowOpen), rowDigits, digits), rowOpened));
    for (let c = 0; c < width; c++) {
      at = out.reserve(CELL_ROOM);
      buf = out.current;
      at = copyBytes(buf, copyBytes(buf, at, cellOpen[c]!), rowDigits, digits);
      const end = writers[c]!.write(buf, at, r);
      out.commit(end >= 0 ? end : at);
      if (end < 0) out.push(writers[c]!.text(r));
    }
    at = out.reserve(ROW_EDGE_ROOM);
    out.commit(copyBytes(out.current, at, rowClose));
    if (out.fullCount > 0) yield* out.takeFull();
  }
  out.push(sheetTail(frame));
  yield* out.done();
}
