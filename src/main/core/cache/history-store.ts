import type Database from 'better-sqlite3';
import type { HistoryColumns, LivePosition } from '../../../shared/ipc/views';
import { MS_PER_DAY } from '../../../shared/interface';
import { decodeChunk, encodeChunk, HistoryChunkCorruptError } from './history-chunk-codec';
import { decodeLiveBatch, encodeLiveBatch, type LiveBatchColumns } from './live-batch-codec';
import {
  allocateColumns,
  columnCount,
  concatColumns,
  lowerBound,
  sortUnique,
  viewByTime,
  viewColumns,
  UNKNOWN_U8,
} from './history-columns';
import { gaps, intersect, subtract, union, type Interval } from './intervals';

export interface CachedHistory {
  readonly points: HistoryColumns;
  /** The parts of the range known complete. */
  readonly covered: readonly Interval[];
  /** The parts of the range still to fetch. */
  readonly gaps: readonly Interval[];
  /** Live points that were used to fill gaps (offline reads only). */
  readonly livePointsUsed: number;
}

export interface HistoryStore {
  read(assetId: number, range: Interval, options?: { readonly fillGapsWithLive?: boolean }): CachedHistory;
  /** The service's answer for `range`: replaces what was cached there and marks it covered up to `completeUntil`. */
  storeFetched(assetId: number, range: Interval, points: HistoryColumns, completeUntil?: number): void;
  /** One row in one transaction per batch (architecture.md §3). Duplicates are dropped when read. */
  appendLive(positions: readonly LivePosition[]): number;
  coverage(assetId: number): Interval[];
  sizeBytes(): number;
  /** Writes the pending "viewed" marks (done before eviction and at close). */
  flushViewed(): void;
  /** Evicts asset-days by last view and live batches by arrival, least recent first, until the cache fits. */
  evictToFit(maxBytes: number): { readonly chunks: number; readonly liveBatches: number };
}

interface ChunkRow {
  id: number;
  day: number;
  data: Buffer;
}

/** Live batches between two checks of the size cap: about ten seconds of 10 Hz batches. */
const LIVE_BATCHES_PER_CAP_CHECK = 100;

export function createHistoryStore(
  db: Database.Database,
  now: () => number = Date.now,
  /** The size cap, checked as live batches accumulate (a 10,000-asset fleet adds ~250 MB an hour). */
  maxBytes?: () => number,
): HistoryStore {
  const q = {
    chunksInDays: db.prepare<[number, number, number], ChunkRow>(
      `SELECT c.id, c.day, d.data FROM history_chunks c JOIN history_chunk_data d ON d.chunk_id = c.id
       WHERE c.asset_id = ? AND c.day BETWEEN ? AND ? ORDER BY c.day`,
    ),
    chunk: db.prepare<[number, number], ChunkRow>(
      `SELECT c.id, c.day, d.data FROM history_chunks c JOIN history_chunk_data d ON d.chunk_id = c.id
       WHERE c.asset_id = ? AND c.day = ?`,
    ),
    upsertChunk: db.prepare<[number, number, number, number, number], { id: number }>(
      `INSERT INTO history_chunks (asset_id, day, count, bytes, last_viewed_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (asset_id, day) DO UPDATE SET count = excluded.count, bytes = excluded.bytes,
         last_viewed_at = excluded.last_viewed_at
       RETURNING id`,
    ),
    putChunkData: db.prepare(
      'INSERT INTO history_chunk_data (chunk_id, data) VALUES (?, ?) ON CONFLICT (chunk_id) DO UPDATE SET data = excluded.data',
    ),
    deleteChunk: db.prepare('DELETE FROM history_chunks WHERE id = ?'),
    touch: db.prepare('UPDATE history_chunks SET last_viewed_at = ? WHERE id = ?'),
    coverage: db.prepare<[number], { start_ms: number; end_ms: number }>(
      'SELECT start_ms, end_ms FROM history_coverage WHERE asset_id = ? ORDER BY start_ms',
    ),
    clearCoverage: db.prepare('DELETE FROM history_coverage WHERE asset_id = ?'),
    addCoverage: db.prepare('INSERT INTO history_coverage (asset_id, start_ms, end_ms) VALUES (?, ?, ?)'),
    insertBatch: db.prepare(
      'INSERT INTO live_batches (t_min, t_max, count, bytes, data) VALUES (?, ?, ?, ?, ?)',
    ),
    batchesIn: db.prepare<[number, number], { id: number; data: Buffer }>(
      'SELECT id, data FROM live_batches WHERE t_max >= ? AND t_min < ? ORDER BY id',
    ),
    deleteBatch: db.prepare('DELETE FROM live_batches WHERE id = ?'),
    liveBytes: db.prepare<[], { n: number }>('SELECT COALESCE(SUM(bytes), 0) AS n FROM live_batches'),
    oldestBatch: db.prepare<[], { id: number; bytes: number; t_max: number }>(
      'SELECT id, bytes, t_max FROM live_batches ORDER BY id LIMIT 1',
    ),
    chunkBytes: db.prepare<[], { n: number }>('SELECT COALESCE(SUM(bytes), 0) AS n FROM history_chunks'),
    oldestViewed: db.prepare<
      [],
      { id: number; asset_id: number; day: number; bytes: number; last_viewed_at: number }
    >(
      'SELECT id, asset_id, day, bytes, last_viewed_at FROM history_chunks ORDER BY last_viewed_at, id LIMIT 1',
    ),
  };

  // "Viewed" marks are kept in memory and written in batches: an UPDATE per read would make every
  // read a write transaction. Losing a few marks in a crash only blurs the eviction order.
  const viewed = new Map<number, number>();
  const flushViewed = (): void => {
    if (viewed.size === 0) return;
    db.transaction(() => {
      for (const [id, at] of viewed) q.touch.run(at, id);
    })();
    viewed.clear();
  };
  const markViewed = (id: number, at: number): void => {
    viewed.set(id, at);
    if (viewed.size >= 256) flushViewed();
  };

  const evictToFit = (cap: number): { readonly chunks: number; readonly liveBatches: number } => {
    flushViewed();
    let chunks = 0;
    let liveBatches = 0;
    db.transaction(() => {
      let size = sizeBytes();
      // One least-recently-used order over both: a chunk's last view, a live batch's arrival (t_max).
      while (size > cap) {
        const chunk = q.oldestViewed.get();
        const batch = q.oldestBatch.get();
        if (chunk && (!batch || chunk.last_viewed_at <= batch.t_max)) {
          q.deleteChunk.run(chunk.id);
          const dayRange = { start: chunk.day * MS_PER_DAY, end: (chunk.day + 1) * MS_PER_DAY };
          setCoverage(chunk.asset_id, subtract(coverage(chunk.asset_id), [dayRange]));
          size -= chunk.bytes;
          chunks++;
        } else if (batch) {
          q.deleteBatch.run(batch.id);
          size -= batch.bytes;
          liveBatches++;
        } else break;
      }
    })();
    return { chunks, liveBatches };
  };

  let batchesSinceCapCheck = 0;

  const sizeBytes = (): number => (q.chunkBytes.get()?.n ?? 0) + (q.liveBytes.get()?.n ?? 0);

  const coverage = (assetId: number): Interval[] =>
    q.coverage.all(assetId).map((r) => ({ start: r.start_ms, end: r.end_ms }));

  const setCoverage = (assetId: number, intervals: readonly Interval[]): void => {
    q.clearCoverage.run(assetId);
    for (const i of intervals) q.addCoverage.run(assetId, i.start, i.end);
  };

  /** A chunk that does not decode is dropped with its day's coverage: it becomes a gap and is fetched again. */
  /** Views into the row's blob: copy what is kept. */
  const decodeOrDrop = (assetId: number, row: ChunkRow): HistoryColumns | null => {
    try {
      return decodeChunk(row.data, { views: true });
    } catch (err) {
      if (!(err instanceof HistoryChunkCorruptError)) throw err;
      db.transaction(() => {
        q.deleteChunk.run(row.id);
        const dayRange = { start: row.day * MS_PER_DAY, end: (row.day + 1) * MS_PER_DAY };
        setCoverage(assetId, subtract(coverage(assetId), [dayRange]));
      })();
      return null;
    }
  };

  /** The live fixes of one asset inside `within`, from every batch overlapping it; a damaged batch is dropped. */
  const liveColumns = (assetId: number, within: readonly Interval[]): HistoryColumns => {
    const found: { t: number; lat: number; lon: number; speed: number; course: number; ignition: number }[] =
      [];
    for (const gap of within) {
      for (const row of q.batchesIn.all(gap.start, gap.end)) {
        let b: LiveBatchColumns;
        try {
          b = decodeLiveBatch(row.data);
        } catch (err) {
          if (!(err instanceof HistoryChunkCorruptError)) throw err;
          q.deleteBatch.run(row.id);
          continue;
        }
        for (let i = 0; i < b.assetId.length; i++) {
          const t = b.t[i] ?? 0;
          if (b.assetId[i] !== assetId || t < gap.start || t >= gap.end) continue;
          found.push({
            t,
            lat: b.lat[i] ?? 0,
            lon: b.lon[i] ?? 0,
            speed: b.speed[i] ?? 0,
            course: b.course[i] ?? 0,
            ignition: b.ignition[i] ?? UNKNOWN_U8,
          });
        }
      }
    }
    const out = allocateColumns(found.length);
    found.forEach((r, i) => {
      out.t[i] = r.t;
      out.lat[i] = r.lat;
      out.lon[i] = r.lon;
      out.speed[i] = r.speed;
      out.heading[i] = r.course;
      out.alt[i] = Number.NaN;
      out.odometer[i] = Number.NaN;
      out.ignition[i] = r.ignition;
      out.satellites[i] = UNKNOWN_U8;
    });
    return sortUnique(out);
  };

  return {
    coverage,

    read(assetId, range, options = {}) {
      const rows = q.chunksInDays.all(assetId, dayOf(range.start), dayOf(range.end - 1));
      const parts: HistoryColumns[] = [];
      const viewedAt = now();
      let wholeChunk = false;
      for (const row of rows) {
        const decoded = decodeOrDrop(assetId, row);
        if (!decoded) continue;
        markViewed(row.id, viewedAt);
        const part = viewByTime(decoded, range.start, range.end);
        // Views are handed out only over a buffer that holds this blob and nothing else.
        const ownBuffer =
          decoded.t.buffer === row.data.buffer && row.data.buffer.byteLength === row.data.byteLength;
        wholeChunk = ownBuffer && part.t.length === decoded.t.length;
        parts.push(part);
      }
      const known = coverage(assetId);
      const missing = gaps(range, known);
      let livePointsUsed = 0;
      if (options.fillGapsWithLive && missing.length > 0) {
        const live = liveColumns(assetId, missing);
        livePointsUsed = columnCount(live);
        if (livePointsUsed > 0) parts.push(live);
      }
      // A whole asset-day is returned as views of its blob: the nine columns share one buffer, which
      // IPC's structured clone copies once. Anything else is copied into exact-size arrays, so a short
      // slice never drags a whole day's blob along.
      const only = parts[0];
      const points = parts.length === 1 && only && wholeChunk ? only : concatColumns(parts);
      return {
        points: livePointsUsed > 0 ? sortUnique(points) : points,
        covered: intersect(known, [range]),
        gaps: missing,
        livePointsUsed,
      };
    },

    storeFetched(assetId, range, fetched, completeUntil = range.end) {
      const points = sortUnique(fetched);
      const writtenAt = now();
      db.transaction(() => {
        for (let day = dayOf(range.start); day <= dayOf(range.end - 1); day++) {
          const dayStart = day * MS_PER_DAY;
          const from = Math.max(range.start, dayStart);
          const to = Math.min(range.end, dayStart + MS_PER_DAY);
          const existingRow = q.chunk.get(assetId, day);
          const existing = existingRow ? decodeOrDrop(assetId, existingRow) : null;
          const fresh = viewColumns(points, lowerBound(points.t, from), lowerBound(points.t, to));
          const merged = concatColumns(
            existing
              ? [
                  viewColumns(existing, 0, lowerBound(existing.t, from)),
                  fresh,
                  viewColumns(existing, lowerBound(existing.t, to), existing.t.length),
                ]
              : [fresh],
          );
          const count = columnCount(merged);
          if (count === 0) {
            if (existingRow) q.deleteChunk.run(existingRow.id);
            continue;
          }
          const blob = encodeChunk(merged);
          const chunk = q.upsertChunk.get(assetId, day, count, blob.byteLength, writtenAt);
          if (chunk) q.putChunkData.run(chunk.id, blob);
        }
        const coveredEnd = Math.min(range.end, completeUntil);
        if (coveredEnd > range.start)
          setCoverage(assetId, union(coverage(assetId), [{ start: range.start, end: coveredEnd }]));
      })();
    },

    appendLive(all) {
      // A batch holds asset ids as int32: a larger one would wrap onto another asset's id and fill that
      // asset's gaps with a stranger's fixes. Such an asset's fixes are still shown live, only not kept here.
      const positions = all.filter((p) => (p.assetId | 0) === p.assetId);
      if (positions.length === 0) return 0;
      let tMin = Infinity;
      let tMax = -Infinity;
      for (const p of positions) {
        if (p.t < tMin) tMin = p.t;
        if (p.t > tMax) tMax = p.t;
      }
      const blob = encodeLiveBatch(positions);
      db.transaction(() => q.insertBatch.run(tMin, tMax, positions.length, blob.byteLength, blob))();
      if (maxBytes && ++batchesSinceCapCheck >= LIVE_BATCHES_PER_CAP_CHECK) {
        batchesSinceCapCheck = 0;
        evictToFit(maxBytes());
      }
      return positions.length;
    },

    sizeBytes,

    flushViewed,

    evictToFit,
  };
}

const dayOf = (t: number): number => Math.floor(t / MS_PER_DAY);
