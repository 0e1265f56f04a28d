import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import type { AccessView } from '../../../shared/ipc';
import { call, subscribe } from '../api';

/** Until main answers, every action stays allowed: a refusal then comes back as `forbidden` with its reason. */
const UNKNOWN: AccessView = {
  wholeFleet: null,
  may: {
    wholeFleetAlert: { allowed: true, reason: null },
    linkWholeAccount: { allowed: true, reason: null },
  },
};

/** What the signed-in user may do beyond their own assets (spec 5), kept current by main's access.changed. */
export const useAccess = defineStore('access', () => {
  const view = shallowRef<AccessView>(UNKNOWN);
  let off: (() => void) | null = null;

  return {
    view,
    /** Loads once and follows main's pushes from then on; later calls ask main again. */
    async load(): Promise<void> {
      off ??= subscribe('access.changed', (v) => (view.value = v));
      try {
        view.value = await call('access.get');
      } catch {
        // Not known: actions stay allowed and the service's 403 says why when it refuses.
      }
    },
  };
});
