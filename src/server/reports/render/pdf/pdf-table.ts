import type { PdfCursor } from './pdf-cursor';
import { PDF_STYLE } from './pdf-style';
import { layoutTable, type PreparedTable, type TableLayout } from './table-layout';
import { LINE_HEIGHT } from './text/pdf-text';

const S = PDF_STYLE;

/** A cell's text as printed: shortened with an ellipsis when wider than its column (table-layout.ts). */
export function cellInColumn(cur: PdfCursor, text: string, layout: TableLayout, c: number): string {
  return cur.text.fit(text, S.font, S.tableFontSize, layout.width[c]! - 2 * S.cellPadding);
}

/** A table that pages cleanly: repeated, wrapped header row on every page, zebra rows, numbers right-aligned. */
export function drawTable(cur: PdfCursor, t: PreparedTable): void {
  const { doc, text } = cur;
  const size = S.tableFontSize;
  const layout = layoutTable(t, cur.width, (s, style) => text.width(s, style, size));
  const titleBlock = (continued: boolean): void => {
    cur.line(continued ? `${t.table.title} (continued)` : t.table.title, cur.left, cur.y, S.bold, 11);
    cur.y += 16;
  };
  const cell = (
    s: string,
    c: number,
    y: number,
    style: typeof S.font | typeof S.bold,
    colour: string | null,
  ): void => {
    const inner = layout.width[c]! - 2 * S.cellPadding;
    const x = cur.left + layout.x[c]! + S.cellPadding;
    text.draw(s, x, y, style, size, colour, t.numeric[c] ? inner : null);
  };
  const headerRow = (): void => {
    doc.rect(cur.left, cur.y, cur.width, layout.headerHeight).fill(S.headerFill);
    const lines = Math.max(...layout.headerLines.map((l) => l.length));
    const top = cur.y + (layout.headerHeight - lines * LINE_HEIGHT * size) / 2 + 0.1 * size;
    layout.headerLines.forEach((headerLines, c) =>
      headerLines.forEach((line, i) => cell(line, c, top + i * LINE_HEIGHT * size, S.bold, S.headerText)),
    );
    cur.y += layout.headerHeight;
  };

  // Title, note, header and a few rows stay together.
  cur.ensure(16 + (t.table.printNote ? 14 : 0) + layout.headerHeight + 3 * S.rowHeight);
  titleBlock(false);
  if (t.table.printNote) {
    cur.paragraph(t.table.printNote, S.italic, 7.5, S.muted);
    cur.y += 4;
  }
  if (t.cells.length === 0) {
    cur.line('No rows in this period.', cur.left, cur.y, S.italic, 8, S.muted);
    cur.y += 18;
    return;
  }
  headerRow();
  const rowTop = (S.rowHeight - size) / 2;
  for (let r = 0; r < t.cells.length; r++) {
    if (cur.ensure(S.rowHeight)) {
      titleBlock(true);
      headerRow();
    }
    if (r % 2 === 1) doc.rect(cur.left, cur.y, cur.width, S.rowHeight).fill(S.zebra);
    doc.fillColor(S.text);
    t.cells[r]!.forEach((s, c) => cell(cellInColumn(cur, s, layout, c), c, cur.y + rowTop, S.font, null));
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
