import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { TrackingLink } from '../../../shared/ipc';
import type { TrackingLinkRequestInput } from '../../../shared/interface';
import { call, subscribe } from '../api';

/** Tracking links created from this desktop, kept current by main's 'links.changed' push. */
export const useLinks = defineStore('links', () => {
  const links = shallowRef<readonly TrackingLink[]>([]);
  const loaded = ref(false);
  const error = ref<string | null>(null);

  async function load(): Promise<void> {
    try {
      links.value = await call('links.list');
      loaded.value = true;
      error.value = null;
    } catch (err) {
      error.value = err instanceof Error ? err.message : String(err);
    }
  }

  async function create(request: TrackingLinkRequestInput): Promise<TrackingLink> {
    const link = await call('links.create', { request });
    if (!links.value.some((l) => l.id === link.id)) links.value = [link, ...links.value];
    return link;
  }

  return {
    links,
    loaded,
    error,
    load,
    create,
    copy: async (url: string): Promise<void> => {
      await call('app.copyText', { text: url });
    },
    open: async (url: string): Promise<void> => {
      await call('app.openExternal', { url });
    },
    listen: (): (() => void) => subscribe('links.changed', (all) => (links.value = all)),
  };
});
