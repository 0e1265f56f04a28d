import type { ReportDocument } from '../../report-document';
import { headingLines } from '../report-heading';
import { excelValue, numFmtFor } from './excel-cells';
import type { SharedStrings } from './shared-strings';
import { cellXml, columnLetters, sheetHead, sheetTail, type SheetFrame, type SheetValue } from './sheet-xml';
import type { CellLook, XlsxStyles } from './xlsx-styles';
import { TextChunks } from '../text-chunks';

/** Texts longer than this (a scoring formula) wrap instead of running across the sheet. */
const LONG_TEXT = 40;

type Cell = readonly [SheetValue, CellLook?];

/** The first sheet: title, what/who/when, then each summary item with its value typed and its unit. */
export function summarySheet(report: ReportDocument, styles: XlsxStyles, strings: SharedStrings): Buffer[] {
  const header: CellLook = { font: 'header', fill: 'header' };
  const rows: (readonly Cell[])[] = [[[report.title, { font: 'title' }]], []];
  for (const line of headingLines(report)) rows.push([[line.label, { font: 'bold' }], [line.value]]);
  rows.push(
    [],
    [
      ['Summary', header],
      ['Value', header],
      ['Unit', header],
    ],
  );
  for (const item of report.summary) {
    const unit = item.kind === 'duration_s' ? 'h:mm:ss' : (item.unit ?? '');
    const numFmt = numFmtFor(item.kind, item.decimals);
    const long = typeof item.value === 'string' && item.value.length > LONG_TEXT;
    const look: CellLook = { ...(numFmt ? { numFmt } : {}), align: long ? 'wrap' : 'right' };
    rows.push([[item.label], [excelValue(item.value, item.kind), look], [unit || null]]);
  }

  const frame: SheetFrame = {
    columnWidths: [30, 40, 12],
    rowCount: rows.length,
    frozenHeader: false,
    autoFilter: false,
    tabColor: 'FF1F6FB2',
  };
  const out = new TextChunks();
  out.push(sheetHead(frame));
  rows.forEach((cells, r) => {
    if (cells.length === 0) return;
    let xml = `<row r="${r + 1}">`;
    cells.forEach(([value, look], c) => {
      xml += cellXml(`${columnLetters(c)}${r + 1}`, value, look ? styles.index(look) : 0, strings);
    });
    out.push(`${xml}</row>`);
  });
  out.push(sheetTail(frame));
  return out.done();
}
