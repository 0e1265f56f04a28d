import { defineStore } from 'pinia';
import { computed, markRaw, ref, shallowRef } from 'vue';
import {
  ACKNOWLEDGE_MAX,
  ALARM_PAGE_MAX,
  EMPTY_ALARM_SUMMARY,
  type AcknowledgeRefusal,
  type AlarmSummary,
  type InboxAlarm,
} from '../../../shared/ipc/alarm-views';
import type { IpcEvents } from '../../../shared/ipc';
import { call, subscribe } from '../api';
import { worstSeverity } from '../features/alarms/alarm-format';
import { AlarmListModel, ALL_ALARMS, filterFor, type AlarmQuery } from '../features/alarms/alarm-list-model';
import { useNavigation } from '../layout/navigation';

export type RaisedPush = IpcEvents['alarms.raised'];
export type RaisedListener = (push: RaisedPush) => void;

export interface AcknowledgeOutcome {
  readonly acknowledged: readonly InboxAlarm[];
  readonly refused: readonly AcknowledgeRefusal[];
}

/** How long pushes are gathered before the list asks again: a catch-up of thousands is one refresh. */
const REFRESH_DELAY_MS = 150;

/**
 * The alarm inbox as the renderer sees it (docs/architecture.md "Alarms"):
 * main's summary (counts, mode, alarmed assets), the list's pages and
 * filter, the operator's selection, and the alarm being shown on the map.
 * The core owns the alarms; this asks for pages and follows its pushes.
 */
export const useAlarms = defineStore('alarms', () => {
  const nav = useNavigation();
  const summary = shallowRef<AlarmSummary>(EMPTY_ALARM_SUMMARY);
  /** Bumped whenever the list model changes: the list reads the model through it. */
  const listVersion = ref(0);
  const model = markRaw(
    new AlarmListModel(
      (filter) => call('alarms.list', { filter }),
      () => listVersion.value++,
    ),
  );
  const query = shallowRef<AlarmQuery>(ALL_ALARMS);
  const grouped = ref(true);
  const selected = shallowRef<ReadonlySet<string>>(new Set());
  /** The alarm marked on the live map, until dismissed. */
  const spotlight = shallowRef<InboxAlarm | null>(null);
  const raisedListeners = new Set<RaisedListener>();
  /** The list is on screen: pushes refresh it (otherwise opening it loads afresh). */
  let listOpen = false;
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;

  const unacknowledged = computed(() => summary.value.unacknowledged);
  const worst = computed(() => worstSeverity(summary.value.unacknowledgedBySeverity));

  function scheduleRefresh(): void {
    if (!listOpen || refreshTimer) return;
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      void model.refresh();
    }, REFRESH_DELAY_MS);
  }

  function setSelected(keys: Iterable<string>): void {
    selected.value = new Set(keys);
  }

  function onRaised(push: RaisedPush): void {
    scheduleRefresh();
    for (const l of raisedListeners) l(push);
  }

  function onUpdated(alarms: readonly InboxAlarm[]): void {
    void model.patch(alarms);
    const acknowledged = alarms.filter((a) => a.acknowledgement !== null).map((a) => a.key);
    if (acknowledged.some((k) => selected.value.has(k)))
      setSelected([...selected.value].filter((k) => !acknowledged.includes(k)));
    const shown = spotlight.value;
    if (shown) spotlight.value = alarms.find((a) => a.key === shown.key) ?? shown;
  }

  async function acknowledge(keys: readonly string[], comment: string): Promise<AcknowledgeOutcome> {
    const acknowledged: InboxAlarm[] = [];
    const refused: AcknowledgeRefusal[] = [];
    const text = comment.trim();
    for (let i = 0; i < keys.length; i += ACKNOWLEDGE_MAX) {
      const batch = keys.slice(i, i + ACKNOWLEDGE_MAX);
      const result = await call('alarms.acknowledge', { keys: batch, ...(text ? { comment: text } : {}) });
      acknowledged.push(...result.acknowledged);
      refused.push(...result.refused);
    }
    // Main pushes alarms.updated too; applying the answer now shows it without waiting for the push.
    onUpdated(acknowledged);
    return { acknowledged, refused };
  }

  return {
    summary,
    unacknowledged,
    worst,
    mode: computed(() => summary.value.mode),
    listVersion,
    model,
    query,
    grouped,
    selected,
    spotlight,

    load: async (): Promise<void> => {
      summary.value = await call('alarms.summary');
    },
    sync: async (): Promise<void> => {
      summary.value = await call('alarms.sync');
    },
    listen(): () => void {
      const offs = [
        subscribe('alarms.changed', (s) => (summary.value = s)),
        subscribe('alarms.raised', onRaised),
        subscribe('alarms.updated', (p) => onUpdated(p.alarms)),
      ];
      return () => offs.forEach((off) => off());
    },
    /** Sounds and notifications follow the raised alarms through this. */
    onRaised(listener: RaisedListener): () => void {
      raisedListeners.add(listener);
      return () => raisedListeners.delete(listener);
    },

    /** The list screen opens: its pages load afresh for the current filter. */
    openList: async (): Promise<void> => {
      listOpen = true;
      await model.setQuery(query.value, grouped.value);
    },
    closeList(): void {
      listOpen = false;
      if (refreshTimer) clearTimeout(refreshTimer);
      refreshTimer = null;
    },
    setQuery: async (next: AlarmQuery, group = grouped.value): Promise<void> => {
      query.value = next;
      grouped.value = group;
      setSelected([]);
      await model.setQuery(next, group);
    },

    setSelected,
    toggle(key: string): void {
      const next = new Set(selected.value);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      selected.value = next;
    },
    /** Adds the unacknowledged ones of `alarms` to the selection (a range). */
    addToSelection(alarms: readonly InboxAlarm[]): void {
      const next = new Set(selected.value);
      for (const a of alarms) if (a.acknowledgement === null) next.add(a.key);
      selected.value = next;
    },
    /** Every unacknowledged alarm of the filter, up to one page of the contract. */
    selectAllUnacknowledged: async (): Promise<number> => {
      const page = await call('alarms.list', {
        filter: { ...filterFor(query.value, null, 0), acknowledged: false, limit: ALARM_PAGE_MAX },
      });
      setSelected(page.alarms.map((a) => a.key));
      return page.total;
    },
    acknowledge,

    showOnMap(alarm: InboxAlarm): void {
      spotlight.value = alarm;
      nav.select(alarm.assetId);
      nav.go('map');
    },
    dismissSpotlight(): void {
      spotlight.value = null;
    },
    replay(alarm: InboxAlarm): void {
      nav.requestHistoryAt(alarm.assetId, alarm.raisedAt);
    },
  };
});
