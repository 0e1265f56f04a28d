import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import type { TrackerResetMode } from '../../../shared/interface';
import type { TrackerCommand, TrackerCommandsView } from '../../../shared/ipc';
import { call, subscribe } from '../api';

/**
 * Tracker command histories of the trackers on screen. Main polls a tracker
 * while any of its commands is still `sent` and pushes records.changed at
 * each change (docs/interface-decisions.md "The desktop client"): the open
 * history reads itself again then, so sent → acknowledged shows without a
 * reload. Commands are sent only when the operator asks; offline they are
 * refused by main, never kept to be sent later.
 */
export const useTrackerCommands = defineStore('trackerCommands', () => {
  const histories = shallowRef<ReadonlyMap<number, TrackerCommandsView>>(new Map());
  const errors = shallowRef<ReadonlyMap<number, string>>(new Map());
  /** How many screens show each tracker's history: only those are read again on a push. */
  const shown = new Map<number, number>();
  let off: (() => void) | null = null;

  const setError = (trackerId: number, message: string | null): void => {
    const next = new Map(errors.value);
    if (message === null) next.delete(trackerId);
    else next.set(trackerId, message);
    errors.value = next;
  };

  async function load(trackerId: number): Promise<void> {
    try {
      const view = await call('trackers.commands', { trackerId });
      histories.value = new Map(histories.value).set(trackerId, view);
      setError(trackerId, null);
    } catch (err) {
      setError(trackerId, err instanceof Error ? err.message : String(err));
    }
  }

  function listen(): void {
    off ??= subscribe('records.changed', (change) => {
      if (change.family !== 'trackerCommands') return;
      for (const trackerId of shown.keys())
        if (change.trackerId === undefined || change.trackerId === trackerId) void load(trackerId);
    });
  }

  /** Adds a command main just accepted, before the next read lists it. */
  function adopt(command: TrackerCommand): void {
    const view = histories.value.get(command.tracker_id);
    if (!view || view.items.some((c) => c.id === command.id)) return;
    histories.value = new Map(histories.value).set(command.tracker_id, {
      ...view,
      items: [command, ...view.items],
      pending: view.pending || command.status === 'sent',
    });
  }

  return {
    histories,
    errors,
    /** Shows a tracker's history and follows it until the returned function is called. */
    follow(trackerId: number): () => void {
      listen();
      shown.set(trackerId, (shown.get(trackerId) ?? 0) + 1);
      void load(trackerId);
      return () => {
        const n = (shown.get(trackerId) ?? 1) - 1;
        if (n > 0) shown.set(trackerId, n);
        else shown.delete(trackerId);
      };
    },
    load,
    async reset(trackerId: number, mode: TrackerResetMode): Promise<TrackerCommand> {
      const command = await call('trackers.reset', { trackerId, mode });
      adopt(command);
      return command;
    },
    async setBle(trackerId: number, enabled: boolean): Promise<void> {
      await call('trackers.setBle', { trackerId, enabled });
      await load(trackerId);
    },
  };
});
