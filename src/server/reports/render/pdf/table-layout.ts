import type { ReportTable } from '../../report-document';
import { cellText, headerText, isNumericKind } from '../cell-text';
import { printedRowIndices } from '../printed-rows';
import { cellReader } from '../../column-values';
import type { FontStyle } from './fonts/font-files';
import { PDF_STYLE } from './pdf-style';
import { breakPieces, wrapLines } from './text/line-breaking';
import { LINE_HEIGHT } from './text/pdf-text';

const S = PDF_STYLE;
/** A text column (place names) may shrink to this and shorten its cells with an ellipsis. */
const MIN_TEXT_COLUMN = 48;
/** Headers wrap to this many lines before any text column is shortened. */
const HEADER_LINES = 3;

export type Measure = (text: string, style: FontStyle) => number;

/** The texts a table prints: its headers and the cells of its printed rows. */
export interface PrintedTable {
  readonly table: ReportTable;
  readonly header: readonly string[];
  readonly cells: readonly (readonly string[])[];
}

/** A table's printed texts and how wide each column would like to be (cell padding included). */
export interface PreparedTable extends PrintedTable {
  readonly numeric: readonly boolean[];
  readonly text: readonly boolean[];
  /** The widest cell of each column. */
  readonly cellWidth: readonly number[];
  /** Each header on one line. */
  readonly headerWidth: readonly number[];
  /** Each header in at most HEADER_LINES lines. */
  readonly headerShortWidth: readonly number[];
  /** Each header's widest word: the narrowest it wraps to. */
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

export function printedTable(table: ReportTable): PrintedTable {
  const cols = table.columns;
  const { rowCount, cell } = cellReader(table);
  const cells = printedRowIndices(table, rowCount).map((i) =>
    cols.map((c, j) => cellText(cell(i, j), c.kind, c.decimals)),
  );
  return { table, header: cols.map((c) => headerText(c)), cells };
}

export function prepareTable({ table, header, cells }: PrintedTable, measure: Measure): PreparedTable {
  const pad = 2 * S.cellPadding;
  const cellWidth = table.columns.map(() => pad);
  for (const row of cells) {
    row.forEach((text, c) => (cellWidth[c] = Math.max(cellWidth[c]!, pad + measure(text, 'regular'))));
  }
  const bold = (s: string): number => measure(s, 'bold');
  const headerWordWidth = header.map(
    (h) => pad + Math.max(0, ...breakPieces(h).map((p) => bold(p.trimEnd()))),
  );
  return {
    table,
    header,
    cells,
    numeric: table.columns.map((c) => isNumericKind(c.kind)),
    text: table.columns.map((c) => c.kind === 'text'),
    cellWidth,
    headerWidth: header.map((h) => pad + bold(h)),
    headerShortWidth: header.map(
      (h, c) => pad + narrowestIn(h, HEADER_LINES, headerWordWidth[c]! - pad, bold),
    ),
    headerWordWidth,
  };
}

/** The narrowest width (to 0.5 pt) at which `text` wraps into at most `lines` lines. */
function narrowestIn(text: string, lines: number, atLeast: number, measure: (s: string) => number): number {
  let lo = atLeast;
  let hi = Math.max(atLeast, measure(text));
  while (hi - lo > 0.5) {
    const mid = (lo + hi) / 2;
    if (wrapLines(text, mid, measure).length <= lines) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Each column at the width that shows its cells whole and its header in a few lines. */
const comfortableWidths = (t: PreparedTable): number[] =>
  t.cellWidth.map((w, c) => Math.max(w, t.headerShortWidth[c]!));

/** Wider than a portrait page even so: the document turns landscape. */
export const comfortableWidth = (t: PreparedTable): number => sum(comfortableWidths(t));

const sum = (ws: readonly number[]): number => ws.reduce((a, b) => a + b, 0);

/**
 * Column widths for `available` points, giving up readability in this
 * order: first headers wrap (to three lines), then text columns shrink
 * (their cells end in "…"), then headers wrap to one word a line, and only
 * a table too wide even then is scaled down as a whole. Numbers, times and
 * durations keep their full width as long as anything else can give.
 */
export function layoutTable(t: PreparedTable, available: number, measure: Measure): TableLayout {
  const natural = t.cellWidth.map((w, c) => Math.max(w, t.headerWidth[c]!));
  const comfortable = comfortableWidths(t);
  const shortText = (header: readonly number[]): number[] =>
    t.cellWidth.map((w, c) => Math.max(header[c]!, t.text[c] ? Math.min(w, MIN_TEXT_COLUMN) : w));
  const steps = [natural, comfortable, shortText(t.headerShortWidth), shortText(t.headerWordWidth)];
  let width: number[] | undefined;
  if (sum(natural) <= available) width = natural.map((w) => w + (available - sum(natural)) / natural.length);
  for (let i = 1; !width && i < steps.length; i++) {
    if (sum(steps[i]!) <= available) width = shrinkToward(steps[i - 1]!, steps[i]!, available);
  }
  const least = steps.at(-1)!;
  width ??= least.map((w) => (w * available) / sum(least));

  const x: number[] = [];
  let left = 0;
  for (const w of width) {
    x.push(left);
    left += w;
  }
  const bold = (s: string): number => measure(s, 'bold');
  const headerLines = t.header.map((h, c) => wrapLines(h, width[c]! - 2 * S.cellPadding, bold));
  const lines = Math.max(1, ...headerLines.map((l) => l.length));
  const headerHeight = Math.max(S.headerHeight, lines * LINE_HEIGHT * S.tableFontSize + 7);
  return { x, width, headerLines, headerHeight };
}

/** From `from` toward `to`, each column giving up the same share of what it can give, to total `available`. */
function shrinkToward(from: readonly number[], to: readonly number[], available: number): number[] {
  const slack = sum(from) - sum(to);
  const share = slack > 0 ? Math.min(1, (sum(from) - available) / slack) : 0;
  return from.map((w, c) => Math.max(to[c]!, w - (w - to[c]!) * share));
}
