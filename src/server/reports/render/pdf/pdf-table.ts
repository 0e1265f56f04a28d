import type { ReportTable } from '../../report-document';
import { cellText, headerText, isNumericKind } from '../cell-text';
import { printedRowIndices } from '../printed-rows';
import type { PdfCursor, PdfDoc } from './pdf-cursor';
import { PDF_STYLE } from './pdf-style';
import { fitText, winAnsi } from './pdf-text';

const S = PDF_STYLE;
/** Widths are measured on this many printed rows (evenly spread): enough to see every width. */
const MEASURE_SAMPLE = 400;
const MIN_TEXT_COLUMN = 48;

/**
 * pdfkit reads textWidth and wordCount when given (its _fragment) and then
 * skips measuring the text again; @types/pdfkit does not list them.
 */
type PlacedTextOptions = PDFKit.Mixins.TextOptions & { textWidth: number; wordCount: number };

export interface PreparedTable {
  readonly table: ReportTable;
  readonly header: readonly string[];
  readonly cells: readonly (readonly string[])[];
  readonly natural: readonly number[];
}

export function prepareTable(doc: PdfDoc, table: ReportTable): PreparedTable {
  const indices = printedRowIndices(table);
  const cols = table.columns;
  const cells = indices.map((i) => {
    const row = table.rows[i]!;
    return cols.map((c) => winAnsi(cellText(row[c.key] ?? null, c.kind, c.decimals)));
  });
  const header = cols.map((c) => winAnsi(headerText(c)));
  doc.font(S.bold).fontSize(S.tableFontSize);
  const natural = header.map((h) => doc.widthOfString(h) + 2 * S.cellPadding);
  doc.font(S.font).fontSize(S.tableFontSize);
  const stride = Math.max(1, Math.floor(cells.length / MEASURE_SAMPLE));
  for (let r = 0; r < cells.length; r += stride) {
    const row = cells[r]!;
    for (let c = 0; c < row.length; c++) {
      const w = doc.widthOfString(row[c]!) + 2 * S.cellPadding;
      if (w > natural[c]!) natural[c] = w;
    }
  }
  return { table, header, cells, natural };
}

export const naturalWidth = (t: PreparedTable): number => t.natural.reduce((a, b) => a + b, 0);

/** Fits the columns to the page: spare width is shared out, missing width is taken from text columns. */
function columnWidths(t: PreparedTable, available: number): number[] {
  const total = naturalWidth(t);
  if (total <= available) return t.natural.map((w) => w + (available - total) / t.natural.length);
  const textCols = t.table.columns.map((c) => c.kind === 'text');
  const textTotal = t.natural.reduce((a, w, i) => a + (textCols[i] ? w : 0), 0);
  const fixed = total - textTotal;
  const room = Math.max(0, available - fixed);
  const widths = t.natural.map((w, i) =>
    textCols[i] ? Math.max(MIN_TEXT_COLUMN, (w / textTotal) * room) : w,
  );
  const sum = widths.reduce((a, b) => a + b, 0);
  return sum <= available ? widths : widths.map((w) => (w * available) / sum);
}

/** A table that pages cleanly: repeated header row on every page, zebra rows, numbers right-aligned. */
export function drawTable(cur: PdfCursor, t: PreparedTable): void {
  const { doc } = cur;
  const widths = columnWidths(t, cur.width);
  const numeric = t.table.columns.map((c) => isNumericKind(c.kind));
  const titleBlock = (continued: boolean): void => {
    cur.line(
      winAnsi(continued ? `${t.table.title} (continued)` : t.table.title),
      cur.left,
      cur.y,
      S.bold,
      11,
    );
    cur.y += 16;
  };
  const headerRow = (): void => {
    doc.rect(cur.left, cur.y, cur.width, S.headerHeight).fill(S.headerFill);
    doc.font(S.bold).fontSize(S.tableFontSize).fillColor(S.headerText);
    measureFont = 'b\u0000';
    cellsAt(t.header, cur.y + (S.headerHeight - S.tableFontSize) / 2);
    cur.y += S.headerHeight;
    doc.font(S.font).fontSize(S.tableFontSize);
    measureFont = '';
  };
  // Widths measured once per distinct text and font: pdfkit kerns every
  // measurement, the largest cost of a long table.
  const measured = new Map<string, number>();
  let measureFont = '';
  const measure = (text: string): number => {
    const key = measureFont + text;
    let w = measured.get(key);
    if (w === undefined) {
      w = doc.widthOfString(text);
      measured.set(key, w);
    }
    return w;
  };
  const cellsAt = (texts: readonly string[], y: number): void => {
    let x = cur.left;
    for (let c = 0; c < texts.length; c++) {
      const w = widths[c]!;
      const inner = w - 2 * S.cellPadding;
      let s = texts[c]!;
      let sw = measure(s);
      if (sw > inner) {
        s = fitText(s, inner, measure);
        sw = measure(s);
      }
      const tx = numeric[c] ? x + w - S.cellPadding - sw : x + S.cellPadding;
      const options: PlacedTextOptions = { lineBreak: false, textWidth: sw, wordCount: 1 };
      doc.text(s, tx, y, options);
      x += w;
    }
  };

  // Title, note, header and a few rows stay together.
  cur.ensure(16 + (t.table.printNote ? 14 : 0) + S.headerHeight + 3 * S.rowHeight);
  titleBlock(false);
  if (t.table.printNote) {
    cur.paragraph(winAnsi(t.table.printNote), S.italic, 7.5, S.muted);
    cur.y += 4;
  }
  if (t.cells.length === 0) {
    cur.line('No rows in this period.', cur.left, cur.y, S.italic, 8, S.muted);
    cur.y += 18;
    return;
  }
  headerRow();
  for (let r = 0; r < t.cells.length; r++) {
    if (cur.ensure(S.rowHeight)) {
      titleBlock(true);
      headerRow();
    }
    if (r % 2 === 1) {
      doc.rect(cur.left, cur.y, cur.width, S.rowHeight).fill(S.zebra);
    }
    doc.fillColor(S.text);
    cellsAt(t.cells[r]!, cur.y + (S.rowHeight - S.tableFontSize) / 2);
    cur.y += S.rowHeight;
  }
  doc
    .moveTo(cur.left, cur.y)
    .lineTo(cur.left + cur.width, cur.y)
    .lineWidth(0.5)
    .strokeColor(S.rule)
    .stroke();
  cur.y += 18;
}
