import { onScopeDispose, ref, shallowRef } from 'vue';
import type { Tag } from '../../../../shared/ipc';
import { call, subscribe } from '../../api';

/**
 * The tags and beacons (spec 4.3 `tag`) the beacon reports pick from: the
 * list main keeps (the Tags screen registers them), read when the form
 * mounts and again whenever main says the family changed. Its age shows
 * when it comes from the cache.
 */
export function useBeacons() {
  const tags = shallowRef<readonly Tag[]>([]);
  const fetchedAt = ref<number | null>(null);
  const fromCache = ref(false);
  const error = ref<string | null>(null);

  async function load(): Promise<void> {
    try {
      const list = await call('tags.list');
      tags.value = list.items;
      fetchedAt.value = list.fetchedAt;
      fromCache.value = list.fromCache;
      error.value = null;
    } catch (err) {
      error.value = err instanceof Error ? err.message : String(err);
    }
  }

  const off = subscribe('records.changed', (c) => {
    if (c.family === 'tags') void load();
  });
  onScopeDispose(off);
  void load();
  return { tags, fetchedAt, fromCache, error };
}
