import { z } from 'zod';
import type { Notice } from '../../../shared/ipc/views';
import type { SettingsStore } from '../cache/settings-store';

const DISMISSED_KEY = 'notices.dismissed';
const dismissedSchema = z.array(z.string()).catch([]);

/**
 * What the user should know (deprecations, keyring, errors), once: a notice
 * with an id already listed is not added twice, and a dismissed one stays
 * dismissed across restarts.
 */
export interface NoticeBoard {
  add(notice: Notice): boolean;
  list(): Notice[];
  dismiss(id: string): void;
  /** The notice is no longer true (a sign-in that ended, signed in again): gone, but not remembered as dismissed. */
  withdraw(id: string): void;
  subscribe(listener: (notice: Notice) => void): () => void;
  onWithdrawn(listener: (id: string) => void): () => void;
}

export function createNoticeBoard(state?: Pick<SettingsStore, 'getValue' | 'setValue'>): NoticeBoard {
  const notices = new Map<string, Notice>();
  const dismissed = new Set(dismissedSchema.parse(state?.getValue(DISMISSED_KEY)));
  const listeners = new Set<(notice: Notice) => void>();
  const withdrawnListeners = new Set<(id: string) => void>();
  return {
    add(notice) {
      if (notices.has(notice.id) || dismissed.has(notice.id)) return false;
      notices.set(notice.id, notice);
      for (const l of listeners) l(notice);
      return true;
    },
    list: () => [...notices.values()].sort((a, b) => a.at - b.at),
    dismiss(id) {
      notices.delete(id);
      if (dismissed.has(id)) return;
      dismissed.add(id);
      // Bounded: the ids are per route / per cause, but a long-lived install should not grow forever.
      state?.setValue(DISMISSED_KEY, [...dismissed].slice(-500));
    },
    withdraw(id) {
      if (!notices.delete(id)) return;
      for (const l of withdrawnListeners) l(id);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onWithdrawn(listener) {
      withdrawnListeners.add(listener);
      return () => withdrawnListeners.delete(listener);
    },
  };
}
