import type { ReportChart } from '../../report-document';
import { SERIES_COLOURS, chartAxisTitle, chartGeometry, lineRuns } from '../chart-geometry';
import type { PdfCursor } from './pdf-cursor';
import { PDF_STYLE } from './pdf-style';

const S = PDF_STYLE;
const TICK_SIZE = 6.5;

/** A vector chart (no bitmaps): axes, grid, ticks, lines or grouped bars, a legend for several series. */
export function drawChart(cur: PdfCursor, chart: ReportChart): void {
  const { doc, text } = cur;
  const height = S.chartHeight;
  cur.ensure(18 + height + 8);
  cur.line(chart.title, cur.left, cur.y, S.bold, 10);
  cur.line(chartAxisTitle(chart), cur.left, cur.y + 13, S.font, 7, S.muted);
  const top = cur.y + 22;
  const g = chartGeometry(chart, cur.width, height);
  const ox = cur.left;
  doc.save();
  doc.lineWidth(0.4).strokeColor(S.rule);
  for (const t of g.yTicks) {
    doc
      .moveTo(ox + g.left, top + t.pos)
      .lineTo(ox + g.right, top + t.pos)
      .stroke();
    const w = text.width(t.label, S.font, TICK_SIZE);
    text.draw(t.label, ox + g.left - 4 - w, top + t.pos - 3.5, S.font, TICK_SIZE, S.muted);
  }
  for (const t of g.xTicks) {
    const w = text.width(t.label, S.font, TICK_SIZE);
    doc
      .moveTo(ox + t.pos, top + g.bottom)
      .lineTo(ox + t.pos, top + g.bottom + 3)
      .stroke();
    text.draw(t.label, ox + t.pos - w / 2, top + g.bottom + 5, S.font, TICK_SIZE, S.muted);
  }
  doc.lineWidth(0.8).strokeColor('#374151');
  doc
    .moveTo(ox + g.left, top + g.top)
    .lineTo(ox + g.left, top + g.bottom)
    .lineTo(ox + g.right, top + g.bottom)
    .stroke();

  chart.series.forEach((series, si) => {
    const colour = SERIES_COLOURS[si % SERIES_COLOURS.length]!;
    if (chart.kind === 'bar') {
      doc.fillColor(colour);
      const zero = g.y(0);
      for (const [x, y] of series.points) {
        const yy = g.y(y);
        doc
          .rect(ox + g.x(x) + g.barOffset(si), top + Math.min(yy, zero), g.barWidth, Math.abs(zero - yy))
          .fill();
      }
    } else {
      for (const run of lineRuns(series)) {
        const [first, ...rest] = run;
        if (!first) continue;
        if (rest.length === 0) {
          // A lone reading between two gaps: a dot, not an invisible zero-length line.
          doc.circle(ox + g.x(first[0]), top + g.y(first[1]), 0.8).fill(colour);
          continue;
        }
        doc.moveTo(ox + g.x(first[0]), top + g.y(first[1]));
        for (const [x, y] of rest) doc.lineTo(ox + g.x(x), top + g.y(y));
        doc.lineWidth(0.7).strokeColor(colour).stroke();
      }
    }
  });

  if (chart.series.length > 1) {
    // The legend runs along the top of the plot; names that would cross the right edge are shortened.
    let lx = ox + g.left + 6;
    const right = ox + g.right;
    for (const [si, series] of chart.series.entries()) {
      if (lx + 20 > right) break;
      doc.rect(lx, top + 4, 7, 7).fill(SERIES_COLOURS[si % SERIES_COLOURS.length]!);
      const name = text.fit(series.name, S.font, 7, right - lx - 10);
      text.draw(name, lx + 10, top + 4, S.font, 7, S.text);
      lx += 18 + text.width(name, S.font, 7);
    }
  }
  doc.restore();
  cur.y = top + height + 10;
}
