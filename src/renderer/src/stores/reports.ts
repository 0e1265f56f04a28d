import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { JsonReportContent, LocalReport } from '../../../shared/ipc';
import type { ReportRequestInput } from '../../../shared/interface';
import { call, subscribe } from '../api';

/** The local report list, kept current by main's 'reports.changed' / 'reports.removed' pushes. */
export const useReports = defineStore('reports', () => {
  const byId = shallowRef<ReadonlyMap<string, LocalReport>>(new Map());
  const loaded = ref(false);
  const error = ref<string | null>(null);

  /** Newest first: the one just submitted is where the operator looks. */
  const list = computed(() => [...byId.value.values()].sort((a, b) => b.createdAt - a.createdAt));

  function put(r: LocalReport): void {
    const next = new Map(byId.value);
    next.set(r.localId, r);
    byId.value = next;
  }

  function drop(localId: string): void {
    if (!byId.value.has(localId)) return;
    const next = new Map(byId.value);
    next.delete(localId);
    byId.value = next;
  }

  async function load(): Promise<void> {
    try {
      const all = await call('reports.list');
      byId.value = new Map(all.map((r) => [r.localId, r]));
      loaded.value = true;
      error.value = null;
    } catch (err) {
      error.value = err instanceof Error ? err.message : String(err);
    }
  }

  /**
   * Refused with `duplicate` when the same request is already waiting, with
   * the service, or just made (details.localId names it); `allowDuplicate`
   * queues it all the same.
   */
  async function submit(request: ReportRequestInput, allowDuplicate = false): Promise<LocalReport> {
    const r = await call('reports.submit', { request, allowDuplicate });
    put(r);
    return r;
  }

  return {
    list,
    loaded,
    error,
    load,
    submit,
    retry: async (localId: string): Promise<void> => put(await call('reports.retry', { localId })),
    remove: async (localId: string): Promise<void> => {
      await call('reports.remove', { localId });
      drop(localId);
    },
    save: (localId: string): Promise<{ saved: boolean; path: string | null }> =>
      call('reports.save', { localId }),
    open: async (localId: string): Promise<void> => {
      await call('reports.open', { localId });
    },
    showInFolder: async (localId: string): Promise<void> => {
      await call('reports.showInFolder', { localId });
    },
    data: (localId: string): Promise<JsonReportContent> => call('reports.data', { localId }),
    listen(): () => void {
      const offs = [subscribe('reports.changed', put), subscribe('reports.removed', (p) => drop(p.localId))];
      return () => offs.forEach((off) => off());
    },
  };
});
