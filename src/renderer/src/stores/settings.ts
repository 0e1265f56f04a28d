import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { IpcArgs, Settings } from '../../../shared/ipc';
import { call, subscribe } from '../api';

/** Used until main answers, so the map has tiles and the theme follows the OS from the first frame. */
export const DEFAULT_SETTINGS: Settings = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  tileAttribution: '© OpenStreetMap contributors',
  cacheSizeMb: 500,
  theme: 'system',
  autoUpdate: true,
};

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
