import type { LatencyStats } from '../support/latency-stats';

export interface WindowFigures {
  /** This process' CPU over the window (100 % = one core). */
  readonly cpuPct: number;
  readonly messagesPerS: number;
  readonly positionsPerS: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
}

/** One measured window's figures, computed alike for the core and for its baseline client. */
export function windowFigures(w: {
  readonly cpu: NodeJS.CpuUsage;
  readonly wallMs: number;
  readonly messages: number;
  readonly positions: number;
  readonly stats: LatencyStats;
}): WindowFigures {
  return {
    cpuPct: ((w.cpu.user + w.cpu.system) / 1000 / w.wallMs) * 100,
    messagesPerS: w.messages / (w.wallMs / 1000),
    positionsPerS: w.positions / (w.wallMs / 1000),
    p50: w.stats.percentile(50),
    p95: w.stats.percentile(95),
    p99: w.stats.percentile(99),
  };
}
