import type Database from 'better-sqlite3';

/**
 * The first schema: what the app knows about the fleet (assets, last known
 * locations), the user's settings, tracking links created here, and local
 * reports with their files (the reports client writes these).
 * JSON columns hold wire objects as received; they are parsed again with the
 * shared schemas when read, so a bad row is dropped, never trusted.
 */
export default function migration0001(db: Database.Database): void {
  db.exec(`
    CREATE TABLE assets (
      id          INTEGER PRIMARY KEY,
      json        TEXT    NOT NULL,
      list_order  INTEGER NOT NULL,
      fetched_at  INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE last_locations (
      asset_id    INTEGER PRIMARY KEY,
      t           INTEGER NOT NULL,
      json        TEXT    NOT NULL,
      fetched_at  INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE settings (
      key         TEXT PRIMARY KEY,
      value       TEXT NOT NULL
    ) STRICT;

    CREATE TABLE tracking_links (
      id          INTEGER PRIMARY KEY,
      uuid        TEXT    NOT NULL UNIQUE,
      asset_id    INTEGER,
      json        TEXT    NOT NULL,
      created_at  INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE reports (
      local_id          TEXT PRIMARY KEY,
      report_id         TEXT UNIQUE,
      request_json      TEXT    NOT NULL,
      title             TEXT    NOT NULL,
      state             TEXT    NOT NULL,
      queue_position    INTEGER,
      progress          INTEGER NOT NULL DEFAULT 0,
      error_message     TEXT,
      retry_at          INTEGER,
      created_at        INTEGER NOT NULL,
      completed_at      INTEGER,
      served_from_cache INTEGER NOT NULL DEFAULT 0,
      updated_at        INTEGER NOT NULL
    ) STRICT;

    CREATE INDEX reports_by_state ON reports (state, created_at);

    CREATE TABLE report_files (
      local_id      TEXT PRIMARY KEY REFERENCES reports (local_id) ON DELETE CASCADE,
      filename      TEXT    NOT NULL,
      content_type  TEXT    NOT NULL,
      size          INTEGER NOT NULL,
      path          TEXT,
      saved_path    TEXT,
      json          TEXT,
      downloaded_at INTEGER
    ) STRICT;
  `);
}
