import { z } from 'zod';
import {
  EMPTY_ALARM_SUMMARY,
  type AcknowledgeRefusal,
  type AcknowledgeResult,
  type AlarmMode,
  type AlarmOrigin,
  type AlarmPage,
  type AlarmSummary,
  type InboxAlarm,
  type ParsedAlarmFilter,
} from '../../../shared/ipc/alarm-views';
import { ApiError } from '../api/api-error';
import { createAlarmsApi, type AlarmsApi } from '../api/alarms-api';
import type { AlarmStore } from '../cache/alarm-store';
import type { SettingsStore } from '../cache/settings-store';
import { mapBounded } from '../fleet/bounded-parallel';
import type { AlarmEvent } from '../realtime/alarm-event';
import type { Connection } from '../session/session';
import { catchUp } from './alarm-catch-up';
import { alarmScopeOf } from './alarm-scope';
import { inboxAlarmOf } from './inbox-alarm';

/** Live delivery is at most once even while connected (spec 6.2): a catch-up this often bounds what a lost event costs. */
export const ALARM_RESYNC_INTERVAL_MS = 5 * 60_000;
/** The summary (counts, badge) is pushed at most this often; raised alarms are pushed at once. */
export const SUMMARY_DELAY_MS = 200;
const ACKNOWLEDGE_CONCURRENCY = 4;

export const NO_FEED_REASON =
  'This service has no alarm feed (it answers 404 on /alarm). Fleetdesk raises alarms on this computer from the ' +
  'live positions it receives: geofence enter and exit, trackers silent too long, and speed over the limit.';
const OFFLINE_REASON =
  'The service cannot be reached: the inbox shows what this computer has, and catches up when the service is back.';
const NOT_YET_REASON = 'The service has not been reached yet.';

const syncStateSchema = z.object({
  mode: z.enum(['service', 'local']),
  lastSyncedAt: z.number().nullable(),
  cursor: z
    .object({ serviceId: z.int(), raisedAt: z.number(), kind: z.string(), assetId: z.int() })
    .nullable(),
});
type SyncState = z.infer<typeof syncStateSchema>;

export interface AlarmInboxListener {
  /** `history`: read by a new (or reset) inbox's first catch-up, not news. */
  raised?(alarms: readonly InboxAlarm[], origin: AlarmOrigin, history: boolean): void;
  updated?(alarms: readonly InboxAlarm[]): void;
  summary?(summary: AlarmSummary): void;
  /** The inbox's profile or mode changed (the rule book and the local evaluation follow). */
  modeChanged?(mode: AlarmMode): void;
}

export interface AlarmInboxOptions {
  readonly store: AlarmStore;
  /** Remembers each inbox's mode and catch-up cursor (the offline cache's key-value space). */
  readonly state: Pick<SettingsStore, 'getValue' | 'setValue'>;
  /** The session's connection while it may be used (signed in, no 401 seen); null otherwise. */
  readonly connection: () => Connection | null;
  readonly now: () => number;
  readonly log: { warn(message: string): void };
  readonly summaryDelayMs?: number;
  readonly resyncIntervalMs?: number;
}

/**
 * The one owner of alarms (docs/architecture.md "Alarms"): an inbox per
 * profile in SQLite, fed by the live channel's events and by the catch-up
 * after every (re)connect, and by the core's own evaluation against a service
 * without the alarm feed. Acknowledgement goes through the service, never
 * queued: offline, a service alarm stays unacknowledged and the operator is told.
 */
export interface AlarmInbox {
  /** The signed-in profile's inbox, or null. */
  scope(): string | null;
  mode(): AlarmMode;
  /** The alarm API of the current connection (geofences and rules use it too). */
  api(): AlarmsApi | null;
  list(filter: ParsedAlarmFilter): AlarmPage;
  get(key: string): InboxAlarm | null;
  summary(): AlarmSummary;
  /** Catches up now; never throws (the summary's modeReason says what went wrong). */
  sync(): Promise<AlarmSummary>;
  acknowledge(keys: readonly string[], comment: string | undefined): Promise<AcknowledgeResult>;
  onEvent(event: AlarmEvent): void;
  /** Alarms the core raised itself (local mode). */
  addLocal(alarms: readonly InboxAlarm[]): void;
  /** After every session change: another inbox, or none. */
  sessionChanged(): void;
  subscribe(listener: AlarmInboxListener): () => void;
  stop(): void;
}

export function createAlarmInbox(o: AlarmInboxOptions): AlarmInbox {
  const listeners = new Set<AlarmInboxListener>();
  const apis = new WeakMap<Connection, AlarmsApi>();
  let scope: string | null = null;
  /** Why the last catch-up did not complete (offline, …); null once one did. */
  let problem: string | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let summaryTimer: NodeJS.Timeout | null = null;
  let lastPushed = '';
  const resyncTimer = setInterval(() => {
    if (scope !== null) void sync();
  }, o.resyncIntervalMs ?? ALARM_RESYNC_INTERVAL_MS);
  resyncTimer.unref();

  const emit = (f: (l: AlarmInboxListener) => void): void => {
    for (const l of listeners) {
      try {
        f(l);
      } catch (err) {
        o.log.warn(`An alarm listener failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  };

  const stateKey = (s: string): string => `alarms.sync:${s}`;
  const readState = (s: string): SyncState | null => {
    const parsed = syncStateSchema.safeParse(o.state.getValue(stateKey(s)));
    return parsed.success ? parsed.data : null;
  };
  const writeState = (s: string, state: SyncState): void => o.state.setValue(stateKey(s), state);

  const mode = (): AlarmMode => (scope === null ? 'unavailable' : (readState(scope)?.mode ?? 'unavailable'));

  const summary = (): AlarmSummary => {
    if (scope === null) return EMPTY_ALARM_SUMMARY;
    const state = readState(scope);
    const counts = o.store.counts(scope);
    const m = state?.mode ?? 'unavailable';
    return {
      unacknowledged: counts.unacknowledged,
      unacknowledgedBySeverity: counts.bySeverity,
      alarmedAssets: counts.alarmedAssets,
      mode: m,
      modeReason: problem ?? (m === 'local' ? NO_FEED_REASON : m === 'unavailable' ? NOT_YET_REASON : null),
      lastSyncedAt: state?.lastSyncedAt ?? null,
    };
  };

  const pushSummary = (): void => {
    summaryTimer = null;
    if (stopped) return;
    const s = summary();
    const text = JSON.stringify(s);
    if (text === lastPushed) return;
    lastPushed = text;
    emit((l) => l.summary?.(s));
  };
  const summaryChanged = (): void => {
    if (stopped || summaryTimer) return;
    summaryTimer = setTimeout(pushSummary, o.summaryDelayMs ?? SUMMARY_DELAY_MS);
  };

  const merged = (
    r: { added: readonly InboxAlarm[]; updated: readonly InboxAlarm[] },
    origin: AlarmOrigin,
    history = false,
  ): void => {
    if (r.added.length > 0) emit((l) => l.raised?.(r.added, origin, history));
    if (r.updated.length > 0) emit((l) => l.updated?.(r.updated));
    if (r.added.length > 0 || r.updated.length > 0) summaryChanged();
  };

  const usable = (): { c: Connection; scope: string; api: AlarmsApi } | null => {
    const c = o.connection();
    if (!c || scope === null || alarmScopeOf(c) !== scope) return null;
    let api = apis.get(c);
    if (!api) {
      api = createAlarmsApi(c.http, { apiUrl: c.endpoints.api_url, accountKey: c.endpoints.account_key });
      apis.set(c, api);
    }
    return { c, scope, api };
  };

  const syncOnce = async (): Promise<void> => {
    const u = usable();
    if (!u) return;
    const before = readState(u.scope);
    try {
      const r = await catchUp({
        api: u.api,
        store: o.store,
        scope: u.scope,
        cursor: before?.cursor ?? null,
        log: o.log,
      });
      if (stopped || scope !== u.scope) return;
      problem = null;
      writeState(u.scope, {
        mode: 'service',
        lastSyncedAt: o.now(),
        cursor: r.cursor,
      });
      if (r.reset)
        o.log.warn('The service no longer has the alarms this inbox knew (a reset service): read afresh.');
      merged(r, 'catch-up', !before?.lastSyncedAt || before.mode !== 'service' || r.reset);
      if (r.removed > 0 || r.reset) summaryChanged();
      if (before?.mode !== 'service') emit((l) => l.modeChanged?.('service'));
    } catch (err) {
      if (stopped || scope !== u.scope) return;
      if (err instanceof ApiError && err.kind === 'not_found' && err.route === 'GET /alarm') {
        problem = null;
        writeState(u.scope, { mode: 'local', lastSyncedAt: o.now(), cursor: before?.cursor ?? null });
        if (before?.mode !== 'local') emit((l) => l.modeChanged?.('local'));
      } else if (err instanceof ApiError && err.kind === 'cancelled') {
        return;
      } else if (err instanceof ApiError && err.transient) {
        problem = OFFLINE_REASON;
      } else {
        problem = `The alarms could not be read: ${err instanceof Error ? err.message : String(err)}`;
        o.log.warn(`Alarm catch-up failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    } finally {
      summaryChanged();
    }
  };

  const sync = async (): Promise<AlarmSummary> => {
    if (running) {
      // A reconnect during a catch-up: what it missed may be after the running one's pages.
      again = true;
      await running;
      return summary();
    }
    running = (async () => {
      do {
        again = false;
        await syncOnce();
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    await running;
    return summary();
  };

  const refusal = (key: string, err: unknown): AcknowledgeRefusal => {
    if (!(err instanceof ApiError)) return { key, code: 'internal', message: String(err) };
    switch (err.kind) {
      case 'offline':
      case 'timeout':
      case 'cancelled':
        return {
          key,
          code: err.kind === 'timeout' ? 'timeout' : 'offline',
          message: 'Not acknowledged: the service cannot be reached. Acknowledge it again when it is back.',
        };
      case 'forbidden':
      case 'not_found':
      case 'unauthorized':
      case 'unavailable':
      case 'rate_limited':
      case 'bad_response':
        return { key, code: err.kind, message: err.message };
      default:
        return { key, code: 'internal', message: err.message };
    }
  };

  return {
    scope: () => scope,
    mode,
    api: () => usable()?.api ?? null,
    list: (filter) => (scope === null ? { alarms: [], total: 0 } : o.store.list(scope, filter)),
    get: (key) => (scope === null ? null : o.store.get(scope, key)),
    summary,
    sync,

    async acknowledge(keys, comment) {
      const s = scope;
      if (s === null)
        throw new ApiError({ kind: 'unauthorized', route: 'alarms', message: 'Not signed in.' });
      const c = o.connection();
      const done: InboxAlarm[] = [];
      const changed: InboxAlarm[] = [];
      const refused: AcknowledgeRefusal[] = [];
      const toService: InboxAlarm[] = [];
      for (const key of keys) {
        const a = o.store.get(s, key);
        if (!a) refused.push({ key, code: 'not_found', message: 'This alarm is not in the inbox.' });
        else if (a.acknowledgement) done.push(a);
        else if (a.source === 'service' && a.serviceId !== null) toService.push(a);
        else {
          // A local alarm lives on this computer only: acknowledged here, offline too.
          const by = c?.user.name ?? 'This computer';
          const acked = o.store.acknowledge(s, key, {
            by,
            byUserId: null,
            at: o.now(),
            comment: comment ?? null,
          });
          if (acked) {
            done.push(acked);
            changed.push(acked);
          }
        }
      }
      const api = usable()?.api ?? null;
      let unreachable: AcknowledgeRefusal | null = null;
      await mapBounded(toService, ACKNOWLEDGE_CONCURRENCY, async (a) => {
        // Once the service is unreachable, the rest are refused without waiting on each (never queued).
        if (unreachable) return refused.push({ ...unreachable, key: a.key });
        if (!api) {
          unreachable = refusal(
            a.key,
            new ApiError({ kind: 'offline', route: 'alarms', message: 'Not signed in.' }),
          );
          return refused.push(unreachable);
        }
        try {
          const outcome = await api.acknowledge(a.serviceId ?? 0, comment);
          if (scope !== s) return;
          const r = o.store.merge(s, [inboxAlarmOf(outcome.alarm)]);
          changed.push(...r.updated);
          done.push(o.store.get(s, a.key) ?? inboxAlarmOf(outcome.alarm));
        } catch (err) {
          const r = refusal(a.key, err);
          if (r.code === 'offline' || r.code === 'timeout') unreachable = r;
          refused.push(r);
        }
      });
      if (changed.length > 0) merged({ added: [], updated: changed }, 'live');
      return { acknowledged: done, refused };
    },

    onEvent(event) {
      const s = scope;
      if (s === null || stopped) return;
      const alarms = event.kind === 'raised' ? event.alarms : [event.alarm];
      merged(o.store.merge(s, alarms.map(inboxAlarmOf)), 'live');
    },

    addLocal(alarms) {
      const s = scope;
      if (s === null || stopped || alarms.length === 0) return;
      merged(o.store.merge(s, alarms), 'local');
    },

    sessionChanged() {
      const c = o.connection();
      const next = c ? alarmScopeOf(c) : null;
      if (next === scope) return;
      scope = next;
      problem = null;
      emit((l) => l.modeChanged?.(mode()));
      summaryChanged();
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    stop() {
      stopped = true;
      clearInterval(resyncTimer);
      if (summaryTimer) clearTimeout(summaryTimer);
      summaryTimer = null;
      listeners.clear();
    },
  };
}
