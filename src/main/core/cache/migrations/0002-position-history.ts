import type Database from 'better-sqlite3';

/**
 * Position history, in three stores:
 * - history_chunks: one row per asset and UTC day holding the day's fixes as
 *   columns of typed arrays (history-chunk-codec.ts). A row per fix reads one
 *   asset-day (86,400 fixes at 1 Hz) in tens of milliseconds; one blob reads
 *   in about one (bench/core.bench.ts). last_viewed_at drives eviction.
 * - history_coverage: which [start_ms, end_ms) ranges of an asset are known
 *   complete, as merged intervals (intervals.ts).
 * - live_points: live updates (spec 2.9) as received, one row per fix. They
 *   never count as coverage (spec 6.2 does not guarantee delivery); they fill
 *   gaps when the service cannot be reached.
 */
export default function migration0002(db: Database.Database): void {
  db.exec(`
    CREATE TABLE history_chunks (
      id             INTEGER PRIMARY KEY,
      asset_id       INTEGER NOT NULL,
      day            INTEGER NOT NULL,
      count          INTEGER NOT NULL,
      bytes          INTEGER NOT NULL,
      data           BLOB    NOT NULL,
      last_viewed_at INTEGER NOT NULL,
      UNIQUE (asset_id, day)
    ) STRICT;

    CREATE INDEX history_chunks_by_last_viewed ON history_chunks (last_viewed_at);

    CREATE TABLE history_coverage (
      asset_id  INTEGER NOT NULL,
      start_ms  INTEGER NOT NULL,
      end_ms    INTEGER NOT NULL,
      PRIMARY KEY (asset_id, start_ms)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE live_points (
      asset_id  INTEGER NOT NULL,
      t         INTEGER NOT NULL,
      lat       REAL    NOT NULL,
      lon       REAL    NOT NULL,
      speed     REAL    NOT NULL,
      course    REAL    NOT NULL,
      state     TEXT    NOT NULL,
      ignition  INTEGER NOT NULL,
      PRIMARY KEY (asset_id, t)
    ) STRICT, WITHOUT ROWID;
  `);
}
