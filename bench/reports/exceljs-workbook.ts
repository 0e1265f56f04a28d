import ExcelJS from 'exceljs';
import { Writable } from 'node:stream';
import type {
  ColumnKind,
  ReportCell,
  ReportDocument,
  ReportTable,
} from '../../src/server/reports/report-document';
import {
  columnWidth,
  excelHeader,
  excelValue,
  numFmtFor,
  sheetName,
} from '../../src/server/reports/render/excel/excel-cells';
import { columnLetters } from '../../src/server/reports/render/excel/sheet-xml';
import { headingLines } from '../../src/server/reports/render/report-heading';

/**
 * The excel format written by exceljs's streaming writer instead of our own
 * XML and ZIP code (src/server/reports/render/excel/): the same sheets, cells,
 * number formats, fonts, fills, widths, frozen header and autofilter, so the
 * two can be timed against each other and read back side by side
 * (docs/architecture.md "Why the service writes XLSX itself"). Values go through the same excelValue as
 * ours, so both files store the same numbers.
 */
export interface ExcelJsOptions {
  /** zlib level of the archive: 1 is what zip-archive.ts uses; undefined leaves exceljs's default. */
  readonly deflateLevel?: number;
}

/** Widths are measured on this many rows, evenly spread, as table-sheet.ts does. */
const WIDTH_SAMPLE = 500;
const LONG_TEXT = 40;
const YIELD_EVERY_ROWS = 4096;

const WHITE_BOLD: Partial<ExcelJS.Font> = {
  bold: true,
  size: 11,
  name: 'Calibri',
  color: { argb: 'FFFFFFFF' },
};
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F2937' } };
const HEADER_STYLE: Partial<ExcelJS.Style> = { font: WHITE_BOLD, fill: HEADER_FILL };

/** A cell value exceljs writes as ours does: non-finite numbers have no spreadsheet form and stay empty. */
function cellValue(value: ReportCell, kind: ColumnKind): ExcelJS.CellValue {
  const v = excelValue(value, kind);
  return typeof v === 'number' && !Number.isFinite(v) ? null : v;
}

export async function renderExcelWithExcelJs(
  report: ReportDocument,
  options: ExcelJsOptions = {},
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const finished = new Promise<void>((resolve, reject) => {
    sink.on('finish', resolve);
    sink.on('error', reject);
  });
  const created = new Date(report.generatedAt);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: true,
    ...(options.deflateLevel === undefined ? {} : { zip: { zlib: { level: options.deflateLevel } } }),
  });
  book.creator = 'Fleetdesk';
  book.title = report.title;
  book.created = created;
  book.modified = created;

  const taken = new Set<string>();
  summarySheet(book, sheetName('Summary', taken), report);
  for (const table of report.tables) await tableSheet(book, sheetName(table.title, taken), table);
  await book.commit();
  await finished;
  return Buffer.concat(chunks);
}

function summarySheet(book: ExcelJS.stream.xlsx.WorkbookWriter, name: string, report: ReportDocument): void {
  const ws = book.addWorksheet(name, { properties: { tabColor: { argb: 'FF1F6FB2' } } });
  ws.columns = [{ width: 30 }, { width: 40 }, { width: 12 }];
  ws.addRow([report.title]).getCell(1).font = { bold: true, size: 14, name: 'Calibri' };
  ws.addRow([]);
  for (const line of headingLines(report)) {
    const row = ws.addRow([line.label, line.value]);
    row.getCell(1).font = { bold: true, size: 11, name: 'Calibri' };
  }
  ws.addRow([]);
  const header = ws.addRow(['Summary', 'Value', 'Unit']);
  for (let c = 1; c <= 3; c++) header.getCell(c).style = HEADER_STYLE;
  for (const item of report.summary) {
    const unit = item.kind === 'duration_s' ? 'h:mm:ss' : (item.unit ?? '');
    const row = ws.addRow([item.label, cellValue(item.value, item.kind), unit || null]);
    const value = row.getCell(2);
    const numFmt = numFmtFor(item.kind, item.decimals);
    if (numFmt) value.numFmt = numFmt;
    const long = typeof item.value === 'string' && item.value.length > LONG_TEXT;
    value.alignment = long ? { wrapText: true } : { horizontal: 'right' };
  }
  ws.commit();
}

async function tableSheet(
  book: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  table: ReportTable,
): Promise<void> {
  const cols = table.columns;
  const rows = table.rows;
  const last = rows.length + 1;
  const ws = book.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
  });
  const stride = Math.max(1, Math.floor(rows.length / WIDTH_SAMPLE));
  ws.columns = cols.map((c) => {
    const sample: ReportCell[] = [];
    for (let r = 0; r < rows.length; r += stride) sample.push(rows[r]![c.key] ?? null);
    const numFmt = numFmtFor(c.kind, c.decimals);
    return { width: columnWidth(c, sample), ...(numFmt ? { style: { numFmt } } : {}) };
  });
  const header = ws.addRow(cols.map(excelHeader));
  for (let c = 1; c <= cols.length; c++) header.getCell(c).style = HEADER_STYLE;
  header.commit();

  const keys = cols.map((c) => c.key);
  const kinds = cols.map((c) => c.kind);
  const values: ExcelJS.CellValue[] = new Array<ExcelJS.CellValue>(cols.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    for (let c = 0; c < keys.length; c++) values[c] = cellValue(row[keys[c]!] ?? null, kinds[c]!);
    // Committed row by row: a committed row's cells are written and released, which is what streaming is for.
    ws.addRow(values).commit();
    // The archive deflates what was written only when the event loop turns: without this the whole
    // sheet's XML would wait in memory, as with a writer that is not streaming.
    if (r % YIELD_EVERY_ROWS === YIELD_EVERY_ROWS - 1) await new Promise(setImmediate);
  }
  ws.autoFilter = `A1:${columnLetters(Math.max(0, cols.length - 1))}${last}`;
  ws.commit();
}
