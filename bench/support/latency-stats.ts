/** Latencies weighted by how many positions each message carried, so p95 is "95 % of positions". */
export class LatencyStats {
  private readonly samples: Array<{ ms: number; weight: number }> = [];
  private total = 0;

  add(ms: number, weight: number): void {
    this.samples.push({ ms, weight });
    this.total += weight;
  }

  get count(): number {
    return this.total;
  }

  percentile(p: number): number {
    if (this.total === 0) return Number.NaN;
    const sorted = [...this.samples].sort((a, b) => a.ms - b.ms);
    const rank = (p / 100) * this.total;
    let seen = 0;
    for (const s of sorted) {
      seen += s.weight;
      if (seen >= rank) return s.ms;
    }
    return sorted[sorted.length - 1]?.ms ?? Number.NaN;
  }
}
