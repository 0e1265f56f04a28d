import {
  trackerCommandSchema,
  type TrackerBleState,
  type TrackerCommand,
  type TrackerResetMode,
} from '../../../shared/interface';
import type { TrackerCommandsView } from '../../../shared/ipc/fleet-admin-views';
import { ApiError } from '../api/api-error';
import type { AdminContext } from '../records/admin-context';
import { createListCache } from '../records/list-cache';
import { write } from '../records/service-calls';

/** How often a tracker with a command still `sent` is asked again (the spec has no event for it). */
export const COMMAND_POLL_MS = 1_000;

/**
 * Spec 4.3 tracker commands: reset (soft or hard) and Bluetooth, sent only
 * when the operator asks and only if the service takes them now (offline:
 * refused, never sent later). While any command of a tracker is `sent`, its
 * newest commands are read every COMMAND_POLL_MS until the tracker has
 * acknowledged them, and each change is pushed as records.changed.
 */
export interface TrackerCommands {
  reset(trackerId: number, mode: TrackerResetMode): Promise<TrackerCommand>;
  setBle(trackerId: number, enabled: boolean): Promise<TrackerBleState>;
  history(trackerId: number): Promise<TrackerCommandsView>;
  stop(): void;
}

const isPending = (c: TrackerCommand): boolean => c.status === 'sent';

function viewOf(trackerId: number, list: Omit<TrackerCommandsView, 'trackerId' | 'bleEnabled' | 'pending'>) {
  // Newest first, whatever order the cache or a page gave.
  const items = [...list.items].sort((a, b) => b.id - a.id);
  const ble = items.find((c) => c.type !== 'reset');
  return {
    ...list,
    items,
    trackerId,
    bleEnabled: ble ? ble.type === 'ble_on' : null,
    pending: items.some(isPending),
  } satisfies TrackerCommandsView;
}

export function createTrackerCommands(ctx: AdminContext, pollMs = COMMAND_POLL_MS): TrackerCommands {
  const cache = createListCache(ctx, 'trackerCommands', trackerCommandSchema, (c) => c.tracker_id);
  /** Trackers with commands not yet acknowledged. */
  const watched = new Set<number>();
  let timer: NodeJS.Timeout | null = null;
  let polling = false;
  let stopped = false;

  const changed = (trackerId: number): void => ctx.changed({ family: 'trackerCommands', trackerId });

  const pollOnce = async (): Promise<void> => {
    const api = ctx.api();
    if (!api) return;
    for (const trackerId of [...watched]) {
      try {
        const newest = await api.trackers.commands(trackerId, { newestOnly: true });
        const before = new Map(cache.cached(trackerId).items.map((c) => [c.id, c.status]));
        let moved = false;
        for (const c of newest) {
          if (before.get(c.id) !== c.status) moved = true;
          cache.put(c);
        }
        if (!newest.some(isPending)) watched.delete(trackerId);
        if (moved) changed(trackerId);
      } catch (err) {
        // Offline or refused: the history stays as it was; a refused tracker is no longer watched.
        if (!(err instanceof ApiError && err.transient)) watched.delete(trackerId);
      }
    }
  };

  const schedule = (): void => {
    if (stopped || timer || watched.size === 0) return;
    timer = setInterval(() => {
      if (polling) return;
      if (watched.size === 0) {
        if (timer) clearInterval(timer);
        timer = null;
        return;
      }
      polling = true;
      pollOnce()
        .catch((err: unknown) => ctx.log.warn(`Reading tracker commands failed: ${String(err)}`))
        .finally(() => (polling = false));
    }, pollMs);
    timer.unref();
  };

  const watch = (trackerId: number): void => {
    watched.add(trackerId);
    schedule();
  };

  return {
    async reset(trackerId, mode) {
      const command = await write(ctx, (api) => api.trackers.reset(trackerId, mode));
      cache.put(command);
      changed(trackerId);
      if (isPending(command)) watch(trackerId);
      return command;
    },
    async setBle(trackerId, enabled) {
      const state = await write(ctx, (api) => api.trackers.setBle(trackerId, enabled));
      // The answer names the command it created; the history shows it from the next read on.
      watch(trackerId);
      changed(trackerId);
      return state;
    },
    async history(trackerId) {
      const list = await cache.list(trackerId, (api) => api.trackers.commands(trackerId));
      const view = viewOf(trackerId, list);
      if (view.pending && !list.fromCache) watch(trackerId);
      return view;
    },
    stop() {
      stopped = true;
      watched.clear();
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
