import type Database from 'better-sqlite3';
import { assetSchema, locationSchema, type Asset, type Location } from '../../../shared/interface';

export interface CachedLocation {
  readonly assetId: number;
  readonly location: Location;
  readonly fetchedAt: number;
}

/** Assets and their last known locations (spec 2.7, 2.8), as the service sent them. */
export interface AssetStore {
  /**
   * The whole list, replacing the previous one (assets no longer listed are gone for this user). When
   * every asset, and their order, is as stored, only the time it was read changes and `changed` is false.
   */
  replaceAll(assets: readonly Asset[]): { readonly changed: boolean; readonly fetchedAt: number };
  list(): { readonly assets: Asset[]; readonly fetchedAt: number | null };
  putLocation(assetId: number, location: Location): void;
  locations(): CachedLocation[];
}

export function createAssetStore(db: Database.Database, now: () => number = Date.now): AssetStore {
  const q = {
    clear: db.prepare('DELETE FROM assets'),
    insert: db.prepare('INSERT INTO assets (id, json, list_order, fetched_at) VALUES (?, ?, ?, ?)'),
    all: db.prepare<[], { json: string; fetched_at: number }>(
      'SELECT json, fetched_at FROM assets ORDER BY list_order',
    ),
    stored: db.prepare<[], { json: string }>('SELECT json FROM assets ORDER BY list_order'),
    count: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM assets'),
    stamp: db.prepare('UPDATE assets SET fetched_at = ?'),
    putLocation: db.prepare(
      `INSERT INTO last_locations (asset_id, t, json, fetched_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (asset_id) DO UPDATE SET t = excluded.t, json = excluded.json, fetched_at = excluded.fetched_at
       WHERE excluded.t >= last_locations.t`,
    ),
    locations: db.prepare<[], { asset_id: number; json: string; fetched_at: number }>(
      'SELECT asset_id, json, fetched_at FROM last_locations ORDER BY asset_id',
    ),
  };

  /** Whether the stored rows are these, in this order (read one row at a time, not as a second list). */
  const sameRows = (json: readonly string[]): boolean => {
    if (q.count.get()?.n !== json.length) return false;
    let i = 0;
    for (const row of q.stored.iterate()) if (row.json !== json[i++]) return false;
    return true;
  };

  return {
    replaceAll(assets) {
      const at = now();
      const json = assets.map((a) => JSON.stringify(a));
      return db.transaction(() => {
        if (sameRows(json)) {
          q.stamp.run(at);
          return { changed: false, fetchedAt: at };
        }
        q.clear.run();
        json.forEach((text, i) => q.insert.run(assets[i]!.id, text, i, at));
        return { changed: true, fetchedAt: at };
      })();
    },
    list() {
      let fetchedAt: number | null = null;
      const assets: Asset[] = [];
      for (const row of q.all.all()) {
        const parsed = assetSchema.safeParse(parseJson(row.json));
        // A row that no longer parses (older app, damaged file) is skipped; the next refresh replaces it.
        if (!parsed.success) continue;
        assets.push(parsed.data);
        fetchedAt = Math.max(fetchedAt ?? 0, row.fetched_at);
      }
      return { assets, fetchedAt };
    },
    putLocation(assetId, location) {
      q.putLocation.run(assetId, Date.parse(location.timestamp), JSON.stringify(location), now());
    },
    locations() {
      const out: CachedLocation[] = [];
      for (const row of q.locations.all()) {
        const parsed = locationSchema.safeParse(parseJson(row.json));
        if (parsed.success)
          out.push({ assetId: row.asset_id, location: parsed.data, fetchedAt: row.fetched_at });
      }
      return out;
    },
  };
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
