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

/** Tags created through POST tag (spec 4.3), next to the simulated fleet's own beacons. */
export interface TagStore {
  /** null when the MAC address is already registered. */
  create(tag: NewTag, by: number, now: number): Tag | null;
}

const rowSchema = z.object({
  id: z.number(),
  name: z.string(),
  mac: z.string(),
  portable: z.number(),
  asset_id: z.number().nullable(),
  created_at: z.number(),
});

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
  const simMacs = new Set(fleet.beacons.map((b) => b.mac.toUpperCase()));
  const nextId = db.prepare('SELECT MAX(id) AS max FROM tags');
  const byMac = db.prepare('SELECT id FROM tags WHERE mac = ?');
  const insert = db.prepare(`INSERT INTO tags (id, name, mac, portable, asset_id, created_by, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`);
  const create = db.transaction((tag: NewTag, by: number, now: number): Tag | null => {
    if (simMacs.has(tag.mac) || byMac.get(tag.mac) !== undefined) return null;
    const max = z.object({ max: z.number().nullable() }).parse(nextId.get()).max;
    const id = Math.max(firstId, (max ?? 0) + 1);
    const r = rowSchema.parse(insert.get(id, tag.name, tag.mac, tag.portable ? 1 : 0, tag.asset_id, by, now));
    return {
      id: r.id,
      name: r.name,
      mac: r.mac,
      portable: r.portable === 1,
      asset_id: r.asset_id,
      created_at: new Date(r.created_at).toISOString(),
    };
  });
  return { create: (tag, by, now) => create(tag, by, now) };
}
