import type Database from 'better-sqlite3';
import { z } from 'zod';

/** A record of one of the named-only resources (spec 4.3), kept as its validated JSON body. */
export interface StoredRecord {
  readonly id: number;
  readonly resource: string;
  readonly body: Record<string, unknown>;
  /** The assets it concerns; null: the whole fleet. */
  readonly assetIds: readonly number[] | null;
  readonly createdBy: number;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface RecordStore {
  create(
    resource: string,
    body: object,
    assetIds: readonly number[] | null,
    by: number,
    now: number,
  ): StoredRecord;
  get(resource: string, id: number): StoredRecord | null;
  list(resource: string): StoredRecord[];
  replace(
    resource: string,
    id: number,
    body: object,
    assetIds: readonly number[] | null,
    now: number,
  ): StoredRecord | null;
  remove(resource: string, id: number): boolean;
  /** Rises with every write of the resource: the alarm engine reloads its rules and geofences when it moved. */
  revision(resource: string): number;
}

const rowSchema = z.object({
  id: z.number(),
  resource: z.string(),
  body: z.string(),
  asset_ids: z.string().nullable(),
  created_by: z.number(),
  created_at: z.number(),
  updated_at: z.number(),
});
const bodySchema = z.record(z.string(), z.unknown());
const idsSchema = z.array(z.number());

function fromRow(raw: unknown): StoredRecord {
  const r = rowSchema.parse(raw);
  return {
    id: r.id,
    resource: r.resource,
    body: bodySchema.parse(JSON.parse(r.body)),
    assetIds: r.asset_ids === null ? null : idsSchema.parse(JSON.parse(r.asset_ids)),
    createdBy: r.created_by,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** One table for all six resources: they differ only in their body schema. */
export function createRecordStore(db: Database.Database): RecordStore {
  db.exec(`CREATE TABLE IF NOT EXISTS fleet_records (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    resource TEXT NOT NULL,
    body TEXT NOT NULL,
    asset_ids TEXT,
    created_by INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS fleet_records_by_resource ON fleet_records (resource, id)`);
  const insert =
    db.prepare(`INSERT INTO fleet_records (resource, body, asset_ids, created_by, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?) RETURNING *`);
  const select = db.prepare('SELECT * FROM fleet_records WHERE resource = ? AND id = ?');
  const selectAll = db.prepare('SELECT * FROM fleet_records WHERE resource = ? ORDER BY id');
  const update = db.prepare(
    'UPDATE fleet_records SET body = ?, asset_ids = ?, updated_at = ? WHERE resource = ? AND id = ? RETURNING *',
  );
  const del = db.prepare('DELETE FROM fleet_records WHERE resource = ? AND id = ?');
  const ids = (a: readonly number[] | null): string | null => (a === null ? null : JSON.stringify(a));
  const revisions = new Map<string, number>();
  const written = (resource: string): void =>
    void revisions.set(resource, (revisions.get(resource) ?? 0) + 1);

  return {
    create(resource, body, assetIds, by, now) {
      written(resource);
      return fromRow(insert.get(resource, JSON.stringify(body), ids(assetIds), by, now, now));
    },
    get(resource, id) {
      const row: unknown = select.get(resource, id);
      return row === undefined ? null : fromRow(row);
    },
    list: (resource) => selectAll.all(resource).map(fromRow),
    replace(resource, id, body, assetIds, now) {
      written(resource);
      const row: unknown = update.get(JSON.stringify(body), ids(assetIds), now, resource, id);
      return row === undefined ? null : fromRow(row);
    },
    remove(resource, id) {
      written(resource);
      return del.run(resource, id).changes > 0;
    },
    revision: (resource) => revisions.get(resource) ?? 0,
  };
}
