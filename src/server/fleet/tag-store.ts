import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { Tag } from '../../shared/interface';
import type { Fleet } from '../sim/types';

export interface NewTag {
  readonly name: string;
  readonly mac: string;
  readonly portable: boolean;
  readonly asset_id: number | null;
}

/** When the demo's own beacons count as registered: before anything a user registers. */
export const SIM_BEACONS_REGISTERED_AT = Date.UTC(2025, 0, 1);

/**
 * Tags: the simulated fleet's beacons and those created through POST tag
 * (spec 4.3). A simulated beacon replaced through PUT tag/{id} is stored here
 * under its own id and shown as stored from then on; the simulation (and so
 * the beacon reports' detections) keeps its own name for it.
 */
export interface TagStore {
  /** null when the MAC address is already registered. */
  create(tag: NewTag, by: number, now: number): Tag | null;
  /** Every tag, by id. */
  list(): Tag[];
  get(id: number): Tag | null;
  /** `unknown`: no tag with that id; `mac_taken`: another tag has the MAC. */
  replace(id: number, tag: NewTag, by: number): Tag | 'unknown' | 'mac_taken';
}

const rowSchema = z.object({
  id: z.number(),
  name: z.string(),
  mac: z.string(),
  portable: z.number(),
  asset_id: z.number().nullable(),
  created_at: z.number(),
});

const tagOfRow = (raw: unknown): Tag => {
  const r = rowSchema.parse(raw);
  return {
    id: r.id,
    name: r.name,
    mac: r.mac,
    portable: r.portable === 1,
    asset_id: r.asset_id,
    created_at: new Date(r.created_at).toISOString(),
  };
};

export function createTagStore(db: Database.Database, fleet: Fleet): TagStore {
  db.exec(`CREATE TABLE IF NOT EXISTS tags (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    mac TEXT NOT NULL UNIQUE,
    portable INTEGER NOT NULL,
    asset_id INTEGER,
    created_by INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  )`);
  // New tags are numbered after the simulated beacons so the two never share an id.
  const firstId = fleet.beacons.reduce((max, b) => Math.max(max, b.id), 0) + 1;
  const simTags = new Map<number, Tag>(
    fleet.beacons.map((b) => [
      b.id,
      {
        id: b.id,
        name: b.name,
        mac: b.mac.toUpperCase(),
        portable: b.portable,
        asset_id: null,
        created_at: new Date(SIM_BEACONS_REGISTERED_AT).toISOString(),
      },
    ]),
  );
  const nextId = db.prepare('SELECT MAX(id) AS max FROM tags');
  const byMac = db.prepare<[string], { id: number }>('SELECT id FROM tags WHERE mac = ?');
  const byId = db.prepare('SELECT * FROM tags WHERE id = ?');
  const all = db.prepare('SELECT * FROM tags ORDER BY id');
  const insert = db.prepare(`INSERT INTO tags (id, name, mac, portable, asset_id, created_by, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`);
  const upsert = db.prepare(`INSERT INTO tags (id, name, mac, portable, asset_id, created_by, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, mac = excluded.mac, portable = excluded.portable,
      asset_id = excluded.asset_id
    RETURNING *`);

  const get = (id: number): Tag | null => {
    const row: unknown = byId.get(id);
    return row === undefined ? (simTags.get(id) ?? null) : tagOfRow(row);
  };
  /** The tag that has `mac` now (a simulated beacon's MAC until it is replaced), other than `except`. */
  const macHolder = (mac: string, except: number | null): number | null => {
    const stored = byMac.get(mac)?.id;
    if (stored !== undefined && stored !== except) return stored;
    for (const t of simTags.values())
      if (t.mac === mac && t.id !== except && get(t.id)?.mac === mac) return t.id;
    return null;
  };

  const create = db.transaction((tag: NewTag, by: number, now: number): Tag | null => {
    if (macHolder(tag.mac, null) !== null) return null;
    const max = z.object({ max: z.number().nullable() }).parse(nextId.get()).max;
    const id = Math.max(firstId, (max ?? 0) + 1);
    return tagOfRow(insert.get(id, tag.name, tag.mac, tag.portable ? 1 : 0, tag.asset_id, by, now));
  });
  const replace = db.transaction((id: number, tag: NewTag, by: number): Tag | 'unknown' | 'mac_taken' => {
    const current = get(id);
    if (!current) return 'unknown';
    if (macHolder(tag.mac, id) !== null) return 'mac_taken';
    const createdAt = Date.parse(current.created_at);
    return tagOfRow(upsert.get(id, tag.name, tag.mac, tag.portable ? 1 : 0, tag.asset_id, by, createdAt));
  });
  return {
    create: (tag, by, now) => create(tag, by, now),
    list() {
      const stored = all.all().map(tagOfRow);
      const overlaid = new Set(stored.map((t) => t.id));
      return [...[...simTags.values()].filter((t) => !overlaid.has(t.id)), ...stored].sort(
        (a, b) => a.id - b.id,
      );
    },
    get,
    replace: (id, tag, by) => replace(id, tag, by),
  };
}
