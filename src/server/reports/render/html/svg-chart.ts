import type { ReportChart } from '../../report-document';
import { SERIES_COLOURS, chartAxisTitle, chartGeometry, lineRuns } from '../chart-geometry';
import { escapeHtml } from './html-escape';

const WIDTH = 900;
const HEIGHT = 260;
const f = (n: number): string => (Math.round(n * 10) / 10).toString();

/** An inline SVG chart (no script, no external resource), the same geometry as the PDF's. */
export function svgChart(chart: ReportChart): string {
  const g = chartGeometry(chart, WIDTH, HEIGHT);
  const out: string[] = [];
  out.push(
    `<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeHtml(chart.title)}" xmlns="http://www.w3.org/2000/svg">`,
  );
  out.push(`<text class="axis-title" x="${g.left - 40}" y="11">${escapeHtml(chartAxisTitle(chart))}</text>`);
  for (const t of g.yTicks) {
    out.push(`<line class="grid" x1="${g.left}" x2="${g.right}" y1="${f(t.pos)}" y2="${f(t.pos)}"/>`);
    out.push(
      `<text class="tick" x="${g.left - 4}" y="${f(t.pos + 3)}" text-anchor="end">${escapeHtml(t.label)}</text>`,
    );
  }
  for (const t of g.xTicks) {
    out.push(
      `<text class="tick" x="${f(t.pos)}" y="${g.bottom + 14}" text-anchor="middle">${escapeHtml(t.label)}</text>`,
    );
  }
  out.push(`<path class="axis" d="M${g.left} ${g.top}V${g.bottom}H${g.right}"/>`);
  chart.series.forEach((series, si) => {
    const colour = SERIES_COLOURS[si % SERIES_COLOURS.length]!;
    if (chart.kind === 'bar') {
      const zero = g.y(0);
      out.push(`<g fill="${colour}"><title>${escapeHtml(series.name)}</title>`);
      for (const [x, y] of series.points) {
        const yy = g.y(y);
        out.push(
          `<rect x="${f(g.x(x) + g.barOffset(si))}" y="${f(Math.min(yy, zero))}" width="${f(g.barWidth)}" height="${f(Math.abs(zero - yy))}"/>`,
        );
      }
      out.push('</g>');
    } else {
      // One polyline per run: the line breaks across gaps in the data; a lone reading is a dot.
      for (const run of lineRuns(series)) {
        if (run.length === 1) {
          const [x, y] = run[0]!;
          out.push(`<circle cx="${f(g.x(x))}" cy="${f(g.y(y))}" r="1.2" fill="${colour}"/>`);
          continue;
        }
        const points = run.map(([x, y]) => `${f(g.x(x))},${f(g.y(y))}`).join(' ');
        out.push(`<polyline fill="none" stroke="${colour}" stroke-width="1.2" points="${points}"/>`);
      }
    }
  });
  if (chart.series.length > 1) {
    // Legend on the title line, right of the axis title.
    let lx = g.left + 40 + chartAxisTitle(chart).length * 6;
    chart.series.forEach((series, si) => {
      out.push(
        `<rect x="${lx}" y="3" width="9" height="9" fill="${SERIES_COLOURS[si % SERIES_COLOURS.length]!}"/>`,
      );
      out.push(`<text class="legend" x="${lx + 13}" y="11">${escapeHtml(series.name)}</text>`);
      lx += 28 + series.name.length * 6.5;
    });
  }
  out.push('</svg>');
  return out.join('');
}
