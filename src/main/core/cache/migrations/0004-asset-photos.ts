import type Database from 'better-sqlite3';

/**
 * Asset photos (spec 4.3 asset/{id}/photo) for offline viewing, per signed-in
 * service and user (`scope`, as in 0003). A row without bytes records that
 * the asset had no photo when last asked, so offline the panel says so
 * instead of waiting. The bytes sit in their own table: marking a photo
 * checked must not rewrite 5 MiB (SQLite rewrites a whole record on UPDATE).
 */
export default function migration0004(db: Database.Database): void {
  db.exec(`
    CREATE TABLE asset_photos (
      scope         TEXT    NOT NULL,
      asset_id      INTEGER NOT NULL,
      content_type  TEXT,
      size          INTEGER NOT NULL,
      fetched_at    INTEGER NOT NULL,
      PRIMARY KEY (scope, asset_id)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE asset_photo_bytes (
      scope     TEXT    NOT NULL,
      asset_id  INTEGER NOT NULL,
      data      BLOB    NOT NULL,
      PRIMARY KEY (scope, asset_id)
    ) STRICT, WITHOUT ROWID;
  `);
}
