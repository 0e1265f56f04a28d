import type { HistoryCoverage } from '../../../../shared/ipc';
import type { LoadedHistory } from './loaded-history';

/**
 * A User Timing mark set when the History map has drawn a newly shown history on its canvas: the end
 * of "from click to track drawn" (docs/architecture.md "History"), which bench:history --app reads
 * from the page. A mark costs a timeline entry and nothing when no one observes it; it is the
 * standard way a page says "this moment mattered" to DevTools' Performance panel too.
 */
export const HISTORY_DRAWN_MARK = 'fleetdesk:history-drawn';

export interface HistoryDrawnDetail {
  readonly assetId: number;
  readonly start: number;
  readonly end: number;
  /** Fixes in the history drawn: a 30-day 10-s tracker's month is 259,200. */
  readonly points: number;
  readonly source: HistoryCoverage['source'];
  /** How many times the canvas was drawn to show it, and how long those draws took together. */
  readonly draws: number;
  readonly drawMs: number;
}

export function markHistoryDrawn(loaded: LoadedHistory, draws: number, drawMs: number): void {
  const { assetId, start, end, points, coverage } = loaded.result;
  const detail: HistoryDrawnDetail = {
    assetId,
    start,
    end,
    points: points.t.length,
    source: coverage.source,
    draws,
    drawMs,
  };
  performance.mark(HISTORY_DRAWN_MARK, { detail });
}
