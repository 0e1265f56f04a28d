import type Database from 'better-sqlite3';
import type { ItemSource } from '../../../shared/ipc/alarm-views';
import type { AlarmScopes } from './alarm-scopes';
import { parseJson } from './asset-store';

export type AlarmItemType = 'geofence' | 'rule';

export interface StoredAlarmItem {
  readonly id: number;
  /** As stored: the caller parses it with the shared schema (a row from another version may not fit). */
  readonly body: unknown;
}

/**
 * Geofences and alert rules (migrations/0003-alarm-inbox.ts alarm_items):
 * the service's as last read, so they can be read offline, and this
 * computer's own in local mode. One list per scope, type and source.
 */
export interface AlarmItemStore {
  list(scope: string, type: AlarmItemType, source: ItemSource): StoredAlarmItem[];
  get(scope: string, type: AlarmItemType, source: ItemSource, id: number): StoredAlarmItem | null;
  /** The service's whole list, as just read: what it no longer has goes. */
  replace(scope: string, type: AlarmItemType, items: readonly StoredAlarmItem[]): void;
  put(scope: string, type: AlarmItemType, source: ItemSource, item: StoredAlarmItem): void;
  remove(scope: string, type: AlarmItemType, source: ItemSource, id: number): boolean;
  /** An id for a new local item: above every one this scope has of that type. */
  nextLocalId(scope: string, type: AlarmItemType): number;
}

export function createAlarmItemStore(
  db: Database.Database,
  scopes: AlarmScopes,
  now: () => number = Date.now,
): AlarmItemStore {
  const q = {
    list: db.prepare<[number, string, string], { id: number; body: string }>(
      'SELECT id, body FROM alarm_items WHERE scope = ? AND type = ? AND source = ? ORDER BY id',
    ),
    get: db.prepare<[number, string, string, number], { id: number; body: string }>(
      'SELECT id, body FROM alarm_items WHERE scope = ? AND type = ? AND source = ? AND id = ?',
    ),
    put: db.prepare(
      `INSERT INTO alarm_items (scope, type, source, id, body, updated_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (scope, type, source, id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at`,
    ),
    remove: db.prepare('DELETE FROM alarm_items WHERE scope = ? AND type = ? AND source = ? AND id = ?'),
    clearService: db.prepare("DELETE FROM alarm_items WHERE scope = ? AND type = ? AND source = 'service'"),
    maxLocal: db.prepare<[number, string], { id: number | null }>(
      "SELECT MAX(id) AS id FROM alarm_items WHERE scope = ? AND type = ? AND source = 'local'",
    ),
  };
  const item = (r: { id: number; body: string }): StoredAlarmItem => ({ id: r.id, body: parseJson(r.body) });
  return {
    list: (scope, type, source) => q.list.all(scopes.id(scope), type, source).map(item),
    get(scope, type, source, id) {
      const r = q.get.get(scopes.id(scope), type, source, id);
      return r ? item(r) : null;
    },
    replace: db.transaction((scope: string, type: AlarmItemType, items: readonly StoredAlarmItem[]) => {
      const sid = scopes.id(scope);
      q.clearService.run(sid, type);
      const t = now();
      for (const i of items) q.put.run(sid, type, 'service', i.id, JSON.stringify(i.body), t);
    }),
    put(scope, type, source, i) {
      q.put.run(scopes.id(scope), type, source, i.id, JSON.stringify(i.body), now());
    },
    remove: (scope, type, source, id) => q.remove.run(scopes.id(scope), type, source, id).changes > 0,
    nextLocalId: (scope, type) => (q.maxLocal.get(scopes.id(scope), type)?.id ?? 0) + 1,
  };
}
