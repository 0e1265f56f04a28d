import { defineStore } from 'pinia';
import { computed } from 'vue';
import type { CachedList, Driver } from '../../../shared/ipc';
import { call, subscribe } from '../api';
import { cachedListState } from './cached-list';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const NONE: readonly Driver[] = [];

/**
 * The drivers this user may report on, with the assets each drives: the
 * report form picks a driver from here rather than asking for a raw id.
 * From the service, or from main's cache with its age when offline.
 */
export const useDrivers = defineStore('drivers', () => {
  const state = cachedListState<CachedList<Driver>>(() => call('drivers.list'));
  const drivers = computed(() => state.list.value?.items ?? NONE);
  let off: (() => void) | null = null;
  return {
    list: state.list,
    error: state.error,
    sorted: computed(() => [...drivers.value].sort((a, b) => collator.compare(a.name, b.name))),
    byId: computed(() => new Map(drivers.value.map((d) => [d.id, d]))),
    /** Reads the list, and again whenever main says drivers changed. */
    load(): Promise<void> {
      off ??= subscribe('records.changed', (c) => {
        if (c.family === 'drivers') void state.load();
      });
      return state.load();
    },
  };
});
