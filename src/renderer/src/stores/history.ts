import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import { call, hasErrorCode } from '../api';
import { deriveLoadedHistory, type LoadedHistory } from '../features/history/loaded-history';
import {
  presetRange,
  toLocalInput,
  type RangePreset,
  type TimeRange,
} from '../features/history/history-range';

/**
 * History & replay state. The typed-array columns never become reactive
 * (docs/architecture.md "The renderer"): the whole answer is markRaw'd (loaded-history.ts) and swapped
 * through a shallowRef.
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
      loaded.value = deriveLoadedHistory(result, askedAt);
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
