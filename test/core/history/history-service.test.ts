import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../../src/server';
import { createFleetApi } from '../../../src/main/core/api/fleet-api';
import { createHttpClient } from '../../../src/main/core/api/http-client';
import { openOfflineCache, type OfflineCache } from '../../../src/main/core/cache/offline-cache';
import { createHistoryService, type HistoryService } from '../../../src/main/core/history/history-service';
import { MS_PER_DAY } from '../../../src/shared/interface';

const HOUR = 3_600_000;
/** Yesterday 08:00 UTC: a settled past hour inside one UTC day. */
const T0 = Math.floor(Date.now() / MS_PER_DAY) * MS_PER_DAY - MS_PER_DAY + 8 * HOUR;

describe('history: fetched once, then served from the cache, offline included', () => {
  let service: LocalService;
  let cache: OfflineCache;
  let history: HistoryService;
  let requested: { start: number; end: number }[] = [];
  let maxBytes = Number.MAX_SAFE_INTEGER;
  let assetIds: number[] = [];
  /** History pieces starting at or after this meet a refused connection (port 1), as when the link drops. */
  let unreachableFrom = Infinity;

  const recordingFetch: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.endsWith('/history')) {
      const start = Date.parse(url.searchParams.get('start') ?? '');
      requested.push({ start, end: Date.parse(url.searchParams.get('end') ?? '') });
      if (start >= unreachableFrom) return fetch('http://127.0.0.1:1/', init);
    }
    return fetch(input, init);
  };

  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 5 });
    assetIds = service.context.fleet.assets.map((a) => a.id);
  });
  afterAll(async () => {
    await service.stop();
  });
  beforeEach(() => {
    requested = [];
    unreachableFrom = Infinity;
    maxBytes = Number.MAX_SAFE_INTEGER;
    cache = openOfflineCache(':memory:');
    const fleet = createFleetApi(
      createHttpClient({
        getToken: () => service.users[0]?.token ?? null,
        fetch: recordingFetch,
        timeoutMs: 5000,
      }),
      {
        apiUrl: service.api_url,
        accountKey: service.account_key,
      },
    );
    history = createHistoryService({ cache, fleet: () => fleet, maxBytes: () => maxBytes });
  });
  afterEach(() => cache.close());

  it('fetches an uncached hour from the service and answers the same hour again from the cache', async () => {
    const id = assetIds[0] ?? 1;
    const first = await history.get(id, T0, T0 + HOUR);
    expect(first.coverage).toEqual({
      complete: true,
      completeUntil: T0 + HOUR,
      source: 'network',
      offline: false,
    });
    expect(first.points.t.length).toBeGreaterThan(10);
    const again = await history.get(id, T0, T0 + HOUR);
    expect(again.coverage.source).toBe('cache');
    expect(Array.from(again.points.t)).toEqual(Array.from(first.points.t));
    expect(Array.from(again.points.lat)).toEqual(Array.from(first.points.lat));
    expect(requested.length).toBe(1);
  });

  it('fetches only the missing part of an overlapping request', async () => {
    const id = assetIds[1] ?? 1;
    await history.get(id, T0, T0 + HOUR);
    const wider = await history.get(id, T0 + HOUR / 2, T0 + 2 * HOUR);
    expect(requested).toEqual([
      { start: T0, end: T0 + HOUR },
      { start: T0 + HOUR, end: T0 + 2 * HOUR },
    ]);
    expect(wider.coverage).toEqual({
      complete: true,
      completeUntil: T0 + 2 * HOUR,
      source: 'mixed',
      offline: false,
    });
    expect(wider.points.t[0]).toBeGreaterThanOrEqual(T0 + HOUR / 2);
    // The answer is put together before the fetched part is stored: the cache then gives the same.
    const cached = await history.get(id, T0 + HOUR / 2, T0 + 2 * HOUR);
    expect(cached.coverage.source).toBe('cache');
    for (const name of ['t', 'lat', 'lon', 'speed', 'odometer', 'ignition'] as const)
      expect(Array.from(cached.points[name]), name).toEqual(Array.from(wider.points[name]));
  });

  it('evicts the least recently viewed history under a small cap and fetches it again when asked', async () => {
    const [a = 1, b = 2] = assetIds;
    await history.get(a, T0, T0 + HOUR);
    maxBytes = cache.history.sizeBytes() + 1; // room for one asset-hour
    await history.get(b, T0, T0 + HOUR);
    expect(cache.history.coverage(a)).toEqual([]);
    const back = await history.get(a, T0, T0 + HOUR);
    expect(back.coverage.source).toBe('network');
    expect(requested.map((r) => r.start)).toEqual([T0, T0, T0]);
  });

  it('fetches a long range in week-long pieces, oldest first', async () => {
    const id = assetIds[3] ?? 1;
    const start = T0 - 10 * MS_PER_DAY;
    const r = await history.get(id, start, T0);
    expect(requested).toEqual([
      { start, end: start + 7 * MS_PER_DAY },
      { start: start + 7 * MS_PER_DAY, end: T0 },
    ]);
    expect(r.coverage.complete).toBe(true);
    expect(r.points.t[0]).toBeGreaterThanOrEqual(start);
  });

  it('keeps the weeks fetched before the connection dropped, with the next week asked for ahead', async () => {
    const id = assetIds[3] ?? 1;
    const start = T0 - 25 * MS_PER_DAY;
    unreachableFrom = start + 14 * MS_PER_DAY;
    const r = await history.get(id, start, T0);
    expect(requested.slice(0, 3).map((q) => q.start)).toEqual([
      start,
      start + 7 * MS_PER_DAY,
      start + 14 * MS_PER_DAY,
    ]);
    expect(r.coverage).toMatchObject({ complete: false, completeUntil: unreachableFrom, offline: true });
    expect(cache.history.coverage(id)).toEqual([{ start, end: unreachableFrom }]);
    expect(r.points.t[r.points.t.length - 1]).toBeLessThan(unreachableFrom);
  });

  it('fills what it cannot fetch with the live positions it received, when offline', async () => {
    const id = assetIds[4] ?? 1;
    const signedOut = createHistoryService({ cache, fleet: () => null });
    cache.history.appendLive([
      {
        assetId: id,
        lat: 45.5,
        lon: 9.2,
        speed: 30,
        course: 90,
        t: T0 + 60_000,
        state: 'moving',
        ignition: true,
      },
      {
        assetId: id + 1,
        lat: 45.6,
        lon: 9.3,
        speed: 0,
        course: 0,
        t: T0 + 60_000,
        state: 'idle',
        ignition: true,
      },
    ]);
    const r = await signedOut.get(id, T0, T0 + HOUR);
    expect(Array.from(r.points.t)).toEqual([T0 + 60_000]);
    expect(r.coverage).toEqual({ complete: false, completeUntil: null, source: 'cache', offline: true });
  });

  it('keeps serving cached history with the service stopped, saying how complete it is', async () => {
    const id = assetIds[2] ?? 1;
    const online = await history.get(id, T0, T0 + HOUR);
    await service.stop();

    const same = await history.get(id, T0, T0 + HOUR);
    expect(same.coverage).toEqual({
      complete: true,
      completeUntil: T0 + HOUR,
      source: 'cache',
      offline: false,
    });
    expect(same.points.t.length).toBe(online.points.t.length);

    const longer = await history.get(id, T0, T0 + 3 * HOUR);
    expect(longer.coverage).toEqual({
      complete: false,
      completeUntil: T0 + HOUR,
      source: 'cache',
      offline: true,
    });
    expect(longer.points.t.length).toBe(online.points.t.length);

    const earlier = await history.get(id, T0 - HOUR, T0 + HOUR);
    expect(earlier.coverage).toMatchObject({ complete: false, completeUntil: null, offline: true });
  });
});
