import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MS_PER_DAY } from '../../../src/shared/interface';
import { openOfflineCache, type OfflineCache } from '../../../src/main/core/cache/offline-cache';
import { allocateColumns } from '../../../src/main/core/cache/history-columns';
import Database from 'better-sqlite3';
import { migrate } from '../../../src/main/core/cache/migrate';
import { createHistoryStore } from '../../../src/main/core/cache/history-store';

const DAY0 = Date.UTC(2026, 10, 1);

/** One fix every `stepMs` in [start, end), lat encoding the time so tests can tell fixes apart. */
function fixes(start: number, end: number, stepMs: number, latOffset = 0) {
  const n = Math.max(0, Math.ceil((end - start) / stepMs));
  const c = allocateColumns(n);
  for (let i = 0; i < n; i++) {
    const t = start + i * stepMs;
    c.t[i] = t;
    c.lat[i] = 45 + latOffset + (t - DAY0) / 1e10;
    c.lon[i] = 9;
    c.speed[i] = 30;
  }
  return c;
}

describe('position history in the offline cache', () => {
  let cache: OfflineCache;
  let clock = DAY0;
  beforeEach(() => {
    clock = DAY0 + 10 * MS_PER_DAY;
    cache = openOfflineCache(':memory:', { now: () => clock });
  });
  afterEach(() => cache.close());

  it('reports the whole range as a gap before anything is cached', () => {
    const r = cache.history.read(1, { start: DAY0, end: DAY0 + 3600_000 });
    expect(r.points.t.length).toBe(0);
    expect(r.gaps).toEqual([{ start: DAY0, end: DAY0 + 3600_000 }]);
  });

  it('serves fetched points back across a day boundary with no gaps left', () => {
    const range = { start: DAY0 + MS_PER_DAY - 3600_000, end: DAY0 + MS_PER_DAY + 3600_000 };
    cache.history.storeFetched(3, range, fixes(range.start, range.end, 10_000));
    const r = cache.history.read(3, range);
    expect(r.points.t.length).toBe(720);
    expect(r.points.t[0]).toBe(range.start);
    expect(r.points.t[719]).toBe(range.end - 10_000);
    expect(r.gaps).toEqual([]);
    expect(cache.db.prepare('SELECT COUNT(*) AS n FROM history_chunks WHERE asset_id = 3').get()).toEqual({
      n: 2,
    });
  });

  it('answers a whole day as one shared buffer, and a part of a day in buffers of its own size', () => {
    const day = { start: DAY0, end: DAY0 + MS_PER_DAY };
    cache.history.storeFetched(5, day, fixes(day.start, day.end, 60_000));
    const whole = cache.history.read(5, day).points;
    expect(whole.t.length).toBe(1440);
    expect(whole.lat.buffer).toBe(whole.t.buffer);
    const part = cache.history.read(5, { start: DAY0, end: DAY0 + 3600_000 }).points;
    expect(part.t.length).toBe(60);
    expect(part.t.buffer.byteLength).toBe(60 * 8);
    expect(Array.from(part.lat)).toEqual(Array.from(whole.lat.subarray(0, 60)));
  });

  it('asks only for what is missing when a request overlaps a cached one', () => {
    cache.history.storeFetched(
      1,
      { start: DAY0, end: DAY0 + 7200_000 },
      fixes(DAY0, DAY0 + 7200_000, 60_000),
    );
    const r = cache.history.read(1, { start: DAY0 + 3600_000, end: DAY0 + 3 * 3600_000 });
    expect(r.gaps).toEqual([{ start: DAY0 + 7200_000, end: DAY0 + 3 * 3600_000 }]);
    expect(r.points.t.length).toBe(60);
  });

  it('replaces cached fixes inside a re-fetched range and keeps those outside it', () => {
    const day = { start: DAY0, end: DAY0 + 4 * 3600_000 };
    cache.history.storeFetched(1, day, fixes(day.start, day.end, 60_000));
    const middle = { start: DAY0 + 3600_000, end: DAY0 + 2 * 3600_000 };
    cache.history.storeFetched(1, middle, fixes(middle.start, middle.end, 30_000, 1));
    const r = cache.history.read(1, day);
    expect(r.points.t.length).toBe(240 - 60 + 120);
    const at = Array.from(r.points.t).indexOf(middle.start + 30_000);
    expect(r.points.lat[at]).toBeGreaterThan(46);
    expect(Array.from(r.points.t)).toEqual([...r.points.t].sort((a, b) => a - b));
  });

  it('marks an empty answer as covered: an asset that did not move has no gap to fetch again', () => {
    const range = { start: DAY0, end: DAY0 + 3600_000 };
    cache.history.storeFetched(2, range, allocateColumns(0));
    expect(cache.history.read(2, range).gaps).toEqual([]);
  });

  it('does not call the recent past complete beyond what the caller says', () => {
    const range = { start: DAY0, end: DAY0 + 3600_000 };
    cache.history.storeFetched(2, range, fixes(range.start, range.end, 60_000), DAY0 + 1800_000);
    expect(cache.history.read(2, range).gaps).toEqual([{ start: DAY0 + 1800_000, end: DAY0 + 3600_000 }]);
  });

  it('fills gaps with live positions only when asked (offline)', () => {
    cache.history.appendLive([
      {
        assetId: 4,
        lat: 45.1,
        lon: 9.1,
        speed: 12,
        course: 80,
        t: DAY0 + 5000,
        state: 'moving',
        ignition: true,
      },
      {
        assetId: 4,
        lat: 45.2,
        lon: 9.2,
        speed: 14,
        course: 85,
        t: DAY0 + 10_000,
        state: 'moving',
        ignition: true,
      },
      {
        assetId: 4,
        lat: 45.2,
        lon: 9.2,
        speed: 14,
        course: 85,
        t: DAY0 + 10_000,
        state: 'moving',
        ignition: true,
      },
    ]);
    const range = { start: DAY0, end: DAY0 + 60_000 };
    expect(cache.history.read(4, range).points.t.length).toBe(0);
    const offline = cache.history.read(4, range, { fillGapsWithLive: true });
    expect(Array.from(offline.points.t)).toEqual([DAY0 + 5000, DAY0 + 10_000]);
    expect(offline.points.heading[1]).toBe(85);
    expect(offline.points.ignition[0]).toBe(1);
    expect(offline.livePointsUsed).toBe(2);
  });

  it("never fills one asset's gaps with the fixes of an asset whose id is past 32 bits", () => {
    const fix = (assetId: number, t: number) => ({
      assetId,
      lat: 45,
      lon: 9,
      speed: 0,
      course: 0,
      t,
      state: 'stopped',
      ignition: false,
    });
    expect(cache.history.appendLive([fix(7, DAY0 + 1000), fix(2 ** 32 + 7, DAY0 + 2000)])).toBe(1);
    const range = { start: DAY0, end: DAY0 + 60_000 };
    expect(Array.from(cache.history.read(7, range, { fillGapsWithLive: true }).points.t)).toEqual([
      DAY0 + 1000,
    ]);
  });

  it('evicts the least recently viewed asset-days first when over the cap, and forgets their coverage', () => {
    for (let asset = 1; asset <= 3; asset++) {
      clock = DAY0 + 10 * MS_PER_DAY + asset * 1000;
      cache.history.storeFetched(
        asset,
        { start: DAY0, end: DAY0 + MS_PER_DAY },
        fixes(DAY0, DAY0 + MS_PER_DAY, 10_000),
      );
    }
    clock += 60_000;
    cache.history.read(1, { start: DAY0, end: DAY0 + 3600_000 }); // asset 1 viewed again: now the freshest
    const oneChunk = cache.history.sizeBytes() / 3;
    const evicted = cache.history.evictToFit(Math.ceil(oneChunk * 2));
    expect(evicted.chunks).toBe(1);
    expect(cache.history.read(2, { start: DAY0, end: DAY0 + MS_PER_DAY }).gaps).toEqual([
      { start: DAY0, end: DAY0 + MS_PER_DAY },
    ]);
    expect(cache.history.read(1, { start: DAY0, end: DAY0 + MS_PER_DAY }).gaps).toEqual([]);
    expect(cache.history.read(3, { start: DAY0, end: DAY0 + MS_PER_DAY }).points.t.length).toBe(8640);
  });

  it('drops the oldest live batches when history alone does not bring the cache under its cap', () => {
    for (let b = 0; b < 10; b++) {
      const batch = Array.from({ length: 10 }, (_, i) => ({
        assetId: 1 + i,
        lat: 45,
        lon: 9,
        speed: 0,
        course: 0,
        t: DAY0 + b * 5000,
        state: 'idle',
        ignition: false,
      }));
      expect(cache.history.appendLive(batch)).toBe(10);
    }
    const evicted = cache.history.evictToFit(cache.history.sizeBytes() / 2);
    expect(evicted.liveBatches).toBe(5);
    const left = cache.history.read(1, { start: DAY0, end: DAY0 + 100_000 }, { fillGapsWithLive: true });
    expect(Array.from(left.points.t)).toEqual([25_000, 30_000, 35_000, 40_000, 45_000].map((d) => DAY0 + d));
  });

  it('evicts by one least-recently-used order across viewed days and received live batches', () => {
    const livePosition = (t: number) => ({
      assetId: 1,
      lat: 45,
      lon: 9,
      speed: 0,
      course: 0,
      t,
      state: 'idle',
      ignition: false,
    });
    const range = { start: DAY0, end: DAY0 + 3600_000 };
    clock = DAY0 + 5 * MS_PER_DAY;
    cache.history.storeFetched(7, range, fixes(range.start, range.end, 10_000)); // viewed on day 5
    cache.history.appendLive([livePosition(DAY0 + 4 * MS_PER_DAY)]); // arrived on day 4: older
    cache.history.appendLive([livePosition(DAY0 + 6 * MS_PER_DAY)]); // arrived on day 6: newer
    const liveBytes = 2 * (8 + 37);
    const evicted = cache.history.evictToFit(cache.history.sizeBytes() - 1);
    expect(evicted).toEqual({ chunks: 0, liveBatches: 1 });
    const next = cache.history.evictToFit(liveBytes / 2);
    expect(next).toEqual({ chunks: 1, liveBatches: 0 });
    const left = cache.history.read(
      1,
      { start: DAY0, end: DAY0 + 7 * MS_PER_DAY },
      { fillGapsWithLive: true },
    );
    expect(Array.from(left.points.t)).toEqual([DAY0 + 6 * MS_PER_DAY]);
  });

  it('applies the size cap by itself while live batches keep arriving', () => {
    const db = new Database(':memory:');
    migrate(db);
    const cap = 100_000;
    const store = createHistoryStore(
      db,
      () => clock,
      () => cap,
    );
    const batch = (b: number) =>
      Array.from({ length: 50 }, (_, i) => ({
        assetId: i + 1,
        lat: 45,
        lon: 9,
        speed: 1,
        course: 2,
        t: DAY0 + b * 100,
        state: 'moving',
        ignition: true,
      }));
    for (let b = 0; b < 1000; b++) store.appendLive(batch(b));
    // Checked every 100 batches: at most 100 batches (about 185 kB) over the cap in between.
    expect(store.sizeBytes()).toBeLessThan(cap + 100 * (8 + 50 * 37));
    const newest = store.read(1, { start: DAY0, end: DAY0 + 1_000_000 }, { fillGapsWithLive: true });
    expect(newest.points.t[newest.points.t.length - 1]).toBe(DAY0 + 999 * 100);
    db.close();
  });

  it('drops a damaged chunk and turns its day back into a gap instead of failing', () => {
    const range = { start: DAY0, end: DAY0 + 3600_000 };
    cache.history.storeFetched(9, range, fixes(range.start, range.end, 60_000));
    cache.db
      .prepare(
        'UPDATE history_chunk_data SET data = ? WHERE chunk_id IN (SELECT id FROM history_chunks WHERE asset_id = 9)',
      )
      .run(Buffer.from('garbage'));
    const r = cache.history.read(9, range);
    expect(r.points.t.length).toBe(0);
    expect(r.gaps).toEqual([range]);
  });
});
