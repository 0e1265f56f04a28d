import { defineStore } from 'pinia';
import { markRaw, ref, shallowRef } from 'vue';
import type { HistoryResult } from '../../../shared/ipc';
import { call, hasErrorCode } from '../api';
import { summariseHistory, type HistorySummary } from '../features/history/history-summary';
import { findIdle, findStops, type Stretch } from '../features/history/stop-detection';
import { findDataGaps, type DataGap } from '../features/history/data-gaps';
import {
  presetRange,
  toLocalInput,
  type RangePreset,
  type TimeRange,
} from '../features/history/history-range';

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
 * History & replay state. The typed-array columns never become reactive
 * (docs/architecture.md "The renderer"): the whole answer is markRaw'd and swapped through a shallowRef.
 */
export const useHistory = defineStore('history', () => {
  const loaded = shallowRef<LoadedHistory | null>(null);
  const loading = ref(false);
  const error = ref<string | null>(null);
  /** The range form, kept with the data so returning to the screen shows what the data is for. */
  const preset = ref<RangePreset>('today');
  const customStart = ref(toLocalInput(presetRange('today', Date.now()).start));
  const customEnd = ref(toLocalInput(Date.now()));
  let seq = 0;

  async function load(assetId: number, range: TimeRange): Promise<void> {
    const mine = ++seq;
    const askedAt = Date.now();
    loading.value = true;
    error.value = null;
    try {
      const result = await call('history.get', { assetId, start: range.start, end: range.end });
      if (mine !== seq) return;
      const gaps = findDataGaps(result.points);
      // Idle stretches end where a gap begins, so the two never overlap.
      const idle = [...findIdle(result.points, gaps), ...gaps].sort((a, b) => a.start - b.start);
      loaded.value = markRaw({
        result: markRaw(result),
        stops: markRaw(findStops(result.points, gaps)),
        gaps: markRaw(gaps),
        idle: markRaw(idle),
        summary: summariseHistory(result.points, gaps),
        askedAt,
      });
    } catch (err) {
      if (mine !== seq) return;
      loaded.value = null;
      error.value = hasErrorCode(err, 'offline')
        ? 'Offline — no cached history for this range'
        : err instanceof Error
          ? err.message
          : String(err);
    } finally {
      if (mine === seq) loading.value = false;
    }
  }

  function clear(): void {
    seq++;
    loaded.value = null;
    loading.value = false;
    error.value = null;
  }

  return { loaded, loading, error, preset, customStart, customEnd, load, clear };
});
