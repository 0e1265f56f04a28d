import { markRaw } from 'vue';
import type { HistoryResult } from '../../../../shared/ipc';
import { findDataGaps, type DataGap } from './data-gaps';
import { summariseHistory, type HistorySummary } from './history-summary';
import { findIdle, findStops, type Stretch } from './stop-detection';

/** A loaded history and what is derived from it once, all kept out of deep reactivity. */
export interface LoadedHistory {
  readonly result: HistoryResult;
  readonly stops: readonly Stretch[];
  /** Stretches with no fixes: drawn and counted as no data, never as stops. */
  readonly gaps: readonly DataGap[];
  /** What "skip idle" jumps over: idle stretches and data gaps, sorted by start. */
  readonly idle: readonly { readonly start: number; readonly end: number }[];
  readonly summary: HistorySummary;
  /** When it was asked for: a range that ended then is "so far" (coverage-notice.ts). */
  readonly askedAt: number;
}

/**
 * What the History screen derives from an answer (timed by bench:history). What the map draws, the
 * gaps and the stops, at once; the summary and the idle stretches when first read, each a pass over
 * every fix: the side panel reads the summary a frame after the track is drawn (after-paint.ts), the
 * replay clock the idle stretches when it first skips them.
 */
export function deriveLoadedHistory(result: HistoryResult, askedAt: number): LoadedHistory {
  const points = result.points;
  const gaps = markRaw(findDataGaps(points));
  let idle: LoadedHistory['idle'] | undefined;
  let summary: HistorySummary | undefined;
  return markRaw({
    result: markRaw(result),
    stops: markRaw(findStops(points, gaps)),
    gaps,
    // Idle stretches end where a gap begins, so the two never overlap.
    get idle() {
      return (idle ??= markRaw([...findIdle(points, gaps), ...gaps].sort((a, b) => a.start - b.start)));
    },
    get summary() {
      return (summary ??= summariseHistory(points, gaps));
    },
    askedAt,
  });
}
