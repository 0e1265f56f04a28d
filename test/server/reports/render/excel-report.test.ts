import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { renderReport } from '../../../../src/server/reports/render/render-report';
import { build, fleet, rangeOf, summaryValue } from '../content/report-fixture';
import { oddDocument } from './odd-cells';

/** Excel stores times as fractional days; SheetJS turns them back into Dates within a millisecond. */
const toSecond = (cell: XLSX.CellObject | undefined): number =>
  Math.round((cell!.v as Date).getTime() / 1000) * 1000;

/** SheetJS reads what our own XLSX writer wrote: a reader that did not write the file. */
function readXlsx(bytes: Uint8Array, cellDates = true): XLSX.WorkBook {
  return XLSX.read(bytes, { type: 'buffer', cellDates, bookFiles: true });
}

function sheetXml(book: XLSX.WorkBook, index: number): string {
  const files = (book as XLSX.WorkBook & { files: Record<string, { content: Uint8Array }> }).files;
  return Buffer.from(files[`xl/worksheets/sheet${index}.xml`]!.content).toString('utf8');
}

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
    const book = readXlsx(await renderReport(doc, 'excel'));
    expect(book.SheetNames).toEqual(['Summary', 'Positions']);

    const ws = book.Sheets.Positions!;
    expect(ws['!ref']).toBe(`A1:G${history.length + 1}`);
    expect(ws['!autofilter']).toEqual({ ref: `A1:G${history.length + 1}` });
    expect(sheetXml(book, 2)).toMatch(
      /<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"\/>/,
    );
    expect(['A1', 'D1', 'G1'].map((a) => ws[a]!.v)).toEqual(['Time (UTC)', 'Speed (km/h)', 'Odometer (km)']);
    const row = 1001;
    const s = history[row - 2]!;
    expect(ws[`A${row}`]!.t).toBe('d');
    expect(toSecond(ws[`A${row}`])).toBe(s.t);
    expect(ws[`B${row}`]).toMatchObject({ t: 'n', v: s.lat });
    expect(ws[`D${row}`]).toMatchObject({ t: 'n', v: s.speed });
    expect(ws[`E${row}`]).toMatchObject({ t: 'b', v: s.ignition });
    expect(ws[`G${row}`]).toMatchObject({ t: 'n', v: s.odometerKm });
    expect(toSecond(ws[`A${history.length + 1}`])).toBe(history[history.length - 1]!.t);

    const summary = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Summary!, { header: 1 });
    expect(summary[0]).toEqual([doc.title]);
    const distance = summary.find((r) => r[0] === 'Distance');
    expect(distance).toEqual(['Distance', summaryValue(doc, 'Distance'), 'km']);
    const first = summary.find((r) => r[0] === 'First position')!;
    expect(first[1]).toBeInstanceOf(Date);
    expect(Math.round((first[1] as Date).getTime() / 1000) * 1000).toBe(history[0]!.t);
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
    const bytes = await renderReport(doc, 'excel');
    const ws = readXlsx(bytes).Sheets.Trips!;
    expect(ws.F1!.v).toBe('Duration (h:mm:ss)');
    expect(ws.B2!.t).toBe('d');
    expect(Math.abs((ws.B2!.v as Date).getTime() - trips[0]!.end)).toBeLessThanOrEqual(1);
    const raw = readXlsx(bytes, false).Sheets.Trips!;
    expect(raw.F2).toMatchObject({ t: 'n' });
    expect(Number(raw.F2!.v) * 86_400).toBeCloseTo(Math.round((trips[0]!.end - trips[0]!.start) / 1000), 3);
    expect(raw.E2).toMatchObject({ t: 'n', v: trips[0]!.distanceKm });
  });

  it('a report with several tables gets one sheet per table', async () => {
    const doc = build({
      type: 'driver_score',
      format: 'excel',
      asset_id: 1,
      date_from: '2026-03-02',
      date_to: '2026-03-04',
    });
    const book = readXlsx(await renderReport(doc, 'excel'));
    expect(book.SheetNames).toEqual(['Summary', 'Score per driver', 'Score per day']);
    expect(book.Sheets['Score per day']!.A2!.t).toBe('d');
    expect(toSecond(book.Sheets['Score per day']!.A2)).toBe(Date.parse('2026-03-02T00:00:00Z'));
  });

  it('odd cells still give a workbook: markup and quotes kept, a control character dropped, NaN and Infinity left empty', async () => {
    const book = readXlsx(await renderReport(oddDocument, 'excel'));
    expect(book.SheetNames).toEqual(['Summary', 'Positions', 'Empty   none']);
    const summary = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Summary!, { header: 1 });
    expect(summary[0]).toEqual(['Tëst & <Trail> "quoted"  ünïcode — 北京']);
    expect(summary.find((r) => r[0] === 'Asset')).toEqual(['Asset', 'Van "A" & <B>']);
    expect(summary.find((r) => r[0] === 'Broken')).toEqual(['Broken', undefined, 'km']);

    const ws = book.Sheets.Positions!;
    expect(ws['!ref']).toBe('A1:D4');
    expect(ws.A2!.t).toBe('d');
    expect((ws.A2!.v as Date).toISOString()).toBe('2026-03-02T10:00:00.250Z');
    expect(ws.D2!.v).toBe('line\nbreak "q" \\ </c>');
    expect(ws.B3?.v).toBeUndefined();
    expect(ws.B4).toMatchObject({ t: 's', v: 'n/a' });
    expect(ws.C4).toMatchObject({ t: 'b', v: false });
    expect(ws.D4!.v).toBe('  spaced  ');
    expect(book.Sheets['Empty   none']!['!autofilter']).toEqual({ ref: 'A1:A1' });
  });
});
