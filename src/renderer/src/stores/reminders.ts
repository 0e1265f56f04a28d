import { defineStore } from 'pinia';
import { computed, shallowRef } from 'vue';
import type { RenewalReminderBody, ServiceReminderBody } from '../../../shared/interface';
import type {
  CachedList,
  IpcArgs,
  ReminderBadge,
  RenewalReminderView,
  ServiceReminderView,
} from '../../../shared/ipc';
import { call, subscribe } from '../api';
import { cachedListState } from './cached-list';

/**
 * Service and renewal reminders of the whole fleet (the Maintenance screen
 * filters them by asset), and per asset how many are overdue or due soon
 * (the asset list's and panel's badges). Due states are main's (shared
 * reminder-due.ts); every change main makes or learns of arrives as
 * records.changed and the lists read themselves again.
 */
/**
 * Badges are read again this often: the service sends no event when another
 * operator adds a reminder, and a reminder falls due with the date alone.
 */
export const BADGE_REFRESH_MS = 60_000;

export const useReminders = defineStore('reminders', () => {
  const service = cachedListState<CachedList<ServiceReminderView>>(() => call('serviceReminders.list'));
  const renewal = cachedListState<CachedList<RenewalReminderView>>(() => call('renewalReminders.list'));
  const badgeList = shallowRef<readonly ReminderBadge[]>([]);
  const badges = computed<ReadonlyMap<number, ReminderBadge>>(
    () => new Map(badgeList.value.map((b) => [b.assetId, b])),
  );
  let listsWanted = false;
  let badgesWanted = false;
  let off: (() => void) | null = null;

  const loadBadges = async (): Promise<void> => {
    try {
      badgeList.value = await call('reminders.badges');
    } catch {
      // Offline with nothing cached, or signed out: the rows show no badge rather than a wrong one.
    }
  };

  /** After a write of ours: what is on screen shows it now, whether or not main's push comes first. */
  async function changed<T>(write: Promise<T>): Promise<T> {
    const result = await write;
    if (listsWanted) void Promise.all([service.load(), renewal.load()]);
    if (badgesWanted) void loadBadges();
    return result;
  }

  function listen(): void {
    off ??= subscribe('records.changed', ({ family }) => {
      // An odometer reading moves how far a reminder by distance is.
      const service_ = family === 'serviceReminders' || family === 'odometer';
      const renewal_ = family === 'renewalReminders';
      if (!service_ && !renewal_) return;
      if (listsWanted && service_) void service.load();
      if (listsWanted && renewal_) void renewal.load();
      if (badgesWanted) void loadBadges();
    });
  }

  return {
    service,
    renewal,
    badges,
    /** The Maintenance screen's lists, read now and after every change. */
    async loadLists(): Promise<void> {
      listsWanted = true;
      listen();
      await Promise.all([service.load(), renewal.load()]);
      // The lists may hold what another operator changed: the badges follow them.
      if (badgesWanted) void loadBadges();
    },
    /** The badges, read now, after every change and every BADGE_REFRESH_MS (the asset list asks on mount). */
    watchBadges(): void {
      if (badgesWanted) return;
      badgesWanted = true;
      listen();
      void loadBadges();
      setInterval(() => void loadBadges(), BADGE_REFRESH_MS);
    },
    createService: (body: ServiceReminderBody) => changed(call('serviceReminders.create', { body })),
    updateService: (id: number, body: ServiceReminderBody) =>
      changed(call('serviceReminders.update', { id, body })),
    removeService: (id: number) => changed(call('serviceReminders.remove', { id })),
    createRenewal: (body: RenewalReminderBody) => changed(call('renewalReminders.create', { body })),
    updateRenewal: (id: number, body: RenewalReminderBody) =>
      changed(call('renewalReminders.update', { id, body })),
    removeRenewal: (id: number) => changed(call('renewalReminders.remove', { id })),
    done: (args: IpcArgs<'reminders.done'>) => changed(call('reminders.done', args)),
  };
});
