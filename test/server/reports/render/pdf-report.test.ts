import { describe, expect, it } from 'vitest';
import { renderReport } from '../../../../src/server/reports/render/render-report';
import { SCORE_FORMULA } from '../../../../src/server/reports/content/driver-score';
import { numberText } from '../../../../src/server/reports/render/cell-text';
import { build, fleet, rangeOf, sumOf, summaryValue } from '../content/report-fixture';
import { readPdf } from './rendered-files';

describe('pdf reports', () => {
  it('a trail prints title, period, summary and a thinned table that pages with repeated headers and page numbers', async () => {
    const doc = build({
      type: 'trail',
      format: 'pdf',
      asset_id: 1,
      date_from: '2026-03-02',
      date_to: '2026-03-02',
    });
    const pdf = await readPdf(await renderReport(doc, 'pdf'));
    expect(pdf.title).toBe('Trail — Reefer 01 – Renault Master Frigo');
    expect(pdf.pages).toBeGreaterThan(3);
    // A usable document, not one page per 45 of 8,640 fixes.
    expect(pdf.pages).toBeLessThan(30);
    const first = pdf.text[0]!;
    expect(first).toContain('Trail — Reefer 01 – Renault Master Frigo');
    expect(first).toMatch(/Period:\s+2026-03-02 \(1 day, UTC\)/);
    expect(first).toMatch(/Generated:\s+2026-03-20 09:30:00 UTC/);
    expect(first).toContain(numberText(Number(summaryValue(doc, 'Distance')), 1));
    expect(first).toContain('8,640');
    expect(pdf.text.join('\n')).toContain('Printed view: one row per');
    pdf.text.forEach((page, i) => {
      expect(page).toMatch(new RegExp(`Page ${i + 1} of ${pdf.pages}\\s*$`));
      if (i > 0) expect(page).toMatch(/Time \(UTC\)\s+Latitude \(°\)\s+Longitude \(°\)\s+Speed \(km\/h\)/);
    });
  });

  it('a trip report shows the total distance of the simulator’s trips and their places', async () => {
    const doc = build({
      type: 'trip',
      format: 'pdf',
      asset_id: 2,
      date_from: '2026-03-02',
      date_to: '2026-03-03',
    });
    const trips = fleet.trips(2, ...rangeOf('2026-03-02', '2026-03-03'));
    const pdf = await readPdf(await renderReport(doc, 'pdf'));
    const text = pdf.text.join('\n');
    expect(text).toContain(numberText(sumOf(trips.map((t) => t.distanceKm)), 1));
    // Place names are long: the first words of the first trip's start survive even when the column truncates.
    expect(text).toContain(trips[0]!.from.name.slice(0, 12));
    expect(text).toContain('Distance per day');
  });

  it('prints the driver score formula in full', async () => {
    const doc = build({
      type: 'driver_score',
      format: 'pdf',
      asset_id: 1,
      date_from: '2026-03-02',
      date_to: '2026-03-03',
    });
    const text = (await readPdf(await renderReport(doc, 'pdf'))).text.join('\n').replace(/\s+/g, ' ');
    // As written, minus signs included: the embedded fonts have every character of it.
    expect(text).toContain(`Scoring formula: ${SCORE_FORMULA}`);
  });
});
