import type Database from 'better-sqlite3';
import { LATEST_SCHEMA_VERSION, MIGRATIONS, type Migration } from './migrations';

export class CacheSchemaTooNewError extends Error {
  constructor(readonly found: number) {
    super(
      `The offline cache was written by a newer Fleetdesk (schema ${found}, this version knows ${LATEST_SCHEMA_VERSION}).`,
    );
    this.name = 'CacheSchemaTooNewError';
  }
}

export const schemaVersion = (db: Database.Database): number =>
  Number(db.pragma('user_version', { simple: true }));

/**
 * Applies every migration above the database's user_version, each in its own
 * transaction together with the version bump, so a crash leaves the database
 * at a whole version (as Signal-Desktop's ts/sql/migrations do).
 */
export function migrate(
  db: Database.Database,
  options: { readonly to?: number; readonly migrations?: readonly Migration[] } = {},
): { readonly from: number; readonly to: number } {
  const migrations = options.migrations ?? MIGRATIONS;
  const target = options.to ?? LATEST_SCHEMA_VERSION;
  const from = schemaVersion(db);
  if (from > LATEST_SCHEMA_VERSION) throw new CacheSchemaTooNewError(from);
  for (const m of migrations) {
    if (m.version <= from || m.version > target) continue;
    db.transaction(() => {
      m.up(db);
      // PRAGMA takes no bound parameters; version is an integer from our own list.
      db.pragma(`user_version = ${Math.trunc(m.version)}`);
    })();
  }
  return { from, to: schemaVersion(db) };
}
