import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrate';

/** The cache file could not be used and was moved aside; a fresh one took its place. */
export interface CacheRecovery {
  readonly reason: string;
  readonly movedTo: string;
}

export interface OpenedCacheDatabase {
  readonly db: Database.Database;
  readonly recovered: CacheRecovery | null;
}

export class CacheUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CacheUnavailableError';
  }
}

/**
 * Opens (creating and migrating) the offline cache. The cache holds nothing
 * that cannot be fetched again, so a file that is not a database, fails its
 * integrity check or was written by a newer schema is moved aside (kept for a
 * bug report, never deleted) and a fresh cache is started: the app keeps
 * working instead of refusing to start.
 */
export function openCacheDatabase(
  path: string,
  options: { readonly now?: () => number; readonly migrateTo?: number } = {},
): OpenedCacheDatabase {
  try {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    return { db: openAndPrepare(path, options.migrateTo), recovered: null };
  } catch (err) {
    if (path === ':memory:' || !existsSync(path))
      throw new CacheUnavailableError(`The offline cache could not be created: ${describe(err)}`);
    const reason = describe(err);
    const movedTo = `${path}.corrupt-${new Date((options.now ?? Date.now)()).toISOString().replace(/[:.]/g, '-')}`;
    try {
      moveAside(path, movedTo);
      return { db: openAndPrepare(path, options.migrateTo), recovered: { reason, movedTo } };
    } catch (again) {
      throw new CacheUnavailableError(
        `The offline cache at ${path} is unusable (${reason}) and a fresh one could not be created: ${describe(again)}`,
        { cause: again },
      );
    }
  }
}

function openAndPrepare(path: string, migrateTo: number | undefined): Database.Database {
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    // WAL + NORMAL: a power cut may lose the last transactions but never corrupts; fine for a cache.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    // A live batch touches one index page per asset and an asset-day is a 4 MB blob: a 64 MiB page
    // cache and memory-mapped reads keep both off the syscall path (bench/core.bench.ts). The map
    // stays at 64 MiB too: mapped pages count in the process's RSS, and a larger map made RSS grow
    // with the cache file all through a shift (bench/soak.bench.ts: +54 % file-backed in 30 minutes).
    db.pragma('cache_size = -65536');
    db.pragma('mmap_size = 67108864');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`integrity check failed: ${String(check)}`);
    migrate(db, migrateTo === undefined ? {} : { to: migrateTo });
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

function moveAside(path: string, movedTo: string): void {
  if (existsSync(path)) renameSync(path, movedTo);
  for (const suffix of ['-wal', '-shm']) {
    if (!existsSync(path + suffix)) continue;
    if (suffix === '-wal') renameSync(path + suffix, movedTo + suffix);
    else rmSync(path + suffix, { force: true });
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const code = 'code' in err ? err.code : undefined;
    return typeof code === 'string' ? `${err.message} (${code})` : err.message;
  }
  return String(err);
}
