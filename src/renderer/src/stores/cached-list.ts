import { ref, shallowRef, type Ref, type ShallowRef } from 'vue';
import type { CachedList } from '../../../shared/ipc';

/**
 * One list main answers as a CachedList (docs/interface-decisions.md "The
 * desktop client": from the service, or from main's cache with its age when
 * the service cannot be reached). Loads never overlap: a reload asked for
 * while one runs is made once after it, so a burst of records.changed pushes
 * costs two reads, not one per push, and the last answer always wins.
 * Returned from a Pinia store, its refs read unwrapped (`store.x.list`).
 */
export interface CachedListState<L extends CachedList<unknown>> {
  /** The last answer; null until the first one. */
  readonly list: ShallowRef<L | null>;
  readonly loading: Ref<boolean>;
  /** Why the last load failed (main's words), or null. */
  readonly error: Ref<string | null>;
  load(): Promise<void>;
}

export function cachedListState<L extends CachedList<unknown>>(fetch: () => Promise<L>): CachedListState<L> {
  const list: ShallowRef<L | null> = shallowRef(null);
  const loading = ref(false);
  const error = ref<string | null>(null);
  let running: Promise<void> | null = null;
  let again = false;

  const once = async (): Promise<void> => {
    loading.value = true;
    try {
      do {
        again = false;
        try {
          const answer = await fetch();
          // A reload asked for meanwhile (another asset chosen, a change pushed) answers instead.
          if (!again) list.value = answer;
          error.value = null;
        } catch (err) {
          if (!again) error.value = err instanceof Error ? err.message : String(err);
        }
      } while (again);
    } finally {
      loading.value = false;
      running = null;
    }
  };

  return {
    list,
    loading,
    error,
    load() {
      if (running) {
        again = true;
        return running;
      }
      running = once();
      return running;
    },
  };
}
