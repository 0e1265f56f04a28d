import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { chartGeometry } from '../../../../src/server/reports/render/chart-geometry';
import { PDF_STYLE } from '../../../../src/server/reports/render/pdf/pdf-style';
import { SERIES_COLOURS } from '../../../../src/server/reports/render/chart-geometry';
import { renderReport } from '../../../../src/server/reports/render/render-report';
import type { ReportChart } from '../../../../src/server/reports/report-document';
import { build, fleet, rangeOf } from '../content/report-fixture';
import { rasterPage } from './rendered-files';

/**
 * Asset 1 on 2026-03-03: the round-the-clock reefer, whose stops at cold stores are long, with the engine
 * off between its drives (a shift vehicle's stops of a minute or two would be too narrow to see on a chart).
 */
const DAY = '2026-03-03';
const ASSET = 1;
const doc = build({ type: 'obd_data', asset_id: ASSET, date_from: DAY, date_to: DAY });
const readings = fleet.obdReadings(ASSET, ...rangeOf(DAY, DAY));
/** Engine-off gaps: consecutive readings more than the one-minute reading interval apart. */
const gaps = readings
  .slice(1)
  .map((r, i) => ({ from: readings[i]!.t, to: r.t }))
  .filter((g) => g.to - g.from > 60_000);
const coolant = (): ReportChart => doc.charts.find((c) => c.title === 'Coolant temperature')!;

describe('line charts break across gaps in the data', () => {
  it('the OBD-II series starts a new line after every engine-off gap, and nowhere else', () => {
    expect(gaps.length).toBeGreaterThanOrEqual(5);
    for (const chart of doc.charts) {
      const series = chart.series[0]!;
      const breaks = series.breaksBefore ?? [];
      expect(breaks.map((i) => [series.points[i - 1]![0], series.points[i]![0]])).toEqual(
        gaps.map((g) => [g.from, g.to]),
      );
    }
  });

  it('the html chart draws one line per drive', async () => {
    const root = parse(Buffer.from(await renderReport(doc, 'html')).toString('utf8'));
    const svg = root
      .querySelectorAll('svg.chart')
      .find((s) => s.getAttribute('aria-label') === 'Coolant temperature')!;
    const lines = svg.querySelectorAll('polyline').length + svg.querySelectorAll('circle').length;
    expect(lines).toBe(gaps.length + 1);
  });

  it('the pdf chart leaves every long engine-off gap blank', async () => {
    const dpi = 144;
    const page = await rasterPage(await renderReport(doc, 'pdf'), 1, dpi);
    const px = (pt: number): number => Math.round((pt * dpi) / 72);
    // Both charts share the x axis (same readings), drawn at the page's left margin on a portrait page.
    const g = chartGeometry(coolant(), 595.28 - 2 * PDF_STYLE.margin, PDF_STYLE.chartHeight);
    const colour = SERIES_COLOURS[0]!;
    const target = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
    const isLine = (x: number, y: number): boolean =>
      page.rgb(x, y).every((c, i) => Math.abs(c - target[i]!) < 40);
    const lineInColumn = (x: number): boolean => {
      for (let y = 0; y < page.height; y++) if (isLine(x, y)) return true;
      return false;
    };
    const wide = gaps.filter((gap) => px(g.x(gap.to) - g.x(gap.from)) > 12);
    expect(wide.length).toBeGreaterThanOrEqual(3);
    for (const gap of wide) {
      const left = px(PDF_STYLE.margin + g.x(gap.from)) + 4;
      const right = px(PDF_STYLE.margin + g.x(gap.to)) - 4;
      for (let x = left; x <= right; x++) expect(lineInColumn(x), `x=${x}px inside a gap`).toBe(false);
      // Just before the gap the line is there: the columns checked are the chart's.
      expect(lineInColumn(left - 6)).toBe(true);
    }
  });
});
