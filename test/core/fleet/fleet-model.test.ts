import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleetApi } from '../../../src/main/core/api/fleet-api';
import { createHttpClient } from '../../../src/main/core/api/http-client';
import { openOfflineCache, type OfflineCache } from '../../../src/main/core/cache/offline-cache';
import { createFleetModel } from '../../../src/main/core/fleet/fleet-model';
import { startLocalService, type LocalService } from '../../../src/server';
import type { FleetSnapshot, LivePosition } from '../../../src/shared/ipc/views';

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

  const api = () => {
    const http = createHttpClient({
      getToken: () => service.users[0]!.token,
      timeoutMs: 3000,
      fetch: async (input, init) => {
        requests.push(String(input));
        // Offline: a port nobody listens on.
        return fetch(online ? input : String(input).replace(/:\d+\//, ':9/'), init);
      },
    });
    return createFleetApi(http, { apiUrl: service.api_url, accountKey: service.account_key, pageSize: 5 });
  };

  it('lists every page, keeps the list, and serves it from the cache when offline', async () => {
    const changes: FleetSnapshot[] = [];
    const positions: LivePosition[][] = [];
    const fleet = createFleetModel({
      assets: cache.assets,
      api,
      onChanged: (s) => changes.push(s),
      onPositions: (p) => positions.push(p),
    });
    const snap = await fleet.refresh();
    expect(snap.assets).toHaveLength(23);
    expect(new Set(snap.assets.map((a) => a.id)).size).toBe(23);
    expect(requests.filter((u) => u.includes('/asset?'))).toHaveLength(5);
    expect(snap.fromCache).toBe(false);

    await fleet.refreshLocations();
    expect(positions.at(-1)).toHaveLength(23);
    expect(fleet.snapshot().positions).toHaveLength(23);
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
      onChanged: () => undefined,
      onPositions: () => undefined,
    });
    expect(restarted.snapshot()).toMatchObject({ fromCache: true });
    expect(restarted.snapshot().assets).toHaveLength(23);
    expect(restarted.snapshot().positions).toHaveLength(23);
  });

  it('keeps the newest live position per asset whatever the arrival order', () => {
    const fleet = createFleetModel({
      assets: cache.assets,
      api,
      onChanged: () => undefined,
      onPositions: () => undefined,
    });
    const id = fleet.snapshot().assets[0]!.id;
    const p = (t: number, lat: number): LivePosition => ({
      assetId: id,
      lat,
      lon: 9,
      speed: 0,
      course: 0,
      t,
      state: 'stopped',
      ignition: false,
    });
    fleet.applyLive([p(Date.now() + 2000, 10)]);
    fleet.applyLive([p(Date.now() + 1000, 20)]);
    expect(fleet.snapshot().positions.find((x) => x.assetId === id)?.lat).toBe(10);
  });
});
