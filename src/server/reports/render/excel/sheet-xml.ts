import type { SharedStrings } from './shared-strings';

/** What a worksheet's XML says around its rows (ECMA-376 part 1, §18.3.1.99: element order matters). */
export interface SheetFrame {
  readonly columnWidths: readonly number[];
  /** Rows written, header included: the sheet's dimension and the autofilter's range. */
  readonly rowCount: number;
  readonly frozenHeader: boolean;
  readonly autoFilter: boolean;
  /** ARGB, e.g. FF1F6FB2. */
  readonly tabColor?: string;
}

/** A cell's value as the sheet stores it: numbers (dates already serials), booleans, texts. */
export type SheetValue = string | number | boolean | null;

/** "A", "B", … "Z", "AA": the column part of a cell reference. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

export function sheetHead(frame: SheetFrame): string {
  const lastCol = columnLetters(Math.max(0, frame.columnWidths.length - 1));
  const pane = frame.frozenHeader
    ? '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
      '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>'
    : '';
  const cols = frame.columnWidths
    .map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`)
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    (frame.tabColor ? `<sheetPr><tabColor rgb="${frame.tabColor}"/></sheetPr>` : '') +
    `<dimension ref="A1:${lastCol}${Math.max(1, frame.rowCount)}"/>` +
    `<sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews>` +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols ? `<cols>${cols}</cols>` : '') +
    '<sheetData>'
  );
}

export function sheetTail(frame: SheetFrame): string {
  const filter = frame.autoFilter ? `<autoFilter ref="${autoFilterRange(frame)}"/>` : '';
  return `</sheetData>${filter}</worksheet>`;
}

/** A1:G259201: the header row and every row under it. */
export function autoFilterRange(frame: SheetFrame): string {
  const lastCol = columnLetters(Math.max(0, frame.columnWidths.length - 1));
  return `A1:${lastCol}${Math.max(1, frame.rowCount)}`;
}

/**
 * One cell; `ref` null gives the cell without its reference, for
 * column-cells.ts to put one in, so it is always written, if only as <c/>.
 * Non-finite numbers have no spreadsheet form and stay empty.
 */
export function cellXml(
  ref: string | null,
  value: SheetValue,
  style: number,
  strings: SharedStrings,
): string {
  const at = ref === null ? '' : ` r="${ref}"`;
  const s = style > 0 ? `${at} s="${style}"` : at;
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? `<c${s}><v>${value}</v></c>` : `<c${s}/>`;
    case 'boolean':
      return `<c${s} t="b"><v>${value ? 1 : 0}</v></c>`;
    case 'string':
      return `<c${s} t="s"><v>${strings.index(value)}</v></c>`;
    default:
      return ref === null || s ? `<c${s}/>` : '';
  }
}
