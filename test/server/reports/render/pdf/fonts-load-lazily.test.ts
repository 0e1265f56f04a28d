import { describe, expect, it } from 'vitest';
import { loadedFaceKeys } from '../../../../../src/server/reports/render/pdf/fonts/font-fallback';
import { renderReport } from '../../../../../src/server/reports/render/render-report';
import { build } from '../../content/report-fixture';
import { readPdf } from '../rendered-files';

// Its own file: the worker's font cache starts empty here, as in a fresh report worker.
describe('PDF fonts', () => {
  it('are read when a report first needs them: a Latin report reads no Hebrew, Arabic or CJK font', async () => {
    const trip = { type: 'trip', asset_id: 2, date_from: '2026-03-02', date_to: '2026-03-02' } as const;
    await renderReport(build(trip), 'pdf');
    const latin = loadedFaceKeys();
    expect(latin.length).toBeGreaterThan(0);
    expect(latin.every((key) => key.startsWith('noto-sans-') && /-(latin|latin-ext)-/.test(key))).toBe(true);

    const pdf = await readPdf(await renderReport(build({ ...trip, title: 'Rundfahrt 東京 — 서울' }), 'pdf'));
    expect(pdf.text[0]).toContain('Rundfahrt 東京 — 서울');
    const added = loadedFaceKeys().filter((key) => !latin.includes(key));
    // Only the slices holding 東, 京, 서 and 울 (and those tried on the way), never a whole CJK family.
    expect(added.some((key) => key.startsWith('noto-sans-sc-'))).toBe(true);
    expect(added.some((key) => key.startsWith('noto-sans-kr-'))).toBe(true);
    expect(added.length).toBeLessThan(16);
    expect(added.some((key) => /hebrew|arabic/.test(key))).toBe(false);
  });
});
