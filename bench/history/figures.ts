import { availableParallelism, loadavg } from 'node:os';
import { percentile } from '../support/sample-stats';

/** How bench:history prints its figures, in both of its modes. */
export const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The machine's load: the figures of a shared machine mean little without it. */
export const load = (): string =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${availableParallelism()} cores`;

export const figureLine = (label: string, xs: readonly number[], width = 34): string =>
  `  ${label.padEnd(width)} median ${fmt(percentile(xs, 50)).padStart(5)} ms, p95 ${fmt(percentile(xs, 95)).padStart(5)} ms (n=${xs.length})`;

export const verdict = (ok: boolean): string => (ok ? 'met' : 'NOT met');
