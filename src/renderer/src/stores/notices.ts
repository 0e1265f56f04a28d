import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { Notice } from '../../../shared/ipc';
import { call, subscribe } from '../api';

export const useNotices = defineStore('notices', () => {
  const list = ref<Notice[]>([]);

  const add = (n: Notice): void => {
    // Main sends each notice once, but a reload re-lists them: keep one per id.
    list.value = [...list.value.filter((x) => x.id !== n.id), n];
  };

  return {
    list,
    load: async (): Promise<void> => {
      list.value = await call('notices.list');
    },
    dismiss: async (id: string): Promise<void> => {
      list.value = list.value.filter((n) => n.id !== id);
      await call('notices.dismiss', { id });
    },
    listen: (): (() => void) => {
      const offAdded = subscribe('notice', add);
      const offWithdrawn = subscribe('notice.withdrawn', ({ id }) => {
        list.value = list.value.filter((n) => n.id !== id);
      });
      return () => {
        offAdded();
        offWithdrawn();
      };
    },
  };
});
