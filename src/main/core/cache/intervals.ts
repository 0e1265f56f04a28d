/**
 * Half-open time intervals [start, end) in epoch ms, kept as sorted,
 * non-overlapping, non-touching lists. Pure: the history cache's coverage
 * (which ranges of an asset's history are known complete) is built on these.
 */
export interface Interval {
  readonly start: number;
  readonly end: number;
}

/** Sorted, merged, empty intervals dropped. Touching intervals ([0,5) and [5,9)) become one. */
export function normalize(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) {
      if (i.end > last.end) out[out.length - 1] = { start: last.start, end: i.end };
    } else out.push({ start: i.start, end: i.end });
  }
  return out;
}

export function union(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  return normalize([...a, ...b]);
}

/** What of `from` is not in `remove`. */
export function subtract(from: readonly Interval[], remove: readonly Interval[]): Interval[] {
  const cuts = normalize(remove);
  const out: Interval[] = [];
  for (const i of normalize(from)) {
    let start = i.start;
    for (const c of cuts) {
      if (c.end <= start) continue;
      if (c.start >= i.end) break;
      if (c.start > start) out.push({ start, end: c.start });
      start = Math.max(start, c.end);
      if (start >= i.end) break;
    }
    if (start < i.end) out.push({ start, end: i.end });
  }
  return out;
}

/** The parts of `range` that `covered` does not cover: what still has to be fetched. */
export function gaps(range: Interval, covered: readonly Interval[]): Interval[] {
  return subtract([range], covered);
}

export function intersect(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  return subtract(a, subtract(a, b));
}

/** The end of the part of `range` covered without a hole from its start, or null when its start is a gap. */
export function coveredUntil(range: Interval, covered: readonly Interval[]): number | null {
  if (range.end <= range.start) return null;
  for (const c of normalize(covered)) {
    if (c.start <= range.start && c.end > range.start) return Math.min(c.end, range.end);
  }
  return null;
}

export function totalLength(intervals: readonly Interval[]): number {
  return normalize(intervals).reduce((sum, i) => sum + (i.end - i.start), 0);
}
