import type { Alarm } from '../../../shared/interface';
import type { InboxAlarm } from '../../../shared/ipc/alarm-views';
import { ApiError } from '../api/api-error';
import type { AlarmsApi } from '../api/alarms-api';
import type { AlarmStore } from '../cache/alarm-store';
import { mapBounded } from '../fleet/bounded-parallel';
import { inboxAlarmOf } from './inbox-alarm';

/** A new inbox starts with this much of the service's recent history (and every unacknowledged alarm). */
export const FIRST_SYNC_WINDOW_MS = 7 * 86_400_000;
/** Pages (of ALARM_FEED_PAGE_SIZE) one pass reads at most: 50,000 alarms. */
export const CATCH_UP_MAX_PAGES = 100;
const RECHECK_MAX = 500;
const RECHECK_CONCURRENCY = 4;

/**
 * Where the last catch-up got to: the newest alarm it read from the feed. Live
 * alarms never move it (they may arrive before a catch-up has read what came
 * before them, and delivery is at most once even while connected).
 */
export interface CatchUpCursor {
  readonly serviceId: number;
  readonly raisedAt: number;
  readonly kind: string;
  readonly assetId: number;
}

export interface CatchUpResult {
  readonly added: readonly InboxAlarm[];
  readonly updated: readonly InboxAlarm[];
  /** Alarms taken out: the service no longer shows them to this user. */
  readonly removed: number;
  /** The service's alarms were not the ones the inbox knew (a reset service): they were all replaced. */
  readonly reset: boolean;
  readonly cursor: CatchUpCursor | null;
}

export interface CatchUpOptions {
  readonly api: AlarmsApi;
  readonly store: AlarmStore;
  readonly scope: string;
  /** The last catch-up's; null for a new inbox. */
  readonly cursor: CatchUpCursor | null;
  readonly log: { warn(message: string): void };
}

const isStatus = (err: unknown, ...kinds: ApiError['kind'][]): err is ApiError =>
  err instanceof ApiError && kinds.includes(err.kind);

/**
 * What the inbox missed while it was not listening (live delivery is at most
 * once, spec 6.2; docs/interface-decisions.md "The desktop client's reading of
 * the spec"): every alarm raised since the last catch-up's newest (`since` is
 * inclusive, so the boundary comes again and is deduplicated by id), every
 * alarm still unacknowledged, and the acknowledgements made meanwhile of the
 * ones it holds as unacknowledged. A 404 on GET /alarm (a service without the
 * extension) is thrown to the caller.
 */
export async function catchUp(o: CatchUpOptions): Promise<CatchUpResult> {
  const added: InboxAlarm[] = [];
  const updated: InboxAlarm[] = [];
  const merge = (alarms: readonly Alarm[]): void => {
    const r = o.store.merge(o.scope, alarms.map(inboxAlarmOf));
    added.push(...r.added);
    updated.push(...r.updated);
  };

  const reset = o.cursor !== null && !(await sameService(o, o.cursor));
  if (reset) o.store.removeService(o.scope, 'all');
  const from = reset ? null : o.cursor;
  let cursor = from;
  await readPages(
    o,
    { since: from?.raisedAt },
    (alarms) => {
      merge(alarms);
      for (const a of alarms) if (newer(a, cursor)) cursor = cursorOf(a);
    },
    (page, first) =>
      // A new inbox: the newest week by the service's own clock (a simulated one may be far from ours).
      from === null &&
      first !== undefined &&
      page.some((a) => Date.parse(a.raised_at) < first - FIRST_SYNC_WINDOW_MS),
  );

  const stillOpen = new Set<number>();
  await readPages(
    o,
    { acknowledged: false },
    (alarms) => {
      for (const a of alarms) stillOpen.add(a.id);
      merge(alarms);
    },
    () => false,
  );
  // Unacknowledged here but not there: acknowledged by someone while we were away (or raised since).
  const recheck = o.store.unacknowledgedServiceIds(o.scope).filter((id) => !stillOpen.has(id));
  if (recheck.length > RECHECK_MAX)
    o.log.warn(`${recheck.length} alarms to check again after the reconnect; the first ${RECHECK_MAX} are.`);
  const gone: number[] = [];
  let failure: unknown = null;
  await mapBounded(
    recheck.slice(0, RECHECK_MAX),
    RECHECK_CONCURRENCY,
    async (id) => merge([await o.api.alarm(id)]),
    (id, err) => {
      if (isStatus(err, 'not_found', 'forbidden')) gone.push(id);
      else failure ??= err;
    },
  );
  const removed = o.store.removeService(o.scope, gone);
  // What was merged stays; the next catch-up reads it again from the same cursor.
  if (failure !== null) throw failure;
  return { added, updated, removed, reset, cursor };
}

const cursorOf = (a: Alarm): CatchUpCursor => ({
  serviceId: a.id,
  raisedAt: Date.parse(a.raised_at),
  kind: a.kind,
  assetId: a.asset_id,
});

function newer(a: Alarm, than: CatchUpCursor | null): boolean {
  if (!than) return true;
  const t = Date.parse(a.raised_at);
  return t > than.raisedAt || (t === than.raisedAt && a.id > than.serviceId);
}

/**
 * Whether the service still has the cursor's alarm as the inbox knows it: a
 * local service started afresh numbers its alarms from 1 again, and its alarm
 * 7 is not ours. When it does not, the caller drops the service's alarms and
 * starts the inbox again (local alarms stay).
 */
async function sameService(o: CatchUpOptions, cursor: CatchUpCursor): Promise<boolean> {
  let theirs: Alarm;
  try {
    theirs = await o.api.alarm(cursor.serviceId);
  } catch (err) {
    // The user no longer sees that asset: nothing to compare with, and nothing says it changed.
    if (isStatus(err, 'forbidden')) return true;
    if (!isStatus(err, 'not_found')) throw err;
    // Either the alarm is gone, or the whole feed is (a service without the extension): the list tells.
    await o.api.alarmPage({ page: 1, perPage: 1 });
    return false;
  }
  return (
    Date.parse(theirs.raised_at) === cursor.raisedAt &&
    theirs.kind === cursor.kind &&
    theirs.asset_id === cursor.assetId
  );
}

/** Pages of the feed, newest first, until the last page, `enough`, or CATCH_UP_MAX_PAGES. */
async function readPages(
  o: CatchUpOptions,
  query: { readonly since?: number; readonly acknowledged?: boolean },
  take: (alarms: readonly Alarm[]) => void,
  enough: (page: readonly Alarm[], firstRaisedAt: number | undefined) => boolean,
): Promise<void> {
  let first: number | undefined;
  for (let page = 1; page <= CATCH_UP_MAX_PAGES; page++) {
    const res = await o.api.alarmPage({ ...query, page });
    take(res.data);
    const head = res.data[0];
    if (first === undefined && head) first = Date.parse(head.raised_at);
    if (page >= res.meta.last_page || res.data.length === 0 || enough(res.data, first)) return;
    if (page === CATCH_UP_MAX_PAGES)
      o.log.warn(
        `The alarm feed has more than ${CATCH_UP_MAX_PAGES} pages to catch up with; the rest is left.`,
      );
  }
}
