import type Database from 'better-sqlite3';

/**
 * Spec 4.3 records for offline reading (groups, drivers, tracker commands,
 * reminders, odometer and fuel entries, tags, account links), one table for
 * every family: they differ only in the JSON they hold, which is parsed again
 * with the shared schemas when read.
 * - `scope` is the signed-in service and user: what one user was shown is
 *   never read back for another (spec 5: per-user access).
 * - `part` is what a list is fetched by: the asset (`?asset_id=`) for
 *   reminders and entries, the tracker for commands; 0 for account-wide ones.
 * - record_lists says when each list (a family whole, or one part of it) was
 *   last answered by the service: a list read offline shows that age.
 */
export default function migration0003(db: Database.Database): void {
  db.exec(`
    CREATE TABLE record_items (
      scope   TEXT    NOT NULL,
      family  TEXT    NOT NULL,
      id      INTEGER NOT NULL,
      part    INTEGER NOT NULL,
      -- The service's order (a list of drivers by name, commands newest first); new records go last.
      position INTEGER NOT NULL,
      json    TEXT    NOT NULL,
      PRIMARY KEY (scope, family, id)
    ) STRICT, WITHOUT ROWID;

    CREATE INDEX record_items_by_part ON record_items (scope, family, part);

    CREATE TABLE record_lists (
      scope       TEXT    NOT NULL,
      family      TEXT    NOT NULL,
      -- The part a list covers; -1: the whole family.
      part        INTEGER NOT NULL,
      fetched_at  INTEGER NOT NULL,
      PRIMARY KEY (scope, family, part)
    ) STRICT, WITHOUT ROWID;
  `);
}
