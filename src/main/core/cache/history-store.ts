import type Database from 'better-sqlite3';
import type { HistoryColumns, LivePosition } from '../../../shared/ipc/views';
import { MS_PER_DAY } from '../../../shared/interface';
import { decodeChunk, encodeChunk, HistoryChunkCorruptError } from './history-chunk-codec';
import {
  allocateColumns,
  columnCount,
  concatColumns,
  lowerBound,
  sliceByTime,
  sliceColumns,
  sortUnique,
  UNKNOWN_U8,
  type WritableHistoryColumns,
} from './history-columns';
import { gaps, intersect, subtract, union, type Interval } from './intervals';

/** What a live_points row costs on disk, roughly (key, five numbers, a short state, b-tree overhead). */
export const LIVE_ROW_BYTES = 64;

export interface CachedHistory {
  readonly points: WritableHistoryColumns;
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
  /** One transaction per batch (architecture.md §3). Duplicates (same asset and timestamp) are ignored. */
  appendLive(positions: readonly LivePosition[]): number;
  coverage(assetId: number): Interval[];
  sizeBytes(): number;
  /** Evicts the least recently viewed asset-days (and then the oldest live points) until the cache fits. */
  evictToFit(maxBytes: number): { readonly chunks: number; readonly livePoints: number };
}

interface ChunkRow {
  id: number;
  day: number;
  data: Buffer;
}

export function createHistoryStore(db: Database.Database, now: () => number = Date.now): HistoryStore {
  const q = {
    chunksInDays: db.prepare<[number, number, number], ChunkRow>(
      'SELECT id, day, data FROM history_chunks WHERE asset_id = ? AND day BETWEEN ? AND ? ORDER BY day',
    ),
    chunk: db.prepare<[number, number], ChunkRow>(
      'SELECT id, day, data FROM history_chunks WHERE asset_id = ? AND day = ?',
    ),
    upsertChunk: db.prepare(
      `INSERT INTO history_chunks (asset_id, day, count, bytes, data, last_viewed_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (asset_id, day) DO UPDATE SET count = excluded.count, bytes = excluded.bytes,
         data = excluded.data, last_viewed_at = excluded.last_viewed_at`,
    ),
    deleteChunk: db.prepare('DELETE FROM history_chunks WHERE id = ?'),
    touch: db.prepare('UPDATE history_chunks SET last_viewed_at = ? WHERE id = ?'),
    coverage: db.prepare<[number], { start_ms: number; end_ms: number }>(
      'SELECT start_ms, end_ms FROM history_coverage WHERE asset_id = ? ORDER BY start_ms',
    ),
    clearCoverage: db.prepare('DELETE FROM history_coverage WHERE asset_id = ?'),
    addCoverage: db.prepare('INSERT INTO history_coverage (asset_id, start_ms, end_ms) VALUES (?, ?, ?)'),
    insertLive: db.prepare('INSERT OR IGNORE INTO live_points VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
    liveIn: db.prepare<
      [number, number, number],
      { t: number; lat: number; lon: number; speed: number; course: number; ignition: number }
    >(
      'SELECT t, lat, lon, speed, course, ignition FROM live_points WHERE asset_id = ? AND t >= ? AND t < ? ORDER BY t',
    ),
    liveCount: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM live_points'),
    chunkBytes: db.prepare<[], { n: number }>('SELECT COALESCE(SUM(bytes), 0) AS n FROM history_chunks'),
    oldestViewed: db.prepare<[number], { id: number; asset_id: number; day: number; bytes: number }>(
      'SELECT id, asset_id, day, bytes FROM history_chunks ORDER BY last_viewed_at, id LIMIT ?',
    ),
    deleteOldestLive: db.prepare(
      'DELETE FROM live_points WHERE (asset_id, t) IN (SELECT asset_id, t FROM live_points ORDER BY t LIMIT ?)',
    ),
  };

  // COUNT(*) scans the table: once at open, then kept by the writes (which report their changes).
  let liveRows = q.liveCount.get()?.n ?? 0;

  const sizeBytes = (): number => (q.chunkBytes.get()?.n ?? 0) + liveRows * LIVE_ROW_BYTES;

  const coverage = (assetId: number): Interval[] =>
    q.coverage.all(assetId).map((r) => ({ start: r.start_ms, end: r.end_ms }));

  const setCoverage = (assetId: number, intervals: readonly Interval[]): void => {
    q.clearCoverage.run(assetId);
    for (const i of intervals) q.addCoverage.run(assetId, i.start, i.end);
  };

  /** A chunk that does not decode is dropped with its day's coverage: it becomes a gap and is fetched again. */
  const decodeOrDrop = (assetId: number, row: ChunkRow): WritableHistoryColumns | null => {
    try {
      return decodeChunk(row.data);
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

  const liveColumns = (assetId: number, within: readonly Interval[]): WritableHistoryColumns => {
    const rows = within.flatMap((g) => q.liveIn.all(assetId, g.start, g.end));
    const out = allocateColumns(rows.length);
    rows.forEach((r, i) => {
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
    return out;
  };

  return {
    coverage,

    read(assetId, range, options = {}) {
      const rows = q.chunksInDays.all(assetId, dayOf(range.start), dayOf(range.end - 1));
      const parts: WritableHistoryColumns[] = [];
      const viewedAt = now();
      for (const row of rows) {
        const decoded = decodeOrDrop(assetId, row);
        if (!decoded) continue;
        q.touch.run(viewedAt, row.id);
        parts.push(sliceByTime(decoded, range.start, range.end));
      }
      const known = coverage(assetId);
      const missing = gaps(range, known);
      let livePointsUsed = 0;
      if (options.fillGapsWithLive && missing.length > 0) {
        const live = liveColumns(assetId, missing);
        livePointsUsed = columnCount(live);
        if (livePointsUsed > 0) parts.push(live);
      }
      const merged = parts.length === 1 && livePointsUsed === 0 ? parts[0] : concatColumns(parts);
      return {
        points:
          livePointsUsed > 0 ? sortUnique(merged ?? allocateColumns(0)) : (merged ?? allocateColumns(0)),
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
          const fresh = sliceColumns(points, lowerBound(points.t, from), lowerBound(points.t, to));
          const parts = existing
            ? [
                sliceColumns(existing, 0, lowerBound(existing.t, from)),
                fresh,
                sliceColumns(existing, lowerBound(existing.t, to), existing.t.length),
              ]
            : [fresh];
          const merged = parts.length === 1 ? fresh : concatColumns(parts);
          const count = columnCount(merged);
          if (count === 0) {
            if (existingRow) q.deleteChunk.run(existingRow.id);
            continue;
          }
          const blob = encodeChunk(merged);
          q.upsertChunk.run(assetId, day, count, blob.byteLength, blob, writtenAt);
        }
        const coveredEnd = Math.min(range.end, completeUntil);
        if (coveredEnd > range.start)
          setCoverage(assetId, union(coverage(assetId), [{ start: range.start, end: coveredEnd }]));
      })();
    },

    appendLive(positions) {
      let added = 0;
      db.transaction(() => {
        for (const p of positions) {
          added += q.insertLive.run(
            p.assetId,
            p.t,
            p.lat,
            p.lon,
            p.speed,
            p.course,
            p.state,
            p.ignition ? 1 : 0,
          ).changes;
        }
      })();
      liveRows += added;
      return added;
    },

    sizeBytes,

    evictToFit(maxBytes) {
      let chunks = 0;
      let livePoints = 0;
      db.transaction(() => {
        let size = sizeBytes();
        while (size > maxBytes) {
          const victims = q.oldestViewed.all(16);
          if (victims.length === 0) break;
          for (const v of victims) {
            if (size <= maxBytes) break;
            q.deleteChunk.run(v.id);
            const dayRange = { start: v.day * MS_PER_DAY, end: (v.day + 1) * MS_PER_DAY };
            setCoverage(v.asset_id, subtract(coverage(v.asset_id), [dayRange]));
            size -= v.bytes;
            chunks++;
          }
        }
        if (size > maxBytes && liveRows > 0) {
          const excess = Math.ceil((size - maxBytes) / LIVE_ROW_BYTES);
          const removed = q.deleteOldestLive.run(Math.min(excess, liveRows)).changes;
          liveRows -= removed;
          livePoints += removed;
        }
      })();
      return { chunks, livePoints };
    },
  };
}

const dayOf = (t: number): number => Math.floor(t / MS_PER_DAY);
