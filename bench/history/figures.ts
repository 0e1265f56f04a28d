import { availableParallelism, loadavg } from 'node:os';
import { percentile } from '../support/sample-stats';

/** How bench:history prints its figures, in both of its modes. */
export const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * The machine's load: the figures of a shared machine mean little without it. Windows has no load
 * average (Node's loadavg() is zeros there), and "load 0.00" would read as a quiet machine.
 */
export const load = (platform: NodeJS.Platform = process.platform): string =>
  platform === 'win32'
    ? `no load average on Windows, ${availableParallelism()} cores`
    : `load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${availableParallelism()} cores`;

export const figureLine = (label: string, xs: readonly number[], width = 34): string =>
  `  ${label.padEnd(width)} median ${fmt(percentile(xs, 50)).padStart(5)} ms, p95 ${fmt(percentile(xs, 95)).padStart(5)} ms (n=${xs.length})`;

export const verdict = (ok: boolean): string => (ok ? 'met' : 'NOT met');
