import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openCacheDatabase } from './cache-database';
import { createSettingsStore, type SettingsStore } from './settings-store';

/** The app's own file: settings, notices, the last profile. */
export const APP_CACHE_FILE = 'cache.sqlite';
const PROFILES_DIR = 'profiles';
/** Set in the app's file once each owner's data lives in a file of its own. */
const LAYOUT_KEY = 'cache.layout';
const PER_OWNER = 'per-owner';

/** Where `owner`'s reports, tracking links and cached fleet and history are kept (session/data-owner.ts). */
export const ownerCachePath = (dataDir: string, owner: string): string =>
  join(dataDir, PROFILES_DIR, `${owner}.sqlite`);

/**
 * Before each owner had a file, one cache.sqlite held the settings and the
 * data of whichever profile was used last (so a new profile listed the
 * previous one's reports and links). Once, at start: that file becomes the
 * data file of the owner its saved profile names, and a new app file takes
 * its settings. Crash-safe by order: the new app file is written aside
 * first and only renamed into place after the old one has moved, and a
 * leftover `.new` is finished at the next start.
 */
export function splitLegacyCache(
  dataDir: string,
  ownerOfSaved: (settings: SettingsStore) => string | null,
  now: () => number,
): void {
  const appPath = join(dataDir, APP_CACHE_FILE);
  const fresh = `${appPath}.new`;
  if (!existsSync(appPath)) {
    if (existsSync(fresh)) renameSync(fresh, appPath);
    return;
  }
  rmSync(fresh, { force: true });

  // A damaged file is moved aside by openCacheDatabase and a fresh one takes its place: nothing to split then.
  const legacy = openCacheDatabase(appPath, { now });
  const settings = createSettingsStore(legacy.db);
  const owner = settings.getValue(LAYOUT_KEY) === PER_OWNER ? null : ownerOfSaved(settings);
  if (owner === null || existsSync(ownerCachePath(dataDir, owner))) {
    settings.setValue(LAYOUT_KEY, PER_OWNER);
    legacy.db.close();
    return;
  }
  const rows = legacy.db.prepare<[], { key: string; value: string }>('SELECT key, value FROM settings').all();
  // The data moves in one piece: no -wal left behind for the renamed file to miss.
  legacy.db.pragma('wal_checkpoint(TRUNCATE)');
  legacy.db.close();

  const next = openCacheDatabase(fresh, { now });
  const put = next.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)');
  next.db.transaction(() => {
    for (const row of rows) put.run(row.key, row.value);
  })();
  createSettingsStore(next.db).setValue(LAYOUT_KEY, PER_OWNER);
  next.db.close();

  const target = ownerCachePath(dataDir, owner);
  mkdirSync(join(dataDir, PROFILES_DIR), { recursive: true });
  renameSync(appPath, target);
  for (const suffix of ['-wal', '-shm']) rmSync(appPath + suffix, { force: true });
  renameSync(fresh, appPath);

  // The owner's file keeps its data; the app's settings live in the app's file from now on.
  const moved = new Database(target);
  try {
    moved.exec('DELETE FROM settings');
  } finally {
    moved.close();
  }
}
