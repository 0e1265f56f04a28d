import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

/** One tile as kept: the upstream's bytes and what is needed to serve and age it. */
export interface StoredTile {
  readonly bytes: Buffer;
  readonly contentType: string;
  readonly fetchedAt: number;
  /** Until then the upstream said it is fresh (docs/architecture.md "Map tiles"). */
  readonly freshUntil: number;
}

export interface TileKey {
  /** The tile URL template's hash: another tile server's tiles are other tiles. */
  readonly source: string;
  readonly z: number;
  readonly x: number;
  readonly y: number;
}

export interface TileUsage {
  readonly bytes: number;
  readonly tiles: number;
}

export interface TileStore {
  /** The tile, marked as used now (the least recently used go first when the cache is full). */
  get(key: TileKey): StoredTile | null;
  put(key: TileKey, tile: StoredTile): void;
  /** Drops the least recently used tiles until at most `maxBytes` are kept. */
  evictTo(maxBytes: number): void;
  usage(): TileUsage;
  clear(): void;
  close(): void;
  /** Set when the file was unusable: moved aside and a fresh one started (the tiles can be fetched again). */
  readonly recovered: { readonly reason: string; readonly movedTo: string } | null;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tiles (
  source TEXT NOT NULL,
  z INTEGER NOT NULL,
  x INTEGER NOT NULL,
  y INTEGER NOT NULL,
  bytes BLOB NOT NULL,
  size INTEGER NOT NULL,
  content_type TEXT NOT NULL,
  fetched_at INTEGER NOT NULL,
  fresh_until INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL,
  PRIMARY KEY (source, z, x, y)
) WITHOUT ROWID;
-- Covering: the eviction order and SUM(size) read this index, never the tiles' bytes.
CREATE INDEX IF NOT EXISTS tiles_by_use ON tiles (last_used_at, fetched_at, size);
`;

/** Evictions delete this many tiles a statement: a few hundred kB each, never one huge transaction. */
const EVICT_BATCH = 64;

interface TileRow {
  bytes: Buffer;
  content_type: string;
  fetched_at: number;
  fresh_until: number;
}

function open(path: string): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`integrity check failed: ${String(check)}`);
    db.exec(SCHEMA);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * The map tiles kept on this computer (docs/architecture.md "Map tiles"): a
 * SQLite file of its own beside the app's cache, one row per tile server
 * (template hash) and z/x/y, least recently used dropped first past the size
 * the Settings allow. Tiles can always be fetched again, so a damaged file is
 * moved aside (kept for a bug report) and a fresh one started.
 */
export function openTileStore(path: string, now: () => number = Date.now): TileStore {
  let db: Database.Database;
  let recovered: TileStore['recovered'] = null;
  try {
    db = open(path);
  } catch (err) {
    if (path === ':memory:' || !existsSync(path)) throw err;
    const movedTo = `${path}.corrupt-${new Date(now()).toISOString().replace(/[:.]/g, '-')}`;
    renameSync(path, movedTo);
    for (const suffix of ['-wal', '-shm'])
      if (existsSync(path + suffix)) renameSync(path + suffix, movedTo + suffix);
    recovered = { reason: err instanceof Error ? err.message : String(err), movedTo };
    db = open(path);
  }
  const q = {
    get: db.prepare<[string, number, number, number], TileRow>(
      'SELECT bytes, content_type, fetched_at, fresh_until FROM tiles WHERE source = ? AND z = ? AND x = ? AND y = ?',
    ),
    touch: db.prepare<[number, string, number, number, number]>(
      'UPDATE tiles SET last_used_at = ? WHERE source = ? AND z = ? AND x = ? AND y = ?',
    ),
    put: db.prepare(
      `INSERT INTO tiles (source, z, x, y, bytes, size, content_type, fetched_at, fresh_until, last_used_at)
       VALUES (@source, @z, @x, @y, @bytes, @size, @contentType, @fetchedAt, @freshUntil, @usedAt)
       ON CONFLICT (source, z, x, y) DO UPDATE SET bytes = excluded.bytes, size = excluded.size,
         content_type = excluded.content_type, fetched_at = excluded.fetched_at,
         fresh_until = excluded.fresh_until, last_used_at = excluded.last_used_at`,
    ),
    usage: db.prepare<[], { bytes: number | null; tiles: number }>(
      'SELECT SUM(size) AS bytes, COUNT(*) AS tiles FROM tiles',
    ),
    oldest: db.prepare<[number], { source: string; z: number; x: number; y: number; size: number }>(
      'SELECT source, z, x, y, size FROM tiles ORDER BY last_used_at, fetched_at LIMIT ?',
    ),
    del: db.prepare<[string, number, number, number]>(
      'DELETE FROM tiles WHERE source = ? AND z = ? AND x = ? AND y = ?',
    ),
    clear: db.prepare('DELETE FROM tiles'),
  };
  const usage = (): TileUsage => {
    const row = q.usage.get();
    return { bytes: row?.bytes ?? 0, tiles: row?.tiles ?? 0 };
  };
  const evict = db.transaction((excess: number) => {
    let dropped = 0;
    while (dropped < excess) {
      const rows = q.oldest.all(EVICT_BATCH);
      if (rows.length === 0) return;
      for (const r of rows) {
        if (dropped >= excess) return;
        q.del.run(r.source, r.z, r.x, r.y);
        dropped += r.size;
      }
    }
  });
  return {
    recovered,
    get(key) {
      const row = q.get.get(key.source, key.z, key.x, key.y);
      if (!row) return null;
      q.touch.run(now(), key.source, key.z, key.x, key.y);
      return {
        bytes: row.bytes,
        contentType: row.content_type,
        fetchedAt: row.fetched_at,
        freshUntil: row.fresh_until,
      };
    },
    put(key, tile) {
      q.put.run({
        ...key,
        bytes: tile.bytes,
        size: tile.bytes.length,
        contentType: tile.contentType,
        fetchedAt: tile.fetchedAt,
        freshUntil: tile.freshUntil,
        usedAt: now(),
      });
    },
    evictTo(maxBytes) {
      const excess = usage().bytes - maxBytes;
      if (excess > 0) evict(excess);
    },
    usage,
    clear() {
      q.clear.run();
    },
    close() {
      db.close();
    },
  };
}
