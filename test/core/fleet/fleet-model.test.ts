import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createFleetApi } from '../../../src/main/core/api/fleet-api';
import { createHttpClient } from '../../../src/main/core/api/http-client';
import { openOfflineCache, type OfflineCache } from '../../../src/main/core/cache/offline-cache';
import { createFleetModel } from '../../../src/main/core/fleet/fleet-model';
import { createLiveFeed, type LiveFeed } from '../../../src/main/core/live/live-feed';
import { startLocalService, type LocalService } from '../../../src/server';
import type { FleetListed, LivePosition } from '../../../src/shared/ipc/views';

describe('fleet model', () => {
  let service: LocalService;
  let cache: OfflineCache;
  let online = true;
  const requests: string[] = [];

  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 23, tickMs: 60_000 });
    cache = openOfflineCache(':memory:');
  });
  afterAll(async () => {
    cache.close();
    await service.stop();
  });

  const feeds: LiveFeed[] = [];
  /** A live feed as the core has one, recording its pushes; `pushed()` resolves with the next one. */
  const liveFeed = () => {
    const pushes: LivePosition[][] = [];
    let waiting: ((batch: LivePosition[]) => void) | null = null;
    const feed = createLiveFeed({
      append: () => undefined,
      push: (b) => {
        pushes.push([...b]);
        waiting?.([...b]);
        waiting = null;
      },
    });
    feeds.push(feed);
    return {
      feed,
      pushes,
      pushed: () => new Promise<LivePosition[]>((resolve) => (waiting = resolve)),
    };
  };
  afterAll(() => {
    for (const f of feeds) f.stop();
  });

  /** Offline: a port nobody listens on. */
  const unreachable = (url: string): string => url.replace(/:\d+\//, ':9/');
  /** The fleet API over real HTTP; `reroute` may send a request elsewhere (offline by default when `online` is off). */
  const api = (reroute: (url: string) => string = (url) => (online ? url : unreachable(url))) => {
    const http = createHttpClient({
      getToken: () => service.users[0]!.token,
      timeoutMs: 3000,
      fetch: async (input, init) => {
        requests.push(String(input));
        return fetch(reroute(String(input)), init);
      },
    });
    return createFleetApi(http, { apiUrl: service.api_url, accountKey: service.account_key, pageSize: 5 });
  };

  it('settles a location asked for from the panel of an asset the list does not have as it settles a live fix', async () => {
    // A service that answers this user's location requests for more assets than their list has: the list is
    // asked for as the restricted user, locations as the operator.
    const [operator, restricted] = service.users;
    const http = (token: string) =>
      createHttpClient({
        getToken: () => token,
        timeoutMs: 3000,
        fetch: (input, init) => fetch(input, init),
      });
    const listApi = createFleetApi(http(restricted!.token), {
      apiUrl: service.api_url,
      accountKey: service.account_key,
      pageSize: 5,
    });
    const locationApi = createFleetApi(http(operator!.token), {
      apiUrl: service.api_url,
      accountKey: service.account_key,
      pageSize: 5,
    });
    const mixed = { ...listApi, location: (id: number) => locationApi.location(id) };
    const live = liveFeed();
    const ownCache = openOfflineCache(':memory:');
    onTestFinished(() => ownCache.close());
    const fleet = createFleetModel({
      assets: ownCache.assets,
      api: () => mixed,
      live: live.feed,
      onListed: () => undefined,
    });
    const listed = (await fleet.refresh()).assets.map((a) => a.id);
    expect(listed).toEqual(restricted!.asset_ids);
    const other = 20;
    expect(listed).not.toContain(other);

    const shown = live.pushed();
    await fleet.location(other);
    expect((await shown).map((p) => p.assetId)).toEqual([other]);
    // The list asked for after it leaves it out: it is no longer shown, and its next location is not either.
    await fleet.refresh();
    expect(fleet.snapshot().positions.map((p) => p.assetId)).not.toContain(other);
    const location = await fleet.location(other);
    expect(location.latitude).toBeTypeOf('number');
    expect(fleet.snapshot().positions.map((p) => p.assetId)).not.toContain(other);
  });

  it('lists every page, keeps the list, and serves it from the cache when offline', async () => {
    const live = liveFeed();
    const fleet = createFleetModel({
      assets: cache.assets,
      api,
      live: live.feed,
      onListed: () => undefined,
    });
    const snap = await fleet.refresh();
    expect(snap.assets).toHaveLength(23);
    expect(new Set(snap.assets.map((a) => a.id)).size).toBe(23);
    expect(requests.filter((u) => u.includes('/asset?'))).toHaveLength(5);
    expect(snap.fromCache).toBe(false);

    const pushed = live.pushed();
    await fleet.refreshLocations();
    // Known at once; pushed to the renderer as one batch by the live feed.
    expect(fleet.snapshot().positions).toHaveLength(23);
    expect(await pushed).toHaveLength(23);
    const first = snap.assets[0]!;
    expect(fleet.assetName(first.id)).toBe(first.name);

    online = false;
    const offline = await fleet.refresh();
    expect(offline.fromCache).toBe(true);
    expect(offline.assets.map((a) => a.id)).toEqual(snap.assets.map((a) => a.id));
    const location = await fleet.location(first.id);
    expect(location.latitude).toBeTypeOf('number');
    online = true;

    // A new app run starts from the cache before any request.
    const restarted = createFleetModel({
      assets: cache.assets,
      api,
      live: liveFeed().feed,
      onListed: () => undefined,
    });
    expect(restarted.snapshot()).toMatchObject({ fromCache: true });
    expect(restarted.snapshot().assets).toHaveLength(23);
    expect(restarted.snapshot().positions).toHaveLength(23);
  });

  it('hands a location the service answers to the live feed, where a newer live fix still wins', async () => {
    const live = liveFeed();
    const fleet = createFleetModel({
      assets: cache.assets,
      api,
      live: live.feed,
      onListed: () => undefined,
    });
    const [first, second] = fleet.snapshot().assets;
    const answered = live.pushed();
    const location = await fleet.location(first!.id);
    expect(await answered).toEqual([
      expect.objectContaining({
        assetId: first!.id,
        lat: location.latitude,
        t: Date.parse(location.timestamp),
      }),
    ]);

    const ahead: LivePosition = {
      assetId: first!.id,
      lat: 10,
      lon: 9,
      speed: 0,
      course: 0,
      t: Date.now() + 60_000,
      state: 'stopped',
      ignition: false,
    };
    live.feed.add([ahead]);
    await live.pushed();
    // Asked again, the service's answer is older than the live fix: kept back, while a fix of
    // another asset that came after it goes out.
    const next = live.pushed();
    await fleet.location(first!.id);
    live.feed.add([{ ...ahead, assetId: second!.id }]);
    expect((await next).map((p) => p.assetId)).toEqual([second!.id]);
    expect(fleet.snapshot().positions.find((x) => x.assetId === first!.id)?.lat).toBe(10);
  });

  it('hands locations to the live feed as the sweep finds them, not only when its last answer is in', async () => {
    // The service answers the first ten location requests; the rest wait until the test has seen a push.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    const http = createHttpClient({
      getToken: () => service.users[0]!.token,
      timeoutMs: 10_000,
      fetch: async (input, init) => {
        if (String(input).endsWith('/location') && ++asked > 10) await held;
        return fetch(String(input), init);
      },
    });
    const gated = createFleetApi(http, {
      apiUrl: service.api_url,
      accountKey: service.account_key,
      pageSize: 5,
    });
    const live = liveFeed();
    const own = openOfflineCache(':memory:');
    const fleet = createFleetModel({
      assets: own.assets,
      api: () => gated,
      live: live.feed,
      onListed: () => undefined,
      locationBatch: 5,
    });
    await fleet.refresh();
    let swept = false;
    const sweep = fleet.refreshLocations().then(() => (swept = true));
    const early = await live.pushed();
    expect(swept).toBe(false);
    expect(early.length).toBeGreaterThanOrEqual(5);
    expect(early.length).toBeLessThanOrEqual(10);
    release();
    await sweep;
    expect(fleet.snapshot().positions).toHaveLength(23);
    own.close();
  });

  it('does not count an asset with no fix yet (404) as a failed location, and names the kinds that failed', async () => {
    const [unreported, unreachableAsset] = cache.assets.list().assets;
    const warnings: string[] = [];
    // A 404 from the service (what it answers for an asset with no fix yet), and a request that reaches nobody.
    const reroute = (url: string): string => {
      if (url.endsWith(`/asset/${unreported!.id}/location`))
        return url.replace(`/asset/${unreported!.id}/`, '/asset/999999/');
      if (url.endsWith(`/asset/${unreachableAsset!.id}/location`)) return unreachable(url);
      return url;
    };
    const fleet = createFleetModel({
      assets: cache.assets,
      api: () => api(reroute),
      live: liveFeed().feed,
      onListed: () => undefined,
      log: { warn: (m) => warnings.push(m) },
    });
    await fleet.refreshLocations();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^Last locations: 1 of 23 assets could not be refreshed \(offline: 1, first: The service could not be reached \(.+\)\.\)\.$/,
    );
  });

  it('hands on what each refresh changed: the list only when it is not the one held, the assets it forgot, never the positions', async () => {
    // The list as the operator (every asset) or as the restricted user (theirs), over real HTTP.
    const [operator, restricted] = service.users;
    let token = restricted!.token;
    let reachable = true;
    const http = createHttpClient({
      getToken: () => token,
      timeoutMs: 3000,
      fetch: (input, init) => fetch(reachable ? String(input) : unreachable(String(input)), init),
    });
    const fleetApi = createFleetApi(http, {
      apiUrl: service.api_url,
      accountKey: service.account_key,
      pageSize: 5,
    });
    let clock = Date.UTC(2026, 10, 28, 8, 0);
    const own = openOfflineCache(':memory:', { now: () => clock });
    onTestFinished(() => own.close());
    const listed: FleetListed[] = [];
    const live = liveFeed();
    const fleet = createFleetModel({
      assets: own.assets,
      api: () => fleetApi,
      live: live.feed,
      onListed: (l) => listed.push(l),
      now: () => clock,
    });

    const theirs = new Set(restricted!.asset_ids);
    expect(theirs.size).toBeGreaterThan(0);
    const first = await fleet.refresh();
    expect(new Set(first.assets.map((a) => a.id))).toEqual(theirs);
    expect(listed).toEqual([{ assets: first.assets, forgotten: [], fetchedAt: clock, fromCache: false }]);

    clock += 300_000;
    const same = await fleet.refresh();
    expect(listed[1]).toEqual({ assets: null, forgotten: [], fetchedAt: clock, fromCache: false });
    // The caller of refresh() still gets the whole fleet, with the new age; the cache holds it too.
    expect(same).toMatchObject({ fetchedAt: clock, fromCache: false });
    expect(same.assets).toEqual(first.assets);
    expect(own.assets.list().fetchedAt).toBe(clock);

    // A live fix of an asset their list does not have is shown until a list asked for after it leaves it out.
    const other = 20;
    expect(theirs.has(other)).toBe(false);
    const shown = live.pushed();
    fleet.addLive([
      { assetId: other, lat: 45, lon: 9, speed: 0, course: 0, t: clock, state: 'stopped', ignition: false },
    ]);
    expect((await shown).map((p) => p.assetId)).toEqual([other]);
    clock += 60_000;
    await fleet.refresh();
    expect(listed[2]).toEqual({ assets: null, forgotten: [other], fetchedAt: clock, fromCache: false });
    expect(fleet.snapshot().positions.map((p) => p.assetId)).not.toContain(other);

    token = operator!.token;
    clock += 300_000;
    const all = await fleet.refresh();
    expect(all.assets).toHaveLength(23);
    expect(listed[3]).toEqual({ assets: all.assets, forgotten: [], fetchedAt: clock, fromCache: false });
    expect(fleet.assetName(other)).toBe(all.assets.find((a) => a.id === other)?.name);

    reachable = false;
    clock += 300_000;
    const offline = await fleet.refresh();
    expect(offline).toMatchObject({ fromCache: true, fetchedAt: clock - 300_000 });
    expect(listed[4]).toEqual({ assets: null, forgotten: [], fetchedAt: clock - 300_000, fromCache: true });
    // No refresh pushed a position: the renderer has them from the live feed.
    for (const l of listed)
      expect(Object.keys(l).sort()).toEqual(['assets', 'fetchedAt', 'forgotten', 'fromCache']);
  });

  it('refreshes in the background only while signed in, and warns only of a refresh that failed', async () => {
    // Only the refresh's interval is driven by the test; the requests run on real sockets and timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const warnings: string[] = [];
      let signedIn = false;
      const listed: FleetListed[] = [];
      const own = openOfflineCache(':memory:');
      onTestFinished(() => own.close());
      const fleet = createFleetModel({
        assets: own.assets,
        api: () => (signedIn ? api() : null),
        live: liveFeed().feed,
        onListed: (l) => listed.push(l),
        refreshIntervalMs: 1000,
        log: { warn: (m) => warnings.push(m) },
      });
      fleet.start();
      const asked = requests.length;
      vi.advanceTimersByTime(3000);
      expect(warnings).toEqual([]);
      expect(requests.length).toBe(asked);
      signedIn = true;
      vi.advanceTimersByTime(1000);
      await expect.poll(() => listed.length).toBe(1);
      expect(listed[0]?.assets).toHaveLength(23);
      expect(requests.length).toBeGreaterThan(asked);
      expect(warnings).toEqual([]);
      fleet.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
