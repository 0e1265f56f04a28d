import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../../src/server';
import { ApiError } from '../../../src/main/core/api/api-error';
import { createFleetApi, toColumns } from '../../../src/main/core/api/fleet-api';
import { decodeHistoryJson } from '../../../src/main/core/api/history-json-decoder';
import { createHttpClient } from '../../../src/main/core/api/http-client';
import { openOfflineCache } from '../../../src/main/core/cache/offline-cache';
import { createHistoryService } from '../../../src/main/core/history/history-service';
import { historyResponseSchema } from '../../../src/shared/interface';
import { HISTORY_COLUMNS_MEDIA_TYPE } from '../../../src/shared/interface/history-columns-wire';
import type { HistoryColumns } from '../../../src/shared/ipc/views';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const viaSchema = (text: string): HistoryColumns =>
  toColumns(historyResponseSchema.parse(JSON.parse(text)).data);

/** Column by column with Object.is, so NaN matches NaN and -0 is not 0. */
function expectSameColumns(actual: HistoryColumns | null, expected: HistoryColumns): void {
  expect(actual).not.toBeNull();
  for (const name of Object.keys(expected) as (keyof HistoryColumns)[]) {
    expect(actual?.[name].constructor).toBe(expected[name].constructor);
    expect(Array.from(actual?.[name] ?? [])).toEqual(Array.from(expected[name]));
  }
}

const point = {
  latitude: 45.464211,
  longitude: 9.190336,
  altitude: 122.5,
  speed: 38.2,
  heading: 271,
  timestamp: '2026-11-02T08:00:10.000Z',
  ignition: true,
  odometer: 18234.512,
  satellites: 11,
};

describe('history answers read straight into columns', () => {
  let service: LocalService;
  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 5 });
  });
  afterAll(async () => {
    await service.stop();
  });

  it("reads the local service's answer exactly as JSON.parse and the schema do", async () => {
    const end = Date.now() - 300_000;
    const url =
      `${service.api_url}/api/${service.account_key}/asset/1/history` +
      `?start=${new Date(end - 86_400_000).toISOString()}&end=${new Date(end).toISOString()}`;
    const res = await fetch(url, { headers: { Authorization: `Bearer ${service.users[0]?.token ?? ''}` } });
    const body = new Uint8Array(await res.arrayBuffer());
    const expected = viaSchema(new TextDecoder().decode(body));
    expect(expected.t.length).toBeGreaterThan(8000);
    expectSameColumns(decodeHistoryJson(body), expected);
  });

  it('reads any field order, whitespace, nulls, exponents, long mantissas, zones and short fractions', () => {
    const data = [
      point,
      { ...point, latitude: -0, longitude: -180, speed: null, heading: null, altitude: null, odometer: null },
      { ...point, ignition: null, satellites: null, timestamp: '2026-11-02T09:30:00+05:30' },
      { ...point, ignition: false, timestamp: '2024-02-29T23:59:59.5-03:00', satellites: 300 },
      { ...point, latitude: 12.345678901234567, longitude: 1.5e-7, altitude: -4.25e2, speed: 0.1 },
      { ...point, timestamp: '2026-11-02T08:00:10.07Z', odometer: 123456789012.5, satellites: -2 },
    ];
    const reordered = data.map((p) => Object.fromEntries(Object.entries(p).reverse()));
    for (const text of [
      JSON.stringify({ data }),
      JSON.stringify({ data }, null, 2),
      JSON.stringify({ data: reordered }, null, '\t').replaceAll('\n', '\r\n'),
      ' {"data" : [ ] } ',
    ])
      expectSameColumns(decodeHistoryJson(bytes(text)), viaSchema(text));
  });

  it('declines valid answers in other forms, which the schema then reads', () => {
    const one = (p: unknown): string => JSON.stringify({ data: [p] });
    for (const text of [
      one({ ...point, address: 'Via Roma 1' }),
      JSON.stringify({ data: [point], meta: { total: 1 } }),
      one(point).replace('"latitude"', '"\\u006catitude"'),
      one({ ...point, timestamp: '2026-11-02T08:00:10.123456Z' }),
      one(point).replace('"speed":38.2', '"speed":1,"speed":38.2'),
      '\ufeff' + one(point),
    ]) {
      expect(decodeHistoryJson(bytes(text)), text).toBeNull();
      expect(() => viaSchema(text.replace(/^\ufeff/, '')), text).not.toThrow();
    }
  });

  it('declines every malformed answer, leaving the schema to name the fault', () => {
    const one = (p: unknown): string => JSON.stringify({ data: [p] });
    const { satellites: _s, ...noSatellites } = point;
    for (const text of [
      one({ ...point, latitude: 90.000001 }),
      one({ ...point, longitude: -181 }),
      one({ ...point, satellites: 9.5 }),
      one({ ...point, speed: '38.2' }),
      one({ ...point, ignition: 'yes' }),
      one({ ...point, timestamp: '2026-02-29T08:00:00Z' }),
      one({ ...point, timestamp: '2026-11-02T24:00:00Z' }),
      one({ ...point, timestamp: '2026-11-02 08:00:00' }),
      one(noSatellites),
      one({ ...point, timestamp: '2026-11-02T08:00Z' }),
      one(point).replace('38.2', '38.'),
      one(point).replace('38.2', '1e999'),
      JSON.stringify({ data: {} }),
      JSON.stringify({ data: [point, null] }),
      one(point).slice(0, -3),
      one(point) + 'x',
      '',
    ]) {
      expect(decodeHistoryJson(bytes(text)), text).toBeNull();
      expect(() => viaSchema(text), text).toThrow();
    }
  });
});

describe('a malformed history answer from a vendor service (JSON only, or columns it claims)', () => {
  let server: Server;
  let base: string;
  const good = JSON.stringify({ data: [point] });
  const bad = JSON.stringify({ data: [point, { ...point, latitude: 123 }] });
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url?.includes('/asset/3/')) {
        // Claims the columns form and sends a JSON body under it.
        res.writeHead(200, { 'Content-Type': HISTORY_COLUMNS_MEDIA_TYPE }).end(good);
        return;
      }
      const body = req.url?.includes('/asset/2/') ? bad : good;
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('is refused with the field at fault named, and the cache keeps what it had', async () => {
    const fleet = createFleetApi(createHttpClient({ getToken: () => 'token' }), {
      apiUrl: base,
      accountKey: 'acme',
    });
    const err = await fleet.history(2, Date.UTC(2026, 10, 2), Date.UTC(2026, 10, 3)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'bad_response', route: 'GET /asset/{id}/history' });
    expect((err as ApiError).message).toContain('data.1.latitude');

    const columns = await fleet
      .history(3, Date.UTC(2026, 10, 2), Date.UTC(2026, 10, 3))
      .catch((e: unknown) => e);
    expect(columns).toMatchObject({ kind: 'bad_response', status: 200 });
    expect((columns as ApiError).message).toContain('not in the FHC1 layout');

    const cache = openOfflineCache(':memory:');
    const history = createHistoryService({ cache, fleet: () => fleet, now: () => Date.UTC(2026, 10, 9) });
    const range = [Date.UTC(2026, 10, 2), Date.UTC(2026, 10, 3)] as const;
    const kept = await history.get(1, ...range);
    expect(kept.points.t.length).toBe(1);
    await expect(history.get(2, ...range)).rejects.toMatchObject({ kind: 'bad_response' });
    expect(cache.history.coverage(2)).toEqual([]);
    expect(cache.history.read(1, { start: range[0], end: range[1] }).points.t.length).toBe(1);
    cache.close();
  });
});
