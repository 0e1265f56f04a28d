import type { ReportTable } from '../../report-document';
import { columnCellWriter } from './column-cells';
import { columnWidth, excelHeader, numFmtFor } from './excel-cells';
import type { SharedStrings } from './shared-strings';
import { autoFilterRange, cellXml, columnLetters, sheetHead, sheetTail, type SheetFrame } from './sheet-xml';
import type { XlsxStyles } from './xlsx-styles';
import { TextChunks } from '../text-chunks';

/** Column widths are measured on this many rows, evenly spread. */
const WIDTH_SAMPLE = 500;

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
  const frame = sheetFrame(table);
  return { content: () => sheetXml(table, frame, styles, strings), autoFilter: autoFilterRange(frame) };
}

function sheetFrame(table: ReportTable): SheetFrame {
  const cols = table.columns;
  const rows = table.rows;
  const stride = Math.max(1, Math.floor(rows.length / WIDTH_SAMPLE));
  return {
    columnWidths: cols.map((c) => {
      const sample = [];
      for (let r = 0; r < rows.length; r += stride) sample.push(rows[r]![c.key] ?? null);
      return columnWidth(c, sample);
    }),
    rowCount: rows.length + 1,
    frozenHeader: true,
    autoFilter: true,
  };
}

function* sheetXml(
  table: ReportTable,
  frame: SheetFrame,
  styles: XlsxStyles,
  strings: SharedStrings,
): Generator<Buffer> {
  const cols = table.columns;
  const rows = table.rows;
  const out = new TextChunks();
  out.push(sheetHead(frame));

  const letters = cols.map((_, c) => columnLetters(c));
  const headerStyle = styles.index({ font: 'header', fill: 'header' });
  let header = '<row r="1">';
  cols.forEach((c, i) => (header += cellXml(`${letters[i]!}1`, excelHeader(c), headerStyle, strings)));
  out.push(`${header}</row>`);

  const keys = cols.map((c) => c.key);
  const writers = cols.map((c) => {
    const numFmt = numFmtFor(c.kind, c.decimals);
    return columnCellWriter(c.kind, numFmt ? styles.index({ numFmt }) : 0, strings);
  });
  const width = cols.length;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const n = r + 2;
    let xml = `<row r="${n}">`;
    for (let c = 0; c < width; c++) xml += writers[c]!(row[keys[c]!] ?? null, `${letters[c]!}${n}`);
    out.push(`${xml}</row>`);
    if (out.fullCount > 0) yield* out.takeFull();
  }
  out.push(sheetTail(frame));
  yield* out.done();
}
