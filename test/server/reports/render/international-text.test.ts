import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../../../src/server/reports/render/render-report';
import { readXlsx, sheet, sheetRows } from '../../../support/xlsx-file';
import { build } from '../content/report-fixture';
import { readPdf } from './rendered-files';

const run = promisify(execFile);

/** What the audit printed as "??????? ?????? ?? ????? ?ód? ?eština", plus Arabic and a Korean word. */
const LATIN_GREEK_CYRILLIC_CJK = ['Маршрут', 'Ελλάδα', '東京', 'Łódź', 'Čeština', '한국어', 'かな'];
const HEBREW = ['עברית', 'שלום'];
const ARABIC = ['رحلة', 'عمل'];
const TITLE = `Маршрут Ελλάδα 東京 עברית Łódź Čeština — رحلة عمل (2026) שלום — 한국어 かな`;

const doc = build({
  type: 'trip',
  asset_id: 2,
  date_from: '2026-03-02',
  date_to: '2026-03-03',
  title: TITLE,
});

interface PdfWord {
  readonly text: string;
  readonly xMin: number;
  readonly yMin: number;
}

/** poppler's fonts list and its words with their boxes, in the order drawn. */
async function popplerView(bytes: Uint8Array): Promise<{ fonts: string; words: PdfWord[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'fleetdesk-intl-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, bytes);
    const fonts = (await run('pdffonts', [file])).stdout;
    const bbox = (await run('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'])).stdout;
    const words = [...bbox.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map(
      (m) => ({ xMin: Number(m[1]), yMin: Number(m[2]), text: m[3]! }),
    );
    return { fonts, words };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const reversed = (s: string): string => [...s].reverse().join('');
/** pdftotext marks right-to-left text with embedding controls; the letters are what matter. */
const withoutBidiMarks = (s: string): string => s.replace(/[\u202A-\u202E\u200E\u200F]/g, '');

describe('text in any script the service accepts', () => {
  it('prints in the PDF as itself, with every font embedded and subset', async () => {
    const bytes = await renderReport(doc, 'pdf');
    const { fonts, words } = await popplerView(bytes);
    const rows = fonts.trim().split('\n').slice(2);
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      // name type encoding emb sub uni …: a subset name (ABCDEF+Name), embedded, subset, with a ToUnicode map.
      expect(row).toMatch(/^[A-Z]{6}\+\S+\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes\s/);
    }
    expect(fonts).not.toMatch(/Helvetica|Times|Courier/);

    const pdf = await readPdf(bytes);
    expect(pdf.title).toBe(TITLE);
    const text = withoutBidiMarks(pdf.text[0]!);
    for (const word of [...LATIN_GREEK_CYRILLIC_CJK, ...HEBREW, ...ARABIC]) expect(text).toContain(word);
    expect(text).not.toContain('?');

    // Right to left: each Hebrew word is drawn reversed, and "… (2026) שלום" reads right to left.
    const heading = words.filter((w) => w.yMin < 60);
    const x = (s: string): number => heading.find((w) => w.text === s)!.xMin;
    for (const word of HEBREW) expect(heading.map((w) => w.text)).toContain(reversed(word));
    expect(x(reversed('שלום'))).toBeLessThan(x('(2026)'));
    expect(x('(2026)')).toBeLessThan(x(reversed('عمل')));
    expect(x(reversed('عمل'))).toBeLessThan(x(reversed('رحلة')));
    expect(x('Čeština')).toBeLessThan(x(reversed('שלום')));
  });

  it('prints characters no bundled font has as U+FFFD, not as "?"', async () => {
    const pdf = await readPdf(await renderReport({ ...doc, title: 'Lorry 🚚 ቤት' }, 'pdf'));
    expect(pdf.text[0]).toContain('Lorry \uFFFD \uFFFD\uFFFD');
  });

  it('is carried as UTF-8 text into the HTML, with its direction left to the browser', async () => {
    const html = Buffer.from(await renderReport(doc, 'html')).toString('utf8');
    const root = parse(html);
    expect(root.querySelector('meta[charset]')!.getAttribute('charset')).toBe('utf-8');
    expect(root.querySelector('h1')!.text).toBe(TITLE);
    expect(root.querySelector('h1')!.getAttribute('dir')).toBe('auto');
    expect(root.querySelector('title')!.text).toBe(TITLE);
    expect(root.querySelector('footer bdi')!.text).toBe(TITLE);
  });

  it('is kept as text in the Excel workbook', async () => {
    const book = await readXlsx(await renderReport(doc, 'excel'));
    expect(sheetRows(sheet(book, 'Summary'))[0]).toEqual([TITLE]);
  });
});
