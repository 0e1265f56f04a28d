/**
 * The order statistics every bench prints, so that a p95 means the same in each of them.
 * Both are NaN for an empty sample: a figure that was not measured prints as NaN, never as 0.
 */

/** The nearest-rank percentile, `p` in 0..100: a value the sample holds, the largest at 100. */
export function percentile(xs: readonly number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}

/** The middle value, or the mean of the two middle values. */
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
