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
  const n = Math.min(xs.length, ys.length);
  const point = (i: number): [number, number] => [xs[i]!, ys[i]!];
  if (n <= maxPoints) return Array.from({ length: n }, (_, i) => point(i));
  const buckets = Math.max(1, Math.floor((maxPoints - 2) / 2));
  const size = (n - 2) / buckets;
  const out: [number, number][] = [point(0)];
  for (let b = 0; b < buckets; b++) {
    const from = 1 + Math.floor(b * size);
    const to = Math.min(n - 1, 1 + Math.floor((b + 1) * size));
    let lo = from;
    let hi = from;
    for (let i = from; i < to; i++) {
      if (ys[i]! < ys[lo]!) lo = i;
      if (ys[i]! > ys[hi]!) hi = i;
    }
    if (from >= to) continue;
    for (const i of lo === hi ? [lo] : lo < hi ? [lo, hi] : [hi, lo]) out.push(point(i));
  }
  out.push(point(n - 1));
  return out;
}
