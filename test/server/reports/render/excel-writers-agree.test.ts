import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { renderExcelWithExcelJs } from '../../../../bench/reports/exceljs-workbook';
import { renderReport } from '../../../../src/server/reports/render/render-report';
import { readXlsx, sheet, sheetNames, sheetRows } from '../../../support/xlsx-file';
import { build, table } from '../content/report-fixture';

/**
 * bench:reports times our XLSX writer against exceljs's streaming writer
 * (docs/architecture.md "Why the service writes XLSX itself"); the comparison only means something if
 * both write the same workbook and both files open in the same readers:
 * ExcelJS's document reader (JSZip) and its streaming reader (unzipper and
 * a SAX parse of each sheet), two read paths that share no unzip code.
 */
const doc = build({
  type: 'trail',
  format: 'excel',
  asset_id: 1,
  date_from: '2026-03-02',
  date_to: '2026-03-02',
});
const rows = table(doc, 'positions').rows;

interface StreamedSheet {
  readonly name: string;
  readonly rows: unknown[][];
}

async function readStreamed(bytes: Uint8Array): Promise<StreamedSheet[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
    sharedStrings: 'cache',
    styles: 'cache',
    worksheets: 'emit',
    hyperlinks: 'ignore',
  });
  const sheets: StreamedSheet[] = [];
  for await (const ws of reader) {
    const read: unknown[][] = [];
    for await (const row of ws) read.push(Array.isArray(row.values) ? row.values.slice(1) : []);
    // WorksheetReader's name is set at run time from workbook.xml; its typings omit it.
    sheets.push({ name: (ws as unknown as { name: string }).name, rows: read });
  }
  return sheets;
}

describe('our excel writer and exceljs streaming writer', () => {
  it('write workbooks with the same sheets and cells, read back by ExcelJS document and streaming readers', async () => {
    const ours = await renderReport(doc, 'excel');
    const exceljs = await renderExcelWithExcelJs(doc, { deflateLevel: 1 });

    const [oursBook, exceljsBook] = await Promise.all([readXlsx(ours), readXlsx(exceljs)]);
    expect(sheetNames(oursBook)).toEqual(['Summary', 'Positions']);
    expect(sheetNames(exceljsBook)).toEqual(['Summary', 'Positions']);
    for (const name of ['Summary', 'Positions']) {
      expect(sheetRows(sheet(exceljsBook, name))).toEqual(sheetRows(sheet(oursBook, name)));
    }
    const positions = [sheet(oursBook, 'Positions'), sheet(exceljsBook, 'Positions')];
    for (const ws of positions) {
      expect(ws.rowCount).toBe(rows.length + 1);
      expect(ws.autoFilter).toBe(`A1:G${rows.length + 1}`);
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(ws.getCell('A1').font).toMatchObject({ bold: true, color: { argb: 'FFFFFFFF' } });
      expect(ws.getCell(`D${rows.length + 1}`).value).toBe(rows[rows.length - 1]!['speed']);
      expect(ws.getColumn(1).width).toBe(20);
    }
    const numFmts = positions.map((ws) => ['A', 'B', 'C', 'D', 'G'].map((c) => ws.getCell(`${c}2`).numFmt));
    expect(numFmts[0]![0]).toBe('yyyy-mm-dd hh:mm:ss');
    expect(numFmts[1]).toEqual(numFmts[0]);
    const summaries = [sheet(oursBook, 'Summary'), sheet(exceljsBook, 'Summary')];
    for (const ws of summaries) {
      expect(ws.getCell('A1').value).toBe(doc.title);
      expect(ws.getCell('A1').font).toMatchObject({ bold: true, size: 14 });
    }

    const [oursStreamed, exceljsStreamed] = await Promise.all([readStreamed(ours), readStreamed(exceljs)]);
    expect(oursStreamed.map((s) => s.name)).toEqual(['Summary', 'Positions']);
    expect(exceljsStreamed).toEqual(oursStreamed);
    const streamedPositions = oursStreamed[1]!.rows;
    expect(streamedPositions).toHaveLength(rows.length + 1);
    expect(streamedPositions[1000]![1]).toBe(rows[999]!['lat']);
    expect(streamedPositions[1000]![4]).toBe(rows[999]!['ignition']);
  });
});
