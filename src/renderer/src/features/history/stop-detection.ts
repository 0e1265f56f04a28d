import type { HistoryColumns } from '../../../../shared/ipc';
import { findDataGaps, gapMask, type DataGap } from './data-gaps';

/** docs/architecture.md "The renderer": a stop is speed 0 for at least two minutes. */
export const STOP_MIN_MS = 2 * 60_000;

export interface Stretch {
  readonly startIndex: number;
  /** The last fix inside the stretch. */
  readonly endIndex: number;
  readonly start: number;
  /**
   * When the asset moved again (the next fix outside), or the last fix inside when it never did or
   * when the data stops (a gap after it is no data, not more of the stop).
   */
  readonly end: number;
  readonly durationMs: number;
  readonly lat: number;
  readonly lon: number;
}

/** Runs of consecutive fixes for which `inside(i)` holds, not across a data gap, that last at least minMs. */
export function findStretches(
  cols: HistoryColumns,
  inside: (i: number) => boolean,
  minMs: number,
  gaps: readonly DataGap[] = findDataGaps(cols),
): Stretch[] {
  const out: Stretch[] = [];
  const n = cols.t.length;
  const gapAfter = gapMask(n, gaps);
  let i = 0;
  while (i < n) {
    if (!inside(i)) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < n && gapAfter[j] === 0 && inside(j + 1)) j++;
    const start = cols.t[i]!;
    const end = j + 1 < n && gapAfter[j] === 0 ? cols.t[j + 1]! : cols.t[j]!;
    if (end - start >= minMs) {
      out.push({
        startIndex: i,
        endIndex: j,
        start,
        end,
        durationMs: end - start,
        lat: cols.lat[i]!,
        lon: cols.lon[i]!,
      });
    }
    i = j + 1;
  }
  return out;
}

/** Stops: the service reported speed 0 (an unknown speed is not a stop). */
export function findStops(
  cols: HistoryColumns,
  gaps: readonly DataGap[] = findDataGaps(cols),
  minMs = STOP_MIN_MS,
): Stretch[] {
  return findStretches(cols, (i) => cols.speed[i] === 0, minMs, gaps);
}

/** What "skip idle" jumps over: standing still, or ignition off whatever the speed says. */
export function findIdle(
  cols: HistoryColumns,
  gaps: readonly DataGap[] = findDataGaps(cols),
  minMs = STOP_MIN_MS,
): Stretch[] {
  return findStretches(cols, (i) => cols.speed[i] === 0 || cols.ignition[i] === 0, minMs, gaps);
}
