import type { ReportChartSeries } from '../report-document';

/** Charts stay a few thousand points at most however long the range (ReportChart.series). */
export const MAX_CHART_POINTS = 2000;

/**
 * Keeps the first point, the last, and per bucket the minimum and maximum, in
 * time order: a thinned speed curve still shows every peak an operator would
 * look for, which plain every-Nth sampling drops.
 */
export function thinSeries(
  points: readonly (readonly [number, number])[],
  maxPoints = MAX_CHART_POINTS,
): [number, number][] {
  return thinSeriesColumns(
    points.map((p) => p[0]),
    points.map((p) => p[1]),
    maxPoints,
  );
}

/**
 * thinSeries for a series kept as two columns (x and y): a 30-day trail
 * collects its 259,200 speeds this way rather than as as many small arrays.
 */
export function thinSeriesColumns(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  maxPoints = MAX_CHART_POINTS,
): [number, number][] {
  return thinRange(xs, ys, 0, Math.min(xs.length, ys.length), maxPoints);
}

/**
 * A line series that breaks where its data does: consecutive readings more
 * than `intervalMs` apart lie either side of a gap (the engine was off, the
 * tracker offline), and no line is drawn across it. Each run between gaps is
 * thinned on its own, with its share of the points as its share of the budget.
 */
export function gappedLineSeries(
  name: string,
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  intervalMs: number,
  maxPoints = MAX_CHART_POINTS,
): ReportChartSeries {
  const n = Math.min(xs.length, ys.length);
  const points: [number, number][] = [];
  const breaksBefore: number[] = [];
  let from = 0;
  for (let i = 1; i <= n; i++) {
    if (i < n && xs[i]! - xs[i - 1]! <= intervalMs) continue;
    if (points.length > 0) breaksBefore.push(points.length);
    const budget = Math.max(2, Math.floor((maxPoints * (i - from)) / n));
    for (const p of thinRange(xs, ys, from, i, budget)) points.push(p);
    from = i;
  }
  return breaksBefore.length > 0 ? { name, points, breaksBefore } : { name, points };
}

/** thinSeries of the points [from, to) of two columns. */
function thinRange(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  from: number,
  to: number,
  maxPoints: number,
): [number, number][] {
  const n = to - from;
  const point = (i: number): [number, number] => [xs[i]!, ys[i]!];
  if (n <= maxPoints) return Array.from({ length: n }, (_, i) => point(from + i));
  const buckets = Math.max(1, Math.floor((maxPoints - 2) / 2));
  const size = (n - 2) / buckets;
  const out: [number, number][] = [point(from)];
  for (let b = 0; b < buckets; b++) {
    const lo0 = from + 1 + Math.floor(b * size);
    const hi0 = Math.min(to - 1, from + 1 + Math.floor((b + 1) * size));
    let lo = lo0;
    let hi = lo0;
    for (let i = lo0; i < hi0; i++) {
      if (ys[i]! < ys[lo]!) lo = i;
      if (ys[i]! > ys[hi]!) hi = i;
    }
    if (lo0 >= hi0) continue;
    for (const i of lo === hi ? [lo] : lo < hi ? [lo, hi] : [hi, lo]) out.push(point(i));
  }
  out.push(point(to - 1));
  return out;
}
