import type { HistoryColumns } from '../../../../shared/ipc';
import { nthSmallest } from './nth-smallest';

/**
 * docs/architecture.md "History and replay": a stretch without fixes longer than
 * max(GAP_FLOOR_MS, GAP_INTERVAL_FACTOR × the track's median interval) is "no data",
 * never a stop. The floor keeps a parked tracker's sparse heartbeats a stop; the factor
 * lets a tracker that reports every 5 min miss a few reports without a gap being drawn.
 */
export const GAP_FLOOR_MS = 15 * 60_000;
export const GAP_INTERVAL_FACTOR = 6;

/** A stretch with no fixes: from the fix at afterIndex to the next one. */
export interface DataGap {
  readonly afterIndex: number;
  readonly start: number;
  readonly end: number;
  readonly durationMs: number;
}

/** The median of the positive intervals between consecutive fixes; null with fewer than two fixes. */
export function medianInterval(t: Float64Array): number | null {
  // A typed array of the intervals: 30 days of a 10 s tracker (259,200 fixes) in one buffer.
  const steps = new Float64Array(Math.max(0, t.length - 1));
  let n = 0;
  for (let i = 1; i < t.length; i++) {
    const dt = t[i]! - t[i - 1]!;
    if (dt > 0) steps[n++] = dt;
  }
  if (n === 0) return null;
  const positive = steps.subarray(0, n);
  const mid = n >> 1;
  const upper = nthSmallest(positive, mid);
  if (n % 2 === 1) return upper;
  // The lower middle is the largest value left of the upper one once it is in place.
  let lower = -Infinity;
  for (let i = 0; i < mid; i++) if (positive[i]! > lower) lower = positive[i]!;
  return (lower + upper) / 2;
}

export function gapThreshold(t: Float64Array): number {
  // The floor holds for any median up to floor ÷ factor (2.5 min): more than half the positive
  // intervals that short put the median there, found by counting, with no array of intervals and no
  // selection (a month of a 10-s tracker is 259,199 intervals, on the way to its first frame).
  const short = GAP_FLOOR_MS / GAP_INTERVAL_FACTOR;
  let positive = 0;
  let atMostShort = 0;
  for (let i = 1; i < t.length; i++) {
    const dt = t[i]! - t[i - 1]!;
    if (dt > 0) {
      positive++;
      if (dt <= short) atMostShort++;
    }
  }
  // The median's upper middle (or its middle) is the (positive >> 1)-th smallest, counted from 0.
  if (atMostShort > positive >> 1) return GAP_FLOOR_MS;
  const median = medianInterval(t);
  return Math.max(GAP_FLOOR_MS, median === null ? 0 : GAP_INTERVAL_FACTOR * median);
}

/**
 * Every interval between consecutive fixes longer than the threshold. A hole in the
 * offline cache (a day never fetched) has no fixes either, so it is found the same way.
 */
export function findDataGaps(cols: HistoryColumns, threshold = gapThreshold(cols.t)): DataGap[] {
  const t = cols.t;
  const out: DataGap[] = [];
  for (let i = 0; i + 1 < t.length; i++) {
    const dt = t[i + 1]! - t[i]!;
    if (dt > threshold) out.push({ afterIndex: i, start: t[i]!, end: t[i + 1]!, durationMs: dt });
  }
  return out;
}

/** The gap that holds t strictly inside it: there, the track has no "where" to show. */
export function gapAt(gaps: readonly DataGap[], t: number): DataGap | null {
  return gaps.find((g) => t > g.start && t < g.end) ?? null;
}

/** 1 at each index whose interval to the next fix is a gap: an O(1) test for the passes over the track. */
export function gapMask(length: number, gaps: readonly DataGap[]): Uint8Array {
  const mask = new Uint8Array(length);
  for (const g of gaps) if (g.afterIndex < length) mask[g.afterIndex] = 1;
  return mask;
}
