import type { ReportChart, ReportChartSeries } from '../report-document';
import { numberText } from './cell-text';

/**
 * Scales and ticks of a chart, shared by the pdf (vector drawing) and the
 * html (inline SVG) so both show the same picture.
 */
export interface ChartTick {
  readonly pos: number;
  readonly label: string;
}

export interface ChartGeometry {
  readonly x: (value: number) => number;
  readonly y: (value: number) => number;
  readonly xTicks: readonly ChartTick[];
  readonly yTicks: readonly ChartTick[];
  /** Plot area in the drawing's coordinates (y grows downwards). */
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  /** Bars: width of one bar and the offset of series i within its category. */
  readonly barWidth: number;
  readonly barOffset: (seriesIndex: number) => number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TIME_STEPS = [HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY];

export function niceStep(range: number, targetTicks: number): number {
  const raw = range / Math.max(1, targetTicks);
  const mag = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * mag >= raw) return m * mag;
  return 10 * mag;
}

export function chartGeometry(chart: ReportChart, width: number, height: number): ChartGeometry {
  // The top margin leaves room for the axis title (svg) and the legend.
  const margin = { left: 46, right: 10, top: 20, bottom: 22 };
  const left = margin.left;
  const right = width - margin.right;
  const top = margin.top;
  const bottom = height - margin.bottom;

  let yMin = Infinity;
  let yMax = -Infinity;
  let xMin = Infinity;
  let xMax = -Infinity;
  for (const s of chart.series) {
    for (const [x, y] of s.points) {
      if (y < yMin) yMin = y;
      if (y > yMax) yMax = y;
      if (x < xMin) xMin = x;
      if (x > xMax) xMax = x;
    }
  }
  if (!Number.isFinite(yMin)) [yMin, yMax, xMin, xMax] = [0, 1, 0, 1];
  // Bars and most quantities here (speed, km, litres) read best from zero.
  if (chart.kind === 'bar' || yMin > 0) yMin = Math.min(0, yMin);
  if (yMax <= yMin) yMax = yMin + 1;
  const yStep = niceStep(yMax - yMin, 5);
  const y0 = Math.floor(yMin / yStep) * yStep;
  const y1 = Math.ceil(yMax / yStep) * yStep;
  const y = (v: number): number => bottom - ((v - y0) / (y1 - y0)) * (bottom - top);
  const decimals = yStep < 1 ? Math.min(3, Math.ceil(-Math.log10(yStep))) : 0;
  const yTicks: ChartTick[] = [];
  for (let v = y0; v <= y1 + yStep / 2; v += yStep)
    yTicks.push({ pos: y(v), label: numberText(v, decimals) });

  if (chart.xAxis === 'category') {
    const count = Math.max(1, chart.categories?.length ?? Math.round(xMax) + 1);
    const slot = (right - left) / count;
    const seriesCount = Math.max(1, chart.series.length);
    const barWidth = Math.max(1, (slot * 0.8) / seriesCount);
    const x = (i: number): number => left + slot * i + slot * 0.1;
    const every = Math.max(1, Math.ceil(count / Math.max(1, Math.floor((right - left) / 60))));
    const xTicks: ChartTick[] = [];
    for (let i = 0; i < count; i += every) {
      xTicks.push({ pos: left + slot * (i + 0.5), label: chart.categories?.[i] ?? String(i + 1) });
    }
    return { x, y, xTicks, yTicks, left, top, right, bottom, barWidth, barOffset: (s) => s * barWidth };
  }

  if (xMax <= xMin) xMax = xMin + HOUR;
  const x = (v: number): number => left + ((v - xMin) / (xMax - xMin)) * (right - left);
  const maxTicks = Math.max(2, Math.floor((right - left) / 70));
  const step = TIME_STEPS.find((s) => (xMax - xMin) / s <= maxTicks) ?? TIME_STEPS[TIME_STEPS.length - 1]!;
  const xTicks: ChartTick[] = [];
  for (let t = Math.ceil(xMin / step) * step; t <= xMax; t += step) {
    const iso = new Date(t).toISOString();
    const label = step >= DAY ? iso.slice(5, 10) : t % DAY === 0 ? iso.slice(5, 10) : iso.slice(11, 16);
    xTicks.push({ pos: x(t), label });
  }
  return { x, y, xTicks, yTicks, left, top, right, bottom, barWidth: 2, barOffset: () => 0 };
}

/** One colour per series, distinguishable in print. */
export const SERIES_COLOURS = ['#1f6fb2', '#d9822b', '#2e9e5b', '#b23b3b', '#7a5cc2', '#6b7280'];

export const chartAxisTitle = (chart: ReportChart): string =>
  chart.yUnit ? `${chart.yLabel} (${chart.yUnit})` : chart.yLabel;

/** The pieces a line series is drawn in: it breaks before each of its breaksBefore indices. */
export function lineRuns(series: ReportChartSeries): (readonly (readonly [number, number])[])[] {
  const runs: (readonly (readonly [number, number])[])[] = [];
  let from = 0;
  for (const at of [...(series.breaksBefore ?? []), series.points.length]) {
    if (at > from) runs.push(series.points.slice(from, at));
    from = Math.max(from, at);
  }
  return runs;
}
