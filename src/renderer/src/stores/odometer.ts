import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { OdometerEntryBody } from '../../../shared/interface';
import type { CachedList, OdometerEntry } from '../../../shared/ipc';
import { call, subscribe } from '../api';
import { cachedListState } from './cached-list';

/** Odometer readings entered by operators (spec 4.3 odometer-entry): one asset's, or the fleet's. */
export const useOdometer = defineStore('odometer', () => {
  /** Whose readings are listed; null: every asset's. */
  const assetId = ref<number | null>(null);
  const entries = cachedListState<CachedList<OdometerEntry>>(() =>
    call('odometer.list', assetId.value === null ? {} : { assetId: assetId.value }),
  );
  let off: (() => void) | null = null;

  return {
    assetId,
    entries,
    show(id: number | null): Promise<void> {
      off ??= subscribe('records.changed', ({ family }) => {
        if (family === 'odometer') void entries.load();
      });
      assetId.value = id;
      return entries.load();
    },
    async add(body: OdometerEntryBody): Promise<OdometerEntry> {
      const entry = await call('odometer.add', { body });
      void entries.load();
      return entry;
    },
  };
});
