import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { RemoteProfile, SessionView } from '../../../shared/ipc';
import { call, subscribe } from '../api';

export const useSession = defineStore('session', () => {
  const view = ref<SessionView | null>(null);
  const busy = ref(false);
  const signedIn = computed(() => view.value?.signedIn === true && !view.value.needsSignIn);

  async function run(action: () => Promise<SessionView>): Promise<SessionView> {
    busy.value = true;
    try {
      view.value = await action();
      return view.value;
    } finally {
      busy.value = false;
    }
  }

  return {
    view,
    busy,
    signedIn,
    load: () => run(() => call('session.get')),
    signInDemo: () => run(() => call('session.signInDemo')),
    signInRemote: (profile: RemoteProfile, token: string, persistToken: boolean) =>
      run(() => call('session.signInRemote', { profile, token, persistToken })),
    /** Resolves once the operator has signed in in the browser (or refused, or cancelled). */
    signInWithBrowser: (address: string, persistToken: boolean) =>
      run(() => call('session.signInWithBrowser', { address, persistToken })),
    cancelSignIn: async (): Promise<void> => {
      await call('session.cancelSignIn');
    },
    openSignInPage: async (): Promise<void> => {
      await call('session.openSignInPage');
    },
    signOut: () => run(() => call('session.signOut')),
    listen: (): (() => void) => subscribe('session.changed', (v) => (view.value = v)),
  };
});
