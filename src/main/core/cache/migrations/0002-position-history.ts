import type Database from 'better-sqlite3';

/**
 * Position history, in three stores:
 * - history_chunks: one row per asset and UTC day holding the day's fixes as
 *   columns of typed arrays (history-chunk-codec.ts). A row per fix reads one
 *   asset-day (86,400 fixes at 1 Hz) in tens of milliseconds; one blob reads
 *   in about one (bench/core.bench.ts). last_viewed_at drives eviction.
 * - history_coverage: which [start_ms, end_ms) ranges of an asset are known
 *   complete, as merged intervals (intervals.ts).
 * - live_batches: live updates (spec 2.9) as received, one row per batch
 *   (live-batch-codec.ts). They never count as coverage (spec 6.2 does not
 *   guarantee delivery); they fill gaps only when the service cannot be
 *   reached. A row per fix keyed or indexed by asset scatters each batch of a
 *   10,000-asset fleet over the whole b-tree and inserted at under half the
 *   rate of a bare insert loop (bench/core.bench.ts); a row per batch appends,
 *   and the rare offline read scans the batches of the gap instead.
 */
export default function migration0002(db: Database.Database): void {
  db.exec(`
    CREATE TABLE history_chunks (
      id             INTEGER PRIMARY KEY,
      asset_id       INTEGER NOT NULL,
      day            INTEGER NOT NULL,
      count          INTEGER NOT NULL,
      bytes          INTEGER NOT NULL,
      last_viewed_at INTEGER NOT NULL,
      UNIQUE (asset_id, day)
    ) STRICT;

    CREATE INDEX history_chunks_by_last_viewed ON history_chunks (last_viewed_at);

    -- The blob in its own table: SQLite rewrites a whole record on UPDATE, and marking a
    -- chunk viewed must not rewrite 4 MB.
    CREATE TABLE history_chunk_data (
      chunk_id  INTEGER PRIMARY KEY REFERENCES history_chunks (id) ON DELETE CASCADE,
      data      BLOB NOT NULL
    ) STRICT;

    CREATE TABLE history_coverage (
      asset_id  INTEGER NOT NULL,
      start_ms  INTEGER NOT NULL,
      end_ms    INTEGER NOT NULL,
      PRIMARY KEY (asset_id, start_ms)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE live_batches (
      id     INTEGER PRIMARY KEY,
      t_min  INTEGER NOT NULL,
      t_max  INTEGER NOT NULL,
      count  INTEGER NOT NULL,
      bytes  INTEGER NOT NULL,
      data   BLOB    NOT NULL
    ) STRICT;

    CREATE INDEX live_batches_by_t_max ON live_batches (t_max);
  `);
}
