import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { FuelEntryBody } from '../../../shared/interface';
import type { FuelEntry, FuelList } from '../../../shared/ipc';
import { call, subscribe } from '../api';
import { cachedListState } from './cached-list';

/** Refills as operators entered them (spec 4.3 fuel-entry), newest first: one asset's, or the fleet's. */
export const useFuel = defineStore('fuel', () => {
  /** Whose entries are listed; null: every asset's. */
  const assetId = ref<number | null>(null);
  const entries = cachedListState<FuelList>(() =>
    call('fuel.list', assetId.value === null ? {} : { assetId: assetId.value }),
  );
  let off: (() => void) | null = null;

  const after = async <T>(write: Promise<T>): Promise<T> => {
    const result = await write;
    void entries.load();
    return result;
  };

  return {
    assetId,
    entries,
    show(id: number | null): Promise<void> {
      off ??= subscribe('records.changed', ({ family }) => {
        if (family === 'fuel') void entries.load();
      });
      assetId.value = id;
      return entries.load();
    },
    add: (body: FuelEntryBody): Promise<FuelEntry> => after(call('fuel.add', { body })),
    update: (id: number, body: FuelEntryBody): Promise<FuelEntry> => after(call('fuel.update', { id, body })),
    remove: (id: number): Promise<null> => after(call('fuel.remove', { id })),
  };
});
