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

/** Everything the History screen derives from an answer before it draws (timed by bench:history). */
export function deriveLoadedHistory(result: HistoryResult, askedAt: number): LoadedHistory {
  const gaps = findDataGaps(result.points);
  // Idle stretches end where a gap begins, so the two never overlap.
  const idle = [...findIdle(result.points, gaps), ...gaps].sort((a, b) => a.start - b.start);
  return {
    result,
    stops: findStops(result.points, gaps),
    gaps,
    idle,
    summary: summariseHistory(result.points, gaps),
    askedAt,
  };
}
