import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { REPORT_TYPES } from '../../../../../src/shared/interface';
import type { ReportDocument, ReportTable } from '../../../../../src/server/reports/report-document';
import { PDF_STYLE } from '../../../../../src/server/reports/render/pdf/pdf-style';
import { loadReportFonts } from '../../../../../src/server/reports/render/pdf/report-fonts';
import {
  layoutTable,
  prepareTable,
  printedTable,
  type Measure,
} from '../../../../../src/server/reports/render/pdf/table-layout';
import { PdfText } from '../../../../../src/server/reports/render/pdf/text/pdf-text';
import { renderReport } from '../../../../../src/server/reports/render/render-report';
import { build, subjectFor } from '../../content/report-fixture';
import { rasterPage, readPdf } from '../rendered-files';

const run = promisify(execFile);
const S = PDF_STYLE;
const PORTRAIT = 595.28 - 2 * S.margin;
const LANDSCAPE = 841.89 - 2 * S.margin;
/** pdfkit rounds positions to 1/1000 pt; poppler's boxes are a little wider than the advances. */
const EPSILON = 0.01;

const reports = (): ReportDocument[] =>
  REPORT_TYPES.map((type) =>
    build({ type, ...subjectFor(type), date_from: '2026-03-03', date_to: '2026-03-04' }),
  );

/** A table whose headers are long phrases and whose text column holds long place names. */
const crowded: ReportTable = {
  key: 'crowded',
  title: 'Crowded',
  columns: [
    { key: 't', label: 'Time of the first reported position', unit: 'UTC', kind: 'datetime' },
    { key: 'place', label: 'Place', kind: 'text' },
    { key: 'speed', label: 'Speed over ground', unit: 'km/h', kind: 'number', decimals: 1 },
    { key: 'odo', label: 'Odometer reading at the time', unit: 'km', kind: 'number', decimals: 1 },
    { key: 'ign', label: 'Ignition', kind: 'boolean' },
    { key: 'dur', label: 'Time spent idling with the engine on', kind: 'duration_s' },
    { key: 'load', label: 'Average engine load while driving', unit: '%', kind: 'number', decimals: 1 },
    { key: 'rpm', label: 'Highest engine speed of the day', unit: 'rpm', kind: 'integer' },
    { key: 'cool', label: 'Highest coolant temperature of the day', unit: '°C', kind: 'number', decimals: 1 },
    {
      key: 'bat',
      label: 'Lowest battery voltage with the engine off',
      unit: 'V',
      kind: 'number',
      decimals: 2,
    },
  ],
  rows: [
    {
      t: Date.parse('2026-03-03T10:00:00Z'),
      place: 'Magazzino Nord, Via Emilia 12, Cascina Gobba, Milano — Łódź Čeština 東京 עברית',
      speed: 1234.5,
      odo: 159_013.2,
      ign: true,
      dur: 12_345,
      load: 42.5,
      rpm: 2658,
      cool: 87.3,
      bat: 12.61,
    },
  ],
};

async function textFor(doc: ReportDocument): Promise<{ text: PdfText; measure: Measure }> {
  await loadReportFonts(doc, doc.tables.map(printedTable));
  const text = new PdfText(new PDFDocument({ autoFirstPage: false }));
  return { text, measure: (s, style) => text.width(s, style, S.tableFontSize) };
}

describe('PDF table layout', () => {
  it('keeps every header line and every cell inside its column, and the columns inside the page', async () => {
    const docs = reports();
    docs.push({ ...docs[0]!, tables: [crowded] });
    for (const doc of docs) {
      const { text, measure } = await textFor(doc);
      for (const table of doc.tables) {
        const prepared = prepareTable(printedTable(table), measure);
        for (const available of [PORTRAIT, LANDSCAPE, 300]) {
          const layout = layoutTable(prepared, available, measure);
          const where = `${doc.type}/${table.key} in ${available.toFixed(0)} pt`;
          expect(
            layout.width.reduce((a, b) => a + b, 0),
            where,
          ).toBeLessThanOrEqual(available + EPSILON);
          layout.width.forEach((w, c) => {
            const inner = w - 2 * S.cellPadding;
            expect(layout.x[c], where).toBeGreaterThanOrEqual(0);
            for (const line of layout.headerLines[c]!) {
              expect(measure(line, 'bold'), `${where}: header "${line}"`).toBeLessThanOrEqual(
                inner + EPSILON,
              );
            }
            // Every letter of the header is printed (a word wider than a scaled-down column breaks inside).
            expect(layout.headerLines[c]!.join('').replace(/\s+/g, '')).toBe(
              prepared.header[c]!.replace(/\s+/g, ''),
            );
            expect(layout.headerHeight).toBeGreaterThanOrEqual(
              layout.headerLines[c]!.length * 1.25 * S.tableFontSize,
            );
            for (const row of prepared.cells) {
              const shown = text.fit(row[c]!, 'regular', S.tableFontSize, inner);
              expect(measure(shown, 'regular'), `${where}: cell "${shown}"`).toBeLessThanOrEqual(
                inner + EPSILON,
              );
              // On a real page numbers, times and durations are never shortened.
              if (prepared.numeric[c] && available !== 300) expect(shown, where).toBe(row[c]);
            }
          });
        }
      }
    }
  });

  it('wraps a long header inside its column instead of running into the next one', async () => {
    const doc = { ...reports()[0]!, tables: [crowded] };
    const { measure } = await textFor(doc);
    const layout = layoutTable(prepareTable(printedTable(crowded), measure), PORTRAIT, measure);
    expect(layout.headerLines[0]!.length).toBeGreaterThan(1);
    expect(layout.headerLines[5]!.length).toBeGreaterThan(1);
    expect(layout.headerHeight).toBeGreaterThan(S.headerHeight);
  });
});

describe('PDF pages', () => {
  it('draw each header of a trail apart from its neighbours, as the page really renders it', async () => {
    const doc = build({ type: 'trail', asset_id: 1, date_from: '2026-03-02', date_to: '2026-03-02' });
    const dpi = 144;
    const page = await rasterPage(await renderReport(doc, 'pdf'), 2, dpi);
    // The header bar: rows mostly in the header's dark fill.
    const fill = [0x1f, 0x29, 0x37];
    const isFill = (x: number, y: number): boolean =>
      page.rgb(x, y).every((c, i) => Math.abs(c - fill[i]!) < 12);
    const bar: number[] = [];
    for (let y = 0; y < page.height / 4; y++) {
      let n = 0;
      for (let x = 0; x < page.width; x += 4) if (isFill(x, y)) n++;
      if (n > page.width / 4 / 2) bar.push(y);
    }
    expect(bar.length).toBeGreaterThan(10);
    // Columns of the bar with white text in them, grouped where less than 5 pt apart: one group per header.
    const inked: number[] = [];
    for (let x = 0; x < page.width; x++) {
      if (bar.some((y) => page.rgb(x, y).every((c) => c > 170))) inked.push(x);
    }
    const minGap = (5 * dpi) / 72;
    const groups = inked.filter((x, i) => i === 0 || x - inked[i - 1]! > minGap).length;
    expect(groups).toBe(doc.tables[0]!.columns.length);
  });

  it('print every header word and every number of a crowded table whole', async () => {
    const doc = { ...reports()[0]!, tables: [crowded] };
    const pdf = await readPdf(await renderReport(doc, 'pdf'));
    const words = new Set(pdf.text.join('\n').split(/\s+/));
    for (const column of crowded.columns) {
      const header = column.unit ? `${column.label} (${column.unit})` : column.label;
      for (const word of header.split(' ')) expect(words, `header word "${word}"`).toContain(word);
    }
    for (const number of [
      '2026-03-03',
      '10:00:00',
      '1,234.5',
      '159,013.2',
      'Yes',
      '42.5',
      '2,658',
      '87.3',
      '12.61',
    ]) {
      expect(words, `cell text "${number}"`).toContain(number);
    }
  });

  it('put every word of every report type between the margins', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleetdesk-margins-'));
    try {
      const docs = reports();
      docs.push({
        ...docs[0]!,
        title: `${'A very long report title that has to wrap '.repeat(4)}東京`,
        tables: [crowded],
      });
      for (const [i, doc] of docs.entries()) {
        const file = join(dir, `${i}.pdf`);
        writeFileSync(file, await renderReport(doc, 'pdf'));
        const bbox = (await run('pdftotext', ['-bbox', file, '-'], { maxBuffer: 64 * 1024 * 1024 })).stdout;
        for (const page of bbox.split('<page ').slice(1)) {
          const width = Number(/width="([\d.]+)"/.exec(page)![1]);
          for (const m of page.matchAll(
            /<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>([^<]*)</g,
          )) {
            const where = `${doc.type}: "${m[3]}"`;
            expect(Number(m[1]), where).toBeGreaterThanOrEqual(S.margin - 0.5);
            expect(Number(m[2]), where).toBeLessThanOrEqual(width - S.margin + 0.5);
          }
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
