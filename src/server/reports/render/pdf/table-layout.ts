import type { ReportTable } from '../../report-document';
import { cellText, headerText, isNumericKind } from '../cell-text';
import { printedRowIndices } from '../printed-rows';
import type { FontStyle } from './fonts/font-files';
import { PDF_STYLE } from './pdf-style';
import { breakPieces, wrapLines } from './text/line-breaking';
import { LINE_HEIGHT } from './text/pdf-text';

const S = PDF_STYLE;
/** A text column (place names) may shrink to this and shorten its cells with an ellipsis. */
const MIN_TEXT_COLUMN = 48;

export type Measure = (text: string, style: FontStyle) => number;

/** A table's printed texts and how wide each column would like to be (padding included). */
export interface PreparedTable extends PrintedTable {
  readonly numeric: readonly boolean[];
  /** The widest cell of each column. */
  readonly cellWidth: readonly number[];
  /** Each header on one line. */
  readonly headerWidth: readonly number[];
  /** Each header's widest word: the narrowest the header wraps to. */
  readonly headerWordWidth: readonly number[];
}

export interface TableLayout {
  /** Left edges, relative to the table's left, and widths; they add up to at most the width given. */
  readonly x: readonly number[];
  readonly width: readonly number[];
  /** Each header wrapped into its column. */
  readonly headerLines: readonly (readonly string[])[];
  readonly headerHeight: number;
}

/** The texts a table prints: its headers and the cells of its printed rows. */
export interface PrintedTable {
  readonly table: ReportTable;
  readonly header: readonly string[];
  readonly cells: readonly (readonly string[])[];
}

export function printedTable(table: ReportTable): PrintedTable {
  const cols = table.columns;
  const cells = printedRowIndices(table).map((i) => {
    const row = table.rows[i]!;
    return cols.map((c) => cellText(row[c.key] ?? null, c.kind, c.decimals));
  });
  return { table, header: cols.map((c) => headerText(c)), cells };
}

export function prepareTable({ table, header, cells }: PrintedTable, measure: Measure): PreparedTable {
  const pad = 2 * S.cellPadding;
  const cellWidth = table.columns.map(() => pad);
  for (const row of cells) {
    row.forEach((text, c) => (cellWidth[c] = Math.max(cellWidth[c]!, pad + measure(text, 'regular'))));
  }
  return {
    table,
    header,
    cells,
    numeric: table.columns.map((c) => isNumericKind(c.kind)),
    cellWidth,
    headerWidth: header.map((h) => pad + measure(h, 'bold')),
    headerWordWidth: header.map(
      (h) => pad + Math.max(0, ...breakPieces(h).map((p) => measure(p.trimEnd(), 'bold'))),
    ),
  };
}

/** Every column at the width that shows its cells whole and its header on one line. */
export const naturalWidth = (t: PreparedTable): number =>
  t.cellWidth.reduce((sum, w, c) => sum + Math.max(w, t.headerWidth[c]!), 0);

/** Every cell whole, headers wrapped at their spaces: wider than a portrait page turns the document landscape. */
export const wrappedWidth = (t: PreparedTable): number =>
  t.cellWidth.reduce((sum, w, c) => sum + Math.max(w, t.headerWordWidth[c]!), 0);

/**
 * Column widths for `available` points: natural widths and the spare room
 * shared out when they fit; else headers wrap first, then text columns
 * shrink (their cells get an ellipsis), and only a table too wide even
 * then is scaled down as a whole. Numbers, times and durations keep their
 * full width as long as anything else can give.
 */
export function layoutTable(t: PreparedTable, available: number, measure: Measure): TableLayout {
  const n = t.cellWidth.length;
  const natural = t.cellWidth.map((w, c) => Math.max(w, t.headerWidth[c]!));
  const wrapped = t.cellWidth.map((w, c) => Math.max(w, t.headerWordWidth[c]!));
  const text = t.table.columns.map((c) => c.kind === 'text');
  const least = wrapped.map((w, c) =>
    text[c] ? Math.max(t.headerWordWidth[c]!, Math.min(w, MIN_TEXT_COLUMN)) : w,
  );
  const sum = (ws: readonly number[]): number => ws.reduce((a, b) => a + b, 0);

  let width: number[];
  if (sum(natural) <= available) {
    width = natural.map((w) => w + (available - sum(natural)) / n);
  } else if (sum(wrapped) <= available) {
    width = shrinkToward(natural, wrapped, available);
  } else if (sum(least) <= available) {
    width = shrinkToward(wrapped, least, available);
  } else {
    width = least.map((w) => (w * available) / sum(least));
  }
  const x: number[] = [];
  let left = 0;
  for (const w of width) {
    x.push(left);
    left += w;
  }
  const inner = (c: number): number => Math.max(0, width[c]! - 2 * S.cellPadding);
  const headerLines = t.header.map((h, c) => wrapLines(h, inner(c), (s) => measure(s, 'bold')));
  const lines = Math.max(1, ...headerLines.map((l) => l.length));
  const headerHeight = Math.max(S.headerHeight, lines * LINE_HEIGHT * S.tableFontSize + 7);
  return { x, width, headerLines, headerHeight };
}

/** From `from` toward `to`, each column giving up the same share of what it can give, to total `available`. */
function shrinkToward(from: readonly number[], to: readonly number[], available: number): number[] {
  const total = from.reduce((a, b) => a + b, 0);
  const slack = from.reduce((a, w, c) => a + (w - to[c]!), 0);
  const share = slack > 0 ? Math.min(1, (total - available) / slack) : 0;
  return from.map((w, c) => w - (w - to[c]!) * share);
}
