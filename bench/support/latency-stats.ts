/** Whole milliseconds held in the flat histogram; rarer, longer latencies go to a map. */
const FLAT_MS = 60_000;

/**
 * Latencies weighted by how many positions each message carried, so p95 is "95 % of positions".
 * Kept as a histogram of whole milliseconds: a 100,000-asset window adds millions of samples, which as
 * one object each would grow the heap the live bench reports as the core's, and cost CPU in the very
 * push callback whose CPU it reports.
 */
export class LatencyStats {
  private readonly flat = new Float64Array(FLAT_MS);
  private readonly rare = new Map<number, number>();
  private total = 0;

  add(ms: number, weight: number): void {
    if (!Number.isFinite(ms) || weight <= 0) return;
    const bin = Math.round(ms);
    if (bin >= 0 && bin < FLAT_MS) this.flat[bin]! += weight;
    else this.rare.set(bin, (this.rare.get(bin) ?? 0) + weight);
    this.total += weight;
  }

  get count(): number {
    return this.total;
  }

  percentile(p: number): number {
    if (this.total === 0) return Number.NaN;
    const bins: Array<[number, number]> = [...this.rare];
    this.flat.forEach((weight, ms) => {
      if (weight > 0) bins.push([ms, weight]);
    });
    bins.sort((a, b) => a[0] - b[0]);
    const rank = (p / 100) * this.total;
    let seen = 0;
    for (const [ms, weight] of bins) {
      seen += weight;
      if (seen >= rank) return ms;
    }
    return bins[bins.length - 1]?.[0] ?? Number.NaN;
  }
}
