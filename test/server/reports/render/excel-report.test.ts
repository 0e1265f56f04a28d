import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../../../src/server/reports/render/render-report';
import { readXlsx, sheet, sheetNames, sheetRows } from '../../../support/xlsx-file';
import { build, fleet, rangeOf, summaryValue, utc } from '../content/report-fixture';
import { oddDocument } from './odd-cells';

/** Excel stores times as fractional days; they read back as Dates within a millisecond. */
const toSecond = (value: unknown): number => {
  expect(value).toBeInstanceOf(Date);
  return Math.round((value as Date).getTime() / 1000) * 1000;
};

/** The serial a cell stores (ExcelJS hands [h]:mm:ss cells back as Dates from 1899-12-30). */
const serialOf = (value: unknown): number =>
  value instanceof Date ? (value.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000 : Number(value);

describe('excel reports', () => {
  it('a trail has a Summary sheet first, then every fix as typed cells under a frozen, filtered header', async () => {
    const doc = build({
      type: 'trail',
      format: 'excel',
      asset_id: 2,
      date_from: '2026-03-02',
      date_to: '2026-03-02',
    });
    const history = fleet.history(2, ...rangeOf('2026-03-02', '2026-03-02'));
    const book = await readXlsx(await renderReport(doc, 'excel'));
    expect(sheetNames(book)).toEqual(['Summary', 'Positions']);

    const ws = sheet(book, 'Positions');
    expect(ws.dimensions.toString()).toBe(`A1:G${history.length + 1}`);
    expect(ws.autoFilter).toBe(`A1:G${history.length + 1}`);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' });
    expect(['A1', 'D1', 'G1'].map((a) => ws.getCell(a).value)).toEqual([
      'Time (UTC)',
      'Speed (km/h)',
      'Odometer (km)',
    ]);
    const row = 1001;
    const s = history[row - 2]!;
    expect(ws.getCell(`A${row}`).type).toBe(ExcelJS.ValueType.Date);
    expect(toSecond(ws.getCell(`A${row}`).value)).toBe(s.t);
    expect(ws.getCell(`B${row}`).value).toBe(s.lat);
    expect(ws.getCell(`D${row}`).value).toBe(s.speed);
    expect(ws.getCell(`E${row}`).value).toBe(s.ignition);
    expect(ws.getCell(`G${row}`).value).toBe(s.odometerKm);
    expect(toSecond(ws.getCell(`A${history.length + 1}`).value)).toBe(history[history.length - 1]!.t);

    const summary = sheetRows(sheet(book, 'Summary'));
    expect(summary[0]).toEqual([doc.title]);
    const distance = summary.find((r) => r[0] === 'Distance');
    expect(distance).toEqual(['Distance', summaryValue(doc, 'Distance'), 'km']);
    const first = summary.find((r) => r[0] === 'First position')!;
    expect(toSecond(first[1])).toBe(history[0]!.t);
  });

  it('durations are Excel durations (h:mm:ss) that sum, and dates are dates', async () => {
    const doc = build({
      type: 'trip',
      format: 'excel',
      asset_id: 2,
      date_from: '2026-03-02',
      date_to: '2026-03-02',
    });
    const trips = fleet.trips(2, ...rangeOf('2026-03-02', '2026-03-02'));
    const ws = sheet(await readXlsx(await renderReport(doc, 'excel')), 'Trips');
    expect(ws.getCell('F1').value).toBe('Duration (h:mm:ss)');
    expect(ws.getCell('B2').type).toBe(ExcelJS.ValueType.Date);
    expect(Math.abs((ws.getCell('B2').value as Date).getTime() - trips[0]!.end)).toBeLessThanOrEqual(1);
    expect(ws.getCell('F2').numFmt).toBe('[h]:mm:ss');
    expect(serialOf(ws.getCell('F2').value) * 86_400).toBeCloseTo(
      Math.round((trips[0]!.end - trips[0]!.start) / 1000),
      3,
    );
    expect(ws.getCell('E2').value).toBe(trips[0]!.distanceKm);
  });

  it('daily mileage stores each day as a date under a date format, not as text', async () => {
    const doc = build({
      type: 'mileage_daily',
      format: 'excel',
      asset_ids: [2, 3],
      date_from: '2026-03-02',
      date_to: '2026-03-04',
    });
    const ws = sheet(await readXlsx(await renderReport(doc, 'excel')), 'Daily mileage per asset');
    expect(ws.getCell('B1').value).toBe('Day');
    const days = [2, 3, 4, 5, 6, 7].map((r) => ws.getCell(`B${r}`));
    for (const day of days) {
      expect(day.type).toBe(ExcelJS.ValueType.Date);
      expect(day.numFmt).toBe('yyyy-mm-dd');
    }
    expect(days.map((d) => (d.value as Date).getTime())).toEqual(
      ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-02', '2026-03-03', '2026-03-04'].map(utc),
    );
  });

  it('a report with several tables gets one sheet per table', async () => {
    const doc = build({
      type: 'driver_score',
      format: 'excel',
      asset_id: 1,
      date_from: '2026-03-02',
      date_to: '2026-03-04',
    });
    const book = await readXlsx(await renderReport(doc, 'excel'));
    expect(sheetNames(book)).toEqual(['Summary', 'Score per driver', 'Score per day']);
    const first = sheet(book, 'Score per day').getCell('A2');
    expect(first.type).toBe(ExcelJS.ValueType.Date);
    expect(toSecond(first.value)).toBe(Date.parse('2026-03-02T00:00:00Z'));
  });

  it('odd cells still give a workbook: markup and quotes kept, a control character dropped, NaN and Infinity left empty', async () => {
    const book = await readXlsx(await renderReport(oddDocument, 'excel'));
    expect(sheetNames(book)).toEqual(['Summary', 'Positions', 'Empty   none']);
    const summary = sheetRows(sheet(book, 'Summary'));
    expect(summary[0]).toEqual(['Tëst & <Trail> "quoted"  ünïcode — 北京']);
    expect(summary.find((r) => r[0] === 'Asset')).toEqual(['Asset', 'Van "A" & <B>']);
    expect(summary.find((r) => r[0] === 'Broken')).toEqual(['Broken', undefined, 'km']);

    const ws = sheet(book, 'Positions');
    expect(ws.dimensions.toString()).toBe('A1:D4');
    expect(ws.getCell('A2').type).toBe(ExcelJS.ValueType.Date);
    expect((ws.getCell('A2').value as Date).toISOString()).toBe('2026-03-02T10:00:00.250Z');
    expect(ws.getCell('D2').value).toBe('line\nbreak "q" \\ </c>');
    expect(ws.getCell('B3').value).toBeNull();
    expect(ws.getCell('B4').value).toBe('n/a');
    expect(ws.getCell('C4').value).toBe(false);
    expect(ws.getCell('D4').value).toBe('  spaced  ');
    expect(sheet(book, 'Empty   none').autoFilter).toBe('A1:A1');
  });
});
