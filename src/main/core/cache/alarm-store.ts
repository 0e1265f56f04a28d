import type Database from 'better-sqlite3';
import { z } from 'zod';
import { ALARM_SEVERITIES, ALERT_KINDS, type AlarmSeverity } from '../../../shared/interface';
import type {
  AlarmAcknowledgementView,
  AlarmPage,
  InboxAlarm,
  ParsedAlarmFilter,
} from '../../../shared/ipc/alarm-views';
import type { AlarmScopes } from './alarm-scopes';

/**
 * The alarm inbox's rows (migrations/0003-alarm-inbox.ts), one inbox per
 * `scope` (alarms/alarm-scope.ts, stored as its number: alarm-scopes.ts). Only the inbox (alarms/alarm-inbox.ts)
 * writes here: it decides what is new, this store makes "new" exact (one row
 * per key, whatever arrives twice).
 */
export interface AlarmStore {
  /**
   * Adds the alarms not yet in the inbox; for those already in it, takes an acknowledgement the row
   * lacks (acknowledgement is one-way: a stale unacknowledged copy changes nothing). One transaction.
   */
  merge(scope: string, alarms: readonly InboxAlarm[]): { added: InboxAlarm[]; updated: InboxAlarm[] };
  /** Sets the acknowledgement of one alarm; null when the inbox has no such alarm. */
  acknowledge(scope: string, key: string, ack: AlarmAcknowledgementView): InboxAlarm | null;
  get(scope: string, key: string): InboxAlarm | null;
  list(scope: string, filter: ParsedAlarmFilter): AlarmPage;
  counts(scope: string): AlarmCounts;
  /** Service alarms the inbox holds as unacknowledged (catch-up checks them again). */
  unacknowledgedServiceIds(scope: string): number[];
  /** Removes service alarms (the service no longer shows them to this user, or was reset). */
  removeService(scope: string, serviceIds: readonly number[] | 'all'): number;
}

export interface AlarmCounts {
  readonly unacknowledged: number;
  readonly bySeverity: Readonly<Record<AlarmSeverity, number>>;
  readonly alarmedAssets: readonly { readonly assetId: number; readonly severity: AlarmSeverity }[];
}

interface AlarmRow {
  key: string;
  source: string;
  service_id: number | null;
  kind: string;
  severity: string;
  asset_id: number;
  asset_name: string;
  raised_at: number;
  latitude: number | null;
  longitude: number | null;
  value: number | null;
  threshold: number | null;
  unit: string | null;
  message: string;
  rule_id: number | null;
  geofence_id: number | null;
  ack_by: string | null;
  ack_user_id: number | null;
  ack_at: number | null;
  ack_comment: string | null;
}

const COLUMNS = `key, source, service_id, kind, severity, asset_id, asset_name, raised_at, latitude, longitude,
  value, threshold, unit, message, rule_id, geofence_id, ack_by, ack_user_id, ack_at, ack_comment`;

const kindSchema = z.enum(ALERT_KINDS);
const severitySchema = z.enum(ALARM_SEVERITIES);

function fromRow(r: AlarmRow): InboxAlarm {
  return {
    key: r.key,
    source: r.source === 'local' ? 'local' : 'service',
    serviceId: r.service_id,
    // The table's CHECK keeps severities right; kinds are parsed so a row from a newer app cannot mislead.
    kind: kindSchema.catch('engine_fault').parse(r.kind),
    severity: severitySchema.catch('warning').parse(r.severity),
    assetId: r.asset_id,
    assetName: r.asset_name,
    raisedAt: r.raised_at,
    position:
      r.latitude === null || r.longitude === null ? null : { latitude: r.latitude, longitude: r.longitude },
    value: r.value,
    threshold: r.threshold,
    unit: r.unit,
    message: r.message,
    ruleId: r.rule_id,
    geofenceId: r.geofence_id,
    acknowledgement:
      r.ack_at === null
        ? null
        : { by: r.ack_by ?? '', byUserId: r.ack_user_id, at: r.ack_at, comment: r.ack_comment },
  };
}

const searchTextOf = (a: InboxAlarm): string =>
  `${a.assetName}\n${a.message}\n${a.kind.replace(/_/g, ' ')}`.toLocaleLowerCase();

/**
 * How a text search is answered: when the other filters leave few rows, each of them is looked up in
 * alarm_text; otherwise alarm_text is scanned once and the rows it matched go in as one list, used by
 * both the page and its total.
 */
type TextCondition = { readonly each: readonly string[] } | { readonly rows: readonly number[] };
/** Up to this many rows left by the other filters, a search looks each one up rather than scanning all text. */
const LOOKUP_MAX = 20_000;

const wordsOf = (search: string | undefined): string[] =>
  (search ?? '').toLocaleLowerCase().split(/\s+/).filter(Boolean);
const allWords = (words: readonly string[], column: string): string =>
  words.map(() => `instr(${column}, ?) > 0`).join(' AND ');

/** The WHERE clause of a filter but its words, with its parameters; lists go in as one JSON parameter each. */
function whereOf(
  scope: number,
  f: ParsedAlarmFilter,
  text: TextCondition | null,
): { sql: string; params: unknown[] } {
  const parts = ['scope = ?'];
  const params: unknown[] = [scope];
  const inList = (column: string, values: readonly unknown[] | undefined): void => {
    if (values === undefined) return;
    // One value as an equality: the planner then walks that column's index newest first.
    const one = values.length === 1;
    parts.push(one ? `${column} = ?` : `${column} IN (SELECT value FROM json_each(?))`);
    params.push(one ? values[0] : JSON.stringify(values));
  };
  inList('severity', f.severities);
  inList('kind', f.kinds);
  inList('asset_id', f.assetIds);
  if (f.acknowledged !== undefined) {
    parts.push('acknowledged = ?');
    params.push(f.acknowledged ? 1 : 0);
  }
  if (f.since !== undefined) {
    parts.push('raised_at >= ?');
    params.push(f.since);
  }
  if (f.until !== undefined) {
    parts.push('raised_at < ?');
    params.push(f.until);
  }
  if (text && 'each' in text) {
    parts.push(
      `EXISTS (SELECT 1 FROM alarm_text t WHERE t.seq = alarm_inbox.seq AND ${allWords(text.each, 't.text')})`,
    );
    params.push(...text.each);
  } else if (text) {
    parts.push('seq IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(text.rows));
  }
  return { sql: parts.join(' AND '), params };
}

export function createAlarmStore(db: Database.Database, scopes: AlarmScopes): AlarmStore {
  const q = {
    insert: db.prepare(
      `INSERT INTO alarm_inbox (scope, ${COLUMNS}, acknowledged)
       VALUES (@scope, @key, @source, @serviceId, @kind, @severity, @assetId, @assetName, @raisedAt, @latitude,
         @longitude, @value, @threshold, @unit, @message, @ruleId, @geofenceId, @ackBy, @ackUserId, @ackAt,
         @ackComment, @acknowledged)
       ON CONFLICT (scope, key) DO NOTHING`,
    ),
    text: db.prepare('INSERT INTO alarm_text (seq, text) VALUES (?, ?)'),
    ack: db.prepare(
      `UPDATE alarm_inbox SET acknowledged = 1, ack_by = ?, ack_user_id = ?, ack_at = ?, ack_comment = ?
       WHERE scope = ? AND key = ? AND acknowledged = 0`,
    ),
    get: db.prepare<[number, string], AlarmRow>(
      `SELECT ${COLUMNS} FROM alarm_inbox WHERE scope = ? AND key = ?`,
    ),
    // One pass over the covering unacknowledged index, in its order: no sort, no row read.
    unackedByAsset: db.prepare<[number], { asset_id: number; severity: string; n: number }>(
      `SELECT asset_id, severity, COUNT(*) AS n FROM alarm_inbox
       WHERE scope = ? AND acknowledged = 0 GROUP BY asset_id, severity`,
    ),
    unacked: db.prepare<[number], { service_id: number }>(
      `SELECT service_id FROM alarm_inbox WHERE scope = ? AND acknowledged = 0 AND source = 'service'`,
    ),
    removeAll: db.prepare(`DELETE FROM alarm_inbox WHERE scope = ? AND source = 'service'`),
    removeOne: db.prepare(`DELETE FROM alarm_inbox WHERE scope = ? AND key = ?`),
  };
  const count = (where: { sql: string; params: unknown[] }): number =>
    db
      .prepare<unknown[], number>(`SELECT COUNT(*) FROM alarm_inbox WHERE ${where.sql}`)
      .pluck()
      .get(...where.params) ?? 0;
  const textCondition = (sid: number, f: ParsedAlarmFilter): TextCondition | null => {
    const words = wordsOf(f.search);
    if (words.length === 0) return null;
    if (count(whereOf(sid, f, null)) <= LOOKUP_MAX) return { each: words };
    const rows = db
      .prepare<string[], number>(`SELECT seq FROM alarm_text WHERE ${allWords(words, 'text')}`)
      .pluck()
      .all(...words);
    return { rows };
  };
  const get = (sid: number, key: string): InboxAlarm | null => {
    const row = q.get.get(sid, key);
    return row ? fromRow(row) : null;
  };
  const setAck = (sid: number, key: string, a: AlarmAcknowledgementView): boolean =>
    q.ack.run(a.by, a.byUserId, a.at, a.comment, sid, key).changes > 0;

  const merge = db.transaction((sid: number, alarms: readonly InboxAlarm[]) => {
    const added: InboxAlarm[] = [];
    const updated: InboxAlarm[] = [];
    for (const a of alarms) {
      const ack = a.acknowledgement;
      const inserted = q.insert.run({
        scope: sid,
        key: a.key,
        source: a.source,
        serviceId: a.serviceId,
        kind: a.kind,
        severity: a.severity,
        assetId: a.assetId,
        assetName: a.assetName,
        raisedAt: a.raisedAt,
        latitude: a.position?.latitude ?? null,
        longitude: a.position?.longitude ?? null,
        value: a.value,
        threshold: a.threshold,
        unit: a.unit,
        message: a.message,
        ruleId: a.ruleId,
        geofenceId: a.geofenceId,
        ackBy: ack?.by ?? null,
        ackUserId: ack?.byUserId ?? null,
        ackAt: ack?.at ?? null,
        ackComment: ack?.comment ?? null,
        acknowledged: ack ? 1 : 0,
      });
      if (inserted.changes > 0) {
        q.text.run(inserted.lastInsertRowid, searchTextOf(a));
        added.push(a);
      } else if (ack && setAck(sid, a.key, ack)) updated.push(get(sid, a.key) ?? a);
    }
    return { added, updated };
  });

  return {
    merge: (scope, alarms) => merge(scopes.id(scope), alarms),
    acknowledge(scope, key, ack) {
      const sid = scopes.id(scope);
      return setAck(sid, key, ack) ? get(sid, key) : null;
    },
    get: (scope, key) => get(scopes.id(scope), key),

    list(scope, filter) {
      const sid = scopes.id(scope);
      const where = whereOf(sid, filter, textCondition(sid, filter));
      const rows = db
        .prepare<unknown[], AlarmRow>(
          `SELECT ${COLUMNS} FROM alarm_inbox WHERE ${where.sql} ORDER BY raised_at DESC, seq DESC LIMIT ? OFFSET ?`,
        )
        .all(...where.params, filter.limit, filter.offset);
      return { alarms: rows.map(fromRow), total: count(where) };
    },

    counts(scope) {
      const bySeverity: Record<AlarmSeverity, number> = { critical: 0, warning: 0, info: 0 };
      const worst = new Map<number, number>();
      for (const r of q.unackedByAsset.all(scopes.id(scope))) {
        const s = severitySchema.safeParse(r.severity);
        if (!s.success) continue;
        bySeverity[s.data] += r.n;
        // ALARM_SEVERITIES runs from the most severe: the lowest index is the worst.
        const rank = ALARM_SEVERITIES.indexOf(s.data);
        worst.set(r.asset_id, Math.min(worst.get(r.asset_id) ?? rank, rank));
      }
      return {
        unacknowledged: bySeverity.critical + bySeverity.warning + bySeverity.info,
        bySeverity,
        alarmedAssets: [...worst].map(([assetId, rank]) => ({
          assetId,
          severity: ALARM_SEVERITIES[rank] ?? 'info',
        })),
      };
    },

    unacknowledgedServiceIds: (scope) => q.unacked.all(scopes.id(scope)).map((r) => r.service_id),
    removeService(scope, serviceIds) {
      const sid = scopes.id(scope);
      if (serviceIds === 'all') return q.removeAll.run(sid).changes;
      let n = 0;
      db.transaction(() => {
        for (const id of serviceIds) n += q.removeOne.run(sid, `svc:${id}`).changes;
      })();
      return n;
    },
  };
}
