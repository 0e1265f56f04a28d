import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleetApi } from '../../../src/main/core/api/fleet-api';
import { createHttpClient } from '../../../src/main/core/api/http-client';
import { openOfflineCache, type OfflineCache } from '../../../src/main/core/cache/offline-cache';
import { createFleetModel } from '../../../src/main/core/fleet/fleet-model';
import { createLiveFeed, type LiveFeed } from '../../../src/main/core/live/live-feed';
import { startRealtime, type Realtime } from '../../../src/main/core/realtime/realtime';
import { endpointsOfLocal } from '../../../src/main/demo/demo-of-service';
import { startLocalService, type LocalService } from '../../../src/server';
import type { FleetListed } from '../../../src/shared/ipc/views';

/**
 * Live fixes of assets the list does not have (fleet/unlisted-assets.ts), end to end: the account channel of
 * the real local service, read by the core's pusher-js client with the operator's token, carries the whole
 * fleet; the asset list is asked for with the token of a user restricted to three assets — a service whose
 * channel carries more than this user's list — and later with the operator's, as when assets are added.
 */
describe('fleet model: live fixes of assets the list does not have', () => {
  let service: LocalService;
  let cache: OfflineCache;
  let live: LiveFeed;
  let realtime: Realtime | null = null;

  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 12, tickMs: 200 });
    cache = openOfflineCache(':memory:');
    live = createLiveFeed({ append: () => undefined, push: () => undefined, intervalMs: 20 });
  });
  afterAll(async () => {
    realtime?.stop();
    live.stop();
    cache.close();
    await service.stop();
  });

  it('shows a new asset at once, lets a list asked for after its first fix decide, and drops what the list leaves out', async () => {
    const [operator, restricted] = service.users;
    let listAs = restricted!.token;
    const asked: number[] = [];
    const api = createFleetApi(
      createHttpClient({
        getToken: () => listAs,
        timeoutMs: 5000,
        fetch: async (input, init) => {
          if (String(input).includes('/asset?')) asked.push(Date.now());
          return fetch(input, init);
        },
      }),
      { apiUrl: service.api_url, accountKey: service.account_key, pageSize: 50 },
    );
    const warnings: string[] = [];
    const listed: FleetListed[] = [];
    const fleet = createFleetModel({
      assets: cache.assets,
      api: () => api,
      live,
      onListed: (l) => listed.push(l),
      unlistedRefreshGapMs: 600,
      log: { warn: (m) => warnings.push(m) },
    });
    const mine = new Set(restricted!.asset_ids);
    expect(mine.size).toBe(3);
    expect((await fleet.refresh()).assets.map((a) => a.id).sort()).toEqual([...mine].sort());
    fleet.start();
    const listedAt = asked.at(-1)!;
    const received: number[] = [];
    realtime = startRealtime({
      endpoints: endpointsOfLocal(service),
      token: () => operator!.token,
      onLivePositions: (positions) => {
        received.push(...positions.map((p) => p.assetId));
        fleet.addLive(positions);
      },
      onReportEvent: () => undefined,
      onStatus: () => undefined,
      onSubscribed: () => undefined,
      onUnauthorized: () => undefined,
    });
    const shown = (): Set<number> => new Set(live.latest().map((p) => p.assetId));
    // The simulated fleet has silent trackers: which of the twelve send fixes depends on the hour.
    const others = (): number[] => [...shown()].filter((id) => !mine.has(id));

    // The channel's other assets are shown as they come, before any list names them.
    await expect.poll(() => others().length, { timeout: 10_000 }).toBeGreaterThan(0);
    // One list is asked for after their first fixes, no sooner than the gap after the last one, and it
    // leaves them out: they are forgotten, and the renderer is handed the fleet without them.
    await expect.poll(() => listed.length, { timeout: 10_000 }).toBe(2);
    expect(asked).toHaveLength(2);
    // The gap runs from when the model asked, a moment before the request left (timers may also fire a
    // millisecond early by Date.now).
    expect(asked[1]! - listedAt).toBeGreaterThanOrEqual(550);
    const forgotten = listed[1]!.forgotten;
    expect(forgotten.length).toBeGreaterThan(0);
    expect(forgotten.filter((id) => mine.has(id))).toEqual([]);
    const kept = fleet.snapshot().positions.map((p) => p.assetId);
    expect(kept.filter((id) => !mine.has(id))).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^Live fixes of \d+ assets the asset list does not have are no longer shown\.$/,
    );
    // Their later fixes keep coming over the channel and are dropped, without asking for the list again.
    const settledAt = received.length;
    const othersSince = (): number => received.slice(settledAt).filter((id) => !mine.has(id)).length;
    await expect.poll(othersSince, { timeout: 10_000 }).toBeGreaterThan(20);
    expect(others()).toEqual([]);
    expect(asked).toHaveLength(2);

    // Once a list names them (here: asked for as the operator, who sees the whole fleet), they are
    // ordinary assets again, shown from their next fix.
    listAs = operator!.token;
    expect((await fleet.refresh()).assets).toHaveLength(12);
    await expect.poll(() => others().length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(asked).toHaveLength(3);
    fleet.stop();
  });
});
