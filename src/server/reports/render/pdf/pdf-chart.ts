import type { ReportChart } from '../../report-document';
import { SERIES_COLOURS, chartAxisTitle, chartGeometry, lineRuns } from '../chart-geometry';
import type { PdfCursor } from './pdf-cursor';
import { PDF_STYLE } from './pdf-style';
import { winAnsi } from './pdf-text';

const S = PDF_STYLE;

/** A vector chart (no bitmaps): axes, grid, ticks, lines or grouped bars, a legend for several series. */
export function drawChart(cur: PdfCursor, chart: ReportChart): void {
  const { doc } = cur;
  const height = S.chartHeight;
  cur.ensure(18 + height + 8);
  cur.line(winAnsi(chart.title), cur.left, cur.y, S.bold, 10);
  cur.line(winAnsi(chartAxisTitle(chart)), cur.left, cur.y + 13, S.font, 7, S.muted);
  const top = cur.y + 22;
  const g = chartGeometry(chart, cur.width, height);
  const ox = cur.left;
  doc.save();
  doc.lineWidth(0.4).strokeColor(S.rule);
  doc.font(S.font).fontSize(6.5).fillColor(S.muted);
  for (const t of g.yTicks) {
    doc
      .moveTo(ox + g.left, top + t.pos)
      .lineTo(ox + g.right, top + t.pos)
      .stroke();
    const w = doc.widthOfString(t.label);
    doc.text(t.label, ox + g.left - 4 - w, top + t.pos - 3, { lineBreak: false });
  }
  for (const t of g.xTicks) {
    const label = winAnsi(t.label);
    const w = doc.widthOfString(label);
    doc
      .moveTo(ox + t.pos, top + g.bottom)
      .lineTo(ox + t.pos, top + g.bottom + 3)
      .stroke();
    doc.text(label, ox + t.pos - w / 2, top + g.bottom + 5, { lineBreak: false });
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
    let lx = ox + g.left + 6;
    doc.font(S.font).fontSize(7);
    for (const [si, series] of chart.series.entries()) {
      const name = winAnsi(series.name);
      doc.rect(lx, top + 4, 7, 7).fill(SERIES_COLOURS[si % SERIES_COLOURS.length]!);
      doc.fillColor(S.text).text(name, lx + 10, top + 4, { lineBreak: false });
      lx += 18 + doc.widthOfString(name);
    }
  }
  doc.restore();
  cur.y = top + height + 10;
}
