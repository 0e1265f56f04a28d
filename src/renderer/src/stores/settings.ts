import { defineStore } from 'pinia';
import { ref } from 'vue';
import { DEFAULT_SETTINGS, type IpcArgs, type Settings } from '../../../shared/ipc';
import { call, subscribe } from '../api';

export const useSettings = defineStore('settings', () => {
  const settings = ref<Settings>(DEFAULT_SETTINGS);
  return {
    settings,
    load: async (): Promise<void> => {
      settings.value = await call('settings.get');
    },
    set: async (patch: IpcArgs<'settings.set'>): Promise<void> => {
      settings.value = await call('settings.set', patch);
    },
    listen: (): (() => void) => subscribe('settings.changed', (s) => (settings.value = s)),
  };
});
