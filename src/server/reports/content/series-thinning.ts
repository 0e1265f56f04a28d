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
  if (points.length <= maxPoints) return points.map(([x, y]) => [x, y]);
  const buckets = Math.max(1, Math.floor((maxPoints - 2) / 2));
  const size = (points.length - 2) / buckets;
  const out: [number, number][] = [[points[0]![0], points[0]![1]]];
  for (let b = 0; b < buckets; b++) {
    const from = 1 + Math.floor(b * size);
    const to = Math.min(points.length - 1, 1 + Math.floor((b + 1) * size));
    let lo = from;
    let hi = from;
    for (let i = from; i < to; i++) {
      if (points[i]![1] < points[lo]![1]) lo = i;
      if (points[i]![1] > points[hi]![1]) hi = i;
    }
    if (from >= to) continue;
    for (const i of lo === hi ? [lo] : lo < hi ? [lo, hi] : [hi, lo])
      out.push([points[i]![0], points[i]![1]]);
  }
  const last = points[points.length - 1]!;
  out.push([last[0], last[1]]);
  return out;
}
