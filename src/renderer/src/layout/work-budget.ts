/**
 * The period of work redone from the whole fleet on a timer (the map's cluster index, the asset list's
 * rows): at least `minMs`, and long enough that each run's cost stays within `share` of the page's main
 * thread. At 50,000 assets each such run holds one frame for 20–60 ms; with both once a second, and the
 * collections they leave, about 5 % of the whole window's frames took longer than the 16 ms target
 * (bench:map --window --profile; docs/architecture.md "National fleets"). A small fleet's runs cost a
 * millisecond or two and keep the minimum.
 */
export class WorkBudget {
  private lastMs = 0;

  constructor(
    private readonly minMs: number,
    private readonly share = 0.01,
    private readonly maxMs = 5_000,
  ) {}

  /** Runs `work` and keeps what it cost. */
  run<T>(work: () => T): T {
    const began = performance.now();
    try {
      return work();
    } finally {
      this.record(performance.now() - began);
    }
  }

  /** What the last run cost, timed by the caller (work that ends in a later task, as a render does). */
  record(ms: number): void {
    this.lastMs = ms;
  }

  get periodMs(): number {
    return Math.min(this.maxMs, Math.max(this.minMs, this.lastMs / this.share));
  }
}
