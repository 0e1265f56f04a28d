import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../../src/server';
import { ApiError } from '../../../src/main/core/api/api-error';
import { createFleetApi, toColumns } from '../../../src/main/core/api/fleet-api';
import { decodeHistoryJson } from '../../../src/main/core/api/history-json-decoder';
import { parseVendorScalars } from '../../../src/main/core/api/vendor-scalars';
import { seededRandom } from '../../../bench/support/seeded-random';
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

  it('reads what a Laravel service writes as the schema path reads it: microseconds, decimal strings, 0 and 1', () => {
    // Carbon's toJSON writes microseconds; Eloquent gives DECIMAL columns as strings and TINYINT(1) as 0/1.
    const laravel = (p: typeof point, at: string) => ({
      ...p,
      latitude: p.latitude.toFixed(7),
      longitude: p.longitude.toFixed(7),
      speed: p.speed.toFixed(2),
      odometer: String(p.odometer),
      ignition: p.ignition ? 1 : 0,
      timestamp: at,
    });
    const data = [
      laravel(point, '2026-11-02T08:00:10.123456Z'),
      laravel({ ...point, ignition: false, speed: 0 }, '2026-11-02T08:00:20.999999+01:00'),
      {
        ...laravel(point, '2026-11-02T08:00:30.000000Z'),
        altitude: null,
        heading: '-4.25e2',
        satellites: '7',
      },
    ];
    const text = JSON.stringify({ data });
    const viaVendorSchema = (): HistoryColumns => {
      const parsed = parseVendorScalars(historyResponseSchema, JSON.parse(text));
      if (!parsed.success) throw parsed.error;
      return toColumns(parsed.data.data);
    };
    const columns = decodeHistoryJson(bytes(text));
    expectSameColumns(columns, viaVendorSchema());
    expect(Array.from(columns?.t ?? []).map((t) => t % 1000)).toEqual([123, 999, 0]);
    expect(Array.from(columns?.ignition ?? [])).toEqual([1, 0, 1]);
    expect(columns?.lat[0]).toBe(45.464211);
  });

  it('skips fields other than the nine, whatever their value, as the schema drops them', () => {
    const data = [
      { id: 1, asset_id: 7, ...point, created_at: '2026-11-02T08:00:11.000000Z' },
      {
        ...point,
        address: 'Via Roma 1, "Centro" \\ \u00e8 \n',
        meta: { a: [1, -2.5e3, { b: null }], c: true },
      },
      { lat: 1, ...point, extra: [], more: {}, flag: false, none: null, n: 0 },
    ];
    for (const text of [
      JSON.stringify({ data }),
      JSON.stringify({ links: { next: null }, data, meta: { total: 3, path: 'https://x.test/a?b=1' } }),
    ])
      expectSameColumns(decodeHistoryJson(bytes(text)), viaSchema(text));
    // Malformed JSON inside a skipped field is still malformed: declined, and JSON.parse refuses it too.
    const one = JSON.stringify({ data: [{ ...point, extra: 'X' }] });
    const malformed = ['[1,]', '"\\q"', 'tru', '{"a" 1}', '"a\tb"', '01'].flatMap((bad) => [
      one.replace('"X"', bad),
      JSON.stringify({ data: [point], meta: 'X' }).replace('"X"', bad),
    ]);
    malformed.push(one.replace('"extra"', '"ex\ttra"'));
    for (const text of [...malformed, JSON.stringify({ data: [point], data2: 1 }).replace('data2', 'data')]) {
      expect(decodeHistoryJson(bytes(text)), text).toBeNull();
      if (malformed.includes(text)) expect(() => JSON.parse(text), text).toThrow();
    }
    // Nested deeper than the decoder goes: left to JSON.parse and the schema, which read it.
    const deep = one.replace('"X"', `${'['.repeat(40)}1${']'.repeat(40)}`);
    expect(decodeHistoryJson(bytes(deep))).toBeNull();
    expect(viaSchema(deep).t).toHaveLength(1);
  });

  it('never reads what JSON.parse and the schema would not, or read differently: 20,000 mutated answers', () => {
    const random = seededRandom(20261127);
    const base = JSON.stringify({
      links: { next: null },
      data: [
        { id: 1, ...point, note: 'a "b" \\ c' },
        {
          ...point,
          latitude: '45.4642110',
          ignition: 0,
          timestamp: '2026-11-02T08:00:20.123456Z',
          extra: [1, { x: true }],
        },
      ],
    });
    const pieces = [
      '"',
      '\\',
      ',',
      ':',
      '{',
      '}',
      '[',
      ']',
      '0',
      '1',
      '-',
      '.',
      'e',
      ' ',
      '\t',
      'n',
      'true',
      'null',
      '"x"',
    ];
    let read = 0;
    for (let n = 0; n < 20_000; n++) {
      let text = base;
      for (let m = 1 + Math.floor(random() * 3); m > 0; m--) {
        const at = Math.floor(random() * text.length);
        const piece = pieces[Math.floor(random() * pieces.length)]!;
        const cut = Math.floor(random() * 3);
        text = text.slice(0, at) + (random() < 0.7 ? piece : '') + text.slice(at + cut);
      }
      const columns = decodeHistoryJson(bytes(text));
      if (columns === null) continue;
      read++;
      const parsed = parseVendorScalars(historyResponseSchema, JSON.parse(text));
      expect(parsed.success, text).toBe(true);
      if (parsed.success) expectSameColumns(columns, toColumns(parsed.data.data));
    }
    // Most mutations break the answer; enough of them leave one to read.
    expect(read).toBeGreaterThan(1000);
  });

  it('declines valid answers in other forms, which the schema then reads', () => {
    const one = (p: unknown): string => JSON.stringify({ data: [p] });
    for (const text of [
      one(point).replace('"latitude"', '"\\u006catitude"'),
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
      one({ ...point, speed: '38.2 km/h' }),
      one({ ...point, ignition: 2 }),
      one(point).replace('"speed":38.2', '"speed":"38.2'),
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
