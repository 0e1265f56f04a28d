import type Database from 'better-sqlite3';
import type { RecordFamily } from '../../../shared/ipc/fleet-admin-views';
import { parseJson } from './asset-store';

/** The part of a family a list covers: one asset's or tracker's records; WHOLE: all of them. */
export const WHOLE = -1;

export interface CachedRecords {
  /** As stored: the caller parses each with its schema and drops what no longer parses. */
  readonly json: unknown[];
  /** When the service last answered a list covering these; null: never. */
  readonly fetchedAt: number | null;
}

/**
 * Spec 4.3 records as last received (migration 0003), per scope (service and
 * user), in the order the service listed them. Lists replace what they cover;
 * single writes keep the cache in step with what the user just changed, so an
 * offline read right after shows it.
 */
export interface RecordCacheStore {
  /** Replaces the records of `part` (WHOLE: the family) with `items` and stamps the list. */
  replaceList(
    scope: string,
    family: RecordFamily,
    part: number,
    items: readonly { readonly id: number; readonly part: number; readonly json: unknown }[],
  ): number;
  put(scope: string, family: RecordFamily, id: number, part: number, json: unknown): void;
  remove(scope: string, family: RecordFamily, id: number): void;
  /** Records of `part` (WHOLE: all), by id; fetchedAt is the newer of the whole list's and the part's. */
  read(scope: string, family: RecordFamily, part: number): CachedRecords;
}

export function createRecordCacheStore(
  db: Database.Database,
  now: () => number = Date.now,
): RecordCacheStore {
  const q = {
    clearAll: db.prepare('DELETE FROM record_items WHERE scope = ? AND family = ?'),
    clearPart: db.prepare('DELETE FROM record_items WHERE scope = ? AND family = ? AND part = ?'),
    insert: db.prepare(
      'INSERT INTO record_items (scope, family, id, part, position, json) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    // A record already listed keeps its place; a new one goes after the others.
    put: db.prepare(
      `INSERT INTO record_items (scope, family, id, part, position, json)
       VALUES (@scope, @family, @id, @part,
         (SELECT IFNULL(MAX(position), -1) + 1 FROM record_items WHERE scope = @scope AND family = @family), @json)
       ON CONFLICT (scope, family, id) DO UPDATE SET part = excluded.part, json = excluded.json`,
    ),
    remove: db.prepare('DELETE FROM record_items WHERE scope = ? AND family = ? AND id = ?'),
    maxPosition: db.prepare<[string, string], { max: number | null }>(
      'SELECT MAX(position) AS max FROM record_items WHERE scope = ? AND family = ?',
    ),
    stamp: db.prepare(
      `INSERT INTO record_lists (scope, family, part, fetched_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (scope, family, part) DO UPDATE SET fetched_at = excluded.fetched_at`,
    ),
    all: db.prepare<[string, string], { json: string }>(
      'SELECT json FROM record_items WHERE scope = ? AND family = ? ORDER BY position, id',
    ),
    part: db.prepare<[string, string, number], { json: string }>(
      'SELECT json FROM record_items WHERE scope = ? AND family = ? AND part = ? ORDER BY position, id',
    ),
    fetchedAt: db.prepare<[string, string, number, number], { at: number | null }>(
      'SELECT MAX(fetched_at) AS at FROM record_lists WHERE scope = ? AND family = ? AND part IN (?, ?)',
    ),
  };
  const replaceList = db.transaction(
    (
      scope: string,
      family: RecordFamily,
      part: number,
      items: Parameters<RecordCacheStore['replaceList']>[3],
    ) => {
      if (part === WHOLE) q.clearAll.run(scope, family);
      else q.clearPart.run(scope, family, part);
      // A part's list replaces only that part: its records go after the rest, in the service's order.
      const base = part === WHOLE ? 0 : (q.maxPosition.get(scope, family)?.max ?? -1) + 1;
      items.forEach((item, i) =>
        q.insert.run(scope, family, item.id, item.part, base + i, JSON.stringify(item.json)),
      );
      const at = now();
      q.stamp.run(scope, family, part, at);
      return at;
    },
  );
  return {
    replaceList: (scope, family, part, items) => replaceList(scope, family, part, items),
    put(scope, family, id, part, json) {
      q.put.run({ scope, family, id, part, json: JSON.stringify(json) });
    },
    remove(scope, family, id) {
      q.remove.run(scope, family, id);
    },
    read(scope, family, part) {
      const rows = part === WHOLE ? q.all.all(scope, family) : q.part.all(scope, family, part);
      const at = q.fetchedAt.get(scope, family, WHOLE, part)?.at ?? null;
      return { json: rows.map((r) => parseJson(r.json)), fetchedAt: at };
    },
  };
}
