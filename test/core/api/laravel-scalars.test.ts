import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleetApi, type FleetApi } from '../../../src/main/core/api/fleet-api';
import { createHttpClient } from '../../../src/main/core/api/http-client';
import { startRealtime, type Realtime } from '../../../src/main/core/realtime/realtime';
import { endpointsOfLocal } from '../../../src/main/demo/demo-of-service';
import { startLocalService, type LocalService } from '../../../src/server';
import { LOCATION_UPDATED_EVENT, accountChannelName } from '../../../src/shared/interface';
import type { LivePosition } from '../../../src/shared/ipc/views';
import { startRewritingProxy, type RewritingProxy } from '../rewriting-proxy';
import { laravelPosition } from '../../support/laravel-forms';

/**
 * A service as Laravel writes it without model casts, end to end (api/vendor-scalars.ts): a proxy in front of
 * the local service turns its fleet answers into what Eloquent and Carbon give — DECIMAL columns as strings
 * ("45.4642110"), TINYINT(1) as 0 and 1, timestamps to the microsecond — and a location event is broadcast the
 * same way through the local service's own Pusher server. The core reads them all as the spec's values.
 */
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One spec 2.8 location as Eloquent serializes it, with digits below the millisecond to drop. */
const laravelLocation = (p: Json): Json => laravelPosition(p, { cast: false, microseconds: '123' });

function laravelAnswer(path: string, body: unknown): unknown {
  if (!isObject(body)) return undefined;
  if (/\/location$/.test(path)) return laravelLocation(body);
  if (/\/history\?/.test(path) && Array.isArray(body.data))
    return { data: body.data.map((p) => (isObject(p) ? laravelLocation(p) : p)) };
  if (/\/asset\?/.test(path) && Array.isArray(body.data))
    return {
      ...body,
      data: body.data.map((a) =>
        isObject(a) && isObject(a.tracker)
          ? { ...a, tracker: { ...a.tracker, online: a.tracker.online ? 1 : 0 } }
          : a,
      ),
    };
  return undefined;
}

describe('a Laravel service’s DECIMAL, TINYINT and microsecond values, read by the core', () => {
  let service: LocalService;
  let proxy: RewritingProxy;
  let direct: FleetApi;
  let laravel: FleetApi;
  let realtime: Realtime | null = null;

  const api = (via: (url: string) => string, jsonOnly: boolean): FleetApi =>
    createFleetApi(
      createHttpClient({
        getToken: () => service.users[0]!.token,
        timeoutMs: 10_000,
        fetch: (input, init) => {
          // A service that only speaks the spec's JSON: the history comes as JSON, not as our columns.
          const headers = new Headers(init?.headers);
          if (jsonOnly) headers.set('Accept', 'application/json');
          return fetch(via(String(input)), { ...init, headers });
        },
      }),
      { apiUrl: service.api_url, accountKey: service.account_key, pageSize: 50 },
    );

  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 6, tickMs: 60_000 });
    proxy = await startRewritingProxy(service.port, ({ path }, body) => laravelAnswer(path, body));
    direct = api((url) => url, true);
    laravel = api((url) => proxy.via(url), true);
  });
  afterAll(async () => {
    realtime?.stop();
    await proxy.close();
    await service.stop();
  });

  it('reads the asset list, a location and a day of history as the spec’s numbers and booleans', async () => {
    const before = proxy.rewritten();
    expect(await laravel.allAssets()).toEqual(await direct.allAssets());

    const id = service.context.fleet.assets[0]!.id;
    const location = await direct.location(id);
    // The proxy adds microseconds: the same instant to the millisecond.
    expect(await laravel.location(id)).toEqual({
      ...location,
      timestamp: location.timestamp.replace('Z', '123Z'),
    });

    const end = Date.now() - 300_000;
    const columns = await laravel.history(id, end - 86_400_000, end);
    const expected = await direct.history(id, end - 86_400_000, end);
    expect(columns.t.length).toBeGreaterThan(100);
    expect(Array.from(columns.t)).toEqual(Array.from(expected.t));
    for (const name of [
      'lat',
      'lon',
      'alt',
      'speed',
      'heading',
      'odometer',
      'ignition',
      'satellites',
    ] as const)
      expect(Array.from(columns[name]), name).toEqual(Array.from(expected[name]));
    // The asset list, the location and the history each came through the proxy's rewriting.
    expect(proxy.rewritten() - before).toBeGreaterThanOrEqual(3);
  });

  it('reads a location event broadcast with the event’s model attributes as the database gives them', async () => {
    const received: LivePosition[] = [];
    const warnings: string[] = [];
    let subscribed = false;
    realtime = startRealtime({
      endpoints: endpointsOfLocal(service),
      token: () => service.users[0]!.token,
      onLivePositions: (positions) => received.push(...positions),
      onReportEvent: () => undefined,
      onStatus: () => undefined,
      onSubscribed: (channel) => (subscribed ||= channel === 'live'),
      onUnauthorized: () => undefined,
      log: { warn: (m) => warnings.push(m) },
    });
    await expect.poll(() => subscribed, { timeout: 10_000 }).toBe(true);
    const id = service.context.fleet.assets[1]!.id;
    service.context.publish(accountChannelName(service.account_key), LOCATION_UPDATED_EVENT, [
      {
        assetId: id,
        assetName: 'Van 02',
        latitude: '45.4642110',
        longitude: '9.1903360',
        speed: '38.20',
        course: '271.0',
        timestamp: 1_796_000_000_000,
        status: { name: 'moving', ignition: 1, engine: 1 },
      },
    ]);
    await expect
      .poll(() => received.filter((p) => p.t === 1_796_000_000_000), { timeout: 10_000 })
      .toEqual([
        {
          assetId: id,
          lat: 45.464211,
          lon: 9.190336,
          speed: 38.2,
          course: 271,
          t: 1_796_000_000_000,
          state: 'moving',
          ignition: true,
        },
      ]);
    expect(warnings).toEqual([]);
  });
});
