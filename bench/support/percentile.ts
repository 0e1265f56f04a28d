/** The p-th percentile of a few timings (nearest rank): with 5 runs, p95 is the slowest. */
export const pct = (xs: readonly number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
