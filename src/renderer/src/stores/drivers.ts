import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { Driver } from '../../../shared/ipc';
import { call, subscribe } from '../api';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * The drivers this user may report on, with the assets each drives: the
 * report form picks a driver from here rather than asking for a raw id.
 * From the service, or from main's cache with its age when offline.
 */
export const useDrivers = defineStore('drivers', () => {
  const drivers = shallowRef<readonly Driver[]>([]);
  const fetchedAt = ref<number | null>(null);
  const fromCache = ref(false);
  const loaded = ref(false);
  const error = ref<string | null>(null);

  const sorted = computed(() => [...drivers.value].sort((a, b) => collator.compare(a.name, b.name)));
  const byId = computed(() => new Map(drivers.value.map((d) => [d.id, d])));

  async function load(): Promise<void> {
    try {
      const list = await call('drivers.list');
      drivers.value = list.items;
      fetchedAt.value = list.fetchedAt;
      fromCache.value = list.fromCache;
      loaded.value = true;
      error.value = null;
    } catch (err) {
      error.value = err instanceof Error ? err.message : String(err);
    }
  }

  return {
    drivers,
    sorted,
    byId,
    fetchedAt,
    fromCache,
    loaded,
    error,
    load,
    listen: (): (() => void) =>
      subscribe('records.changed', (c) => {
        if (c.family === 'drivers') void load();
      }),
  };
});
