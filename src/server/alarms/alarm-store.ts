import type Database from 'better-sqlite3';
import { z } from 'zod';
import { ALARM_SEVERITIES, ALERT_KINDS, type AlarmKind, type AlarmSeverity } from '../../shared/interface';
import type { RaisedAlarm } from './alarm-evaluator';

/** An alarm as kept in the service's SQLite (ids from AUTOINCREMENT: never reused, always rising). */
export interface StoredAlarm extends RaisedAlarm {
  readonly id: number;
  readonly acknowledgement: StoredAcknowledgement | null;
}

export interface StoredAcknowledgement {
  readonly userId: number;
  readonly userName: string;
  readonly at: number;
  readonly comment: string | null;
}

export interface AlarmFilter {
  /** raised_at ≥ since (epoch ms). */
  readonly since?: number;
  readonly assetId?: number;
  readonly kind?: AlarmKind;
  readonly severity?: AlarmSeverity;
  readonly acknowledged?: boolean;
  /** The assets the user may see; null: all. */
  readonly visibleAssetIds: readonly number[] | null;
}

export type AcknowledgeResult =
  | { readonly outcome: 'acknowledged'; readonly alarm: StoredAlarm }
  | { readonly outcome: 'already'; readonly alarm: StoredAlarm }
  | { readonly outcome: 'missing' };

export interface AlarmStore {
  /** Adds the alarms and moves the evaluated-until mark, in one transaction: a crash keeps both or neither. */
  record(alarms: readonly RaisedAlarm[], evaluatedUntil: number): StoredAlarm[];
  evaluatedUntil(): number | null;
  get(id: number): StoredAlarm | null;
  page(filter: AlarmFilter, page: number, perPage: number): { items: StoredAlarm[]; total: number };
  /** Sets the acknowledgement unless there is one already (one UPDATE: two operators cannot both win). */
  acknowledge(id: number, ack: StoredAcknowledgement): AcknowledgeResult;
  /** Whether the demo rules were seeded into this data directory (once, ever). */
  demoSeeded(): boolean;
  markDemoSeeded(): void;
}

const rowSchema = z.object({
  id: z.number(),
  kind: z.enum(ALERT_KINDS),
  severity: z.enum(ALARM_SEVERITIES),
  asset_id: z.number(),
  raised_at: z.number(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  value: z.number().nullable(),
  threshold: z.number().nullable(),
  unit: z.string().nullable(),
  rule_id: z.number(),
  geofence_id: z.number().nullable(),
  message: z.string(),
  ack_user_id: z.number().nullable(),
  ack_user_name: z.string().nullable(),
  ack_at: z.number().nullable(),
  ack_comment: z.string().nullable(),
});

function fromRow(raw: unknown): StoredAlarm {
  const r = rowSchema.parse(raw);
  return {
    id: r.id,
    kind: r.kind,
    severity: r.severity,
    assetId: r.asset_id,
    raisedAt: r.raised_at,
    lat: r.lat,
    lon: r.lon,
    value: r.value,
    threshold: r.threshold,
    unit: r.unit,
    ruleId: r.rule_id,
    geofenceId: r.geofence_id,
    message: r.message,
    acknowledgement:
      r.ack_at === null
        ? null
        : {
            userId: r.ack_user_id ?? 0,
            userName: r.ack_user_name ?? '',
            at: r.ack_at,
            comment: r.ack_comment,
          },
  };
}

const EVALUATED_UNTIL = 'evaluated_until';
const DEMO_SEEDED = 'demo_seeded';

export function createAlarmStore(db: Database.Database): AlarmStore {
  db.exec(`CREATE TABLE IF NOT EXISTS alarms (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    severity TEXT NOT NULL,
    asset_id INTEGER NOT NULL,
    raised_at INTEGER NOT NULL,
    lat REAL, lon REAL,
    value REAL, threshold REAL, unit TEXT,
    rule_id INTEGER NOT NULL,
    geofence_id INTEGER,
    message TEXT NOT NULL,
    ack_user_id INTEGER, ack_user_name TEXT, ack_at INTEGER, ack_comment TEXT
  );
  CREATE UNIQUE INDEX IF NOT EXISTS alarms_once ON alarms (rule_id, asset_id, raised_at);
  CREATE INDEX IF NOT EXISTS alarms_by_asset ON alarms (asset_id, id);
  CREATE INDEX IF NOT EXISTS alarms_by_time ON alarms (raised_at);
  CREATE TABLE IF NOT EXISTS alarm_engine (key TEXT PRIMARY KEY, value INTEGER NOT NULL)`);

  // The unique index is the last guard of "each alarm once": an evaluation that overlapped an earlier one adds nothing.
  const insert = db.prepare(`INSERT OR IGNORE INTO alarms
    (kind, severity, asset_id, raised_at, lat, lon, value, threshold, unit, rule_id, geofence_id, message)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`);
  const setState = db.prepare(
    'INSERT INTO alarm_engine (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const getState = db.prepare('SELECT value FROM alarm_engine WHERE key = ?');
  const select = db.prepare('SELECT * FROM alarms WHERE id = ?');
  const ack = db.prepare(
    'UPDATE alarms SET ack_user_id = ?, ack_user_name = ?, ack_at = ?, ack_comment = ? WHERE id = ? AND ack_at IS NULL RETURNING *',
  );
  const stateValue = (key: string): number | null => {
    const row: unknown = getState.get(key);
    const parsed = z.object({ value: z.number() }).safeParse(row);
    return parsed.success ? parsed.data.value : null;
  };

  const record = db.transaction((alarms: readonly RaisedAlarm[], until: number): StoredAlarm[] => {
    const out: StoredAlarm[] = [];
    for (const a of alarms) {
      const row: unknown = insert.get(
        a.kind,
        a.severity,
        a.assetId,
        a.raisedAt,
        a.lat,
        a.lon,
        a.value,
        a.threshold,
        a.unit,
        a.ruleId,
        a.geofenceId,
        a.message,
      );
      if (row !== undefined) out.push(fromRow(row));
    }
    setState.run(EVALUATED_UNTIL, until);
    return out;
  });

  return {
    record: (alarms, until) => record(alarms, until),
    evaluatedUntil: () => stateValue(EVALUATED_UNTIL),
    get(id) {
      const row: unknown = select.get(id);
      return row === undefined ? null : fromRow(row);
    },
    page(filter, page, perPage) {
      const where: string[] = [];
      const params: (number | string)[] = [];
      const add = (sql: string, ...values: (number | string)[]): void => {
        where.push(sql);
        params.push(...values);
      };
      if (filter.since !== undefined) add('raised_at >= ?', filter.since);
      if (filter.assetId !== undefined) add('asset_id = ?', filter.assetId);
      if (filter.kind !== undefined) add('kind = ?', filter.kind);
      if (filter.severity !== undefined) add('severity = ?', filter.severity);
      if (filter.acknowledged !== undefined)
        add(filter.acknowledged ? 'ack_at IS NOT NULL' : 'ack_at IS NULL');
      // Ids of the user's assets (account.ts: integers), inlined: SQLite caps the number of bound parameters.
      if (filter.visibleAssetIds !== null)
        add(`asset_id IN (${filter.visibleAssetIds.map((id) => Math.trunc(id)).join(',') || 'NULL'})`);
      const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      const total = z
        .object({ n: z.number() })
        .parse(db.prepare(`SELECT count(*) AS n FROM alarms ${clause}`).get(...params)).n;
      const rows = db
        .prepare(`SELECT * FROM alarms ${clause} ORDER BY id DESC LIMIT ? OFFSET ?`)
        .all(...params, perPage, (page - 1) * perPage);
      return { items: rows.map(fromRow), total };
    },
    acknowledge(id, a) {
      const row: unknown = ack.get(a.userId, a.userName, a.at, a.comment, id);
      if (row !== undefined) return { outcome: 'acknowledged', alarm: fromRow(row) };
      const existing = this.get(id);
      return existing ? { outcome: 'already', alarm: existing } : { outcome: 'missing' };
    },
    demoSeeded: () => stateValue(DEMO_SEEDED) === 1,
    markDemoSeeded: () => void setState.run(DEMO_SEEDED, 1),
  };
}
