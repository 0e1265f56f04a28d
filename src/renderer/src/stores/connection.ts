import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ConnectionStatus } from '../../../shared/ipc';
import { call, subscribe } from '../api';

export const useConnection = defineStore('connection', () => {
  const status = ref<ConnectionStatus | null>(null);
  return {
    status,
    load: async (): Promise<void> => {
      status.value = await call('connection.get');
    },
    listen: (): (() => void) => subscribe('connection.changed', (s) => (status.value = s)),
  };
});
