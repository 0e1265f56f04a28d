import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../../src/server';
import { ApiError } from '../../../src/main/core/api/api-error';
import { createFleetApi, HISTORY_MAX_BODY_BYTES, type FleetApi } from '../../../src/main/core/api/fleet-api';
import { createHttpClient, DEFAULT_MAX_BODY_BYTES } from '../../../src/main/core/api/http-client';
import { HISTORY_COLUMNS_MEDIA_TYPE } from '../../../src/shared/interface/history-columns-wire';
import { declaringLength } from './declared-length';

describe('fleet interface through the core client, against the local service', () => {
  let service: LocalService;
  let operator: FleetApi;
  let restricted: FleetApi;
  const api = (token: string, pageSize?: number): FleetApi =>
    createFleetApi(createHttpClient({ getToken: () => token }), {
      apiUrl: service.api_url,
      accountKey: service.account_key,
      pageSize,
    });

  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 23 });
    operator = api(service.users[0]?.token ?? '', 5);
    restricted = api(service.users[1]?.token ?? '');
  });
  afterAll(async () => {
    await service.stop();
  });

  it('lists every asset across all pages, in order, without duplicates', async () => {
    const first = await operator.assetPage(1);
    expect(first.meta.last_page).toBe(5);
    const all = await operator.allAssets({ concurrency: 2 });
    expect(all.length).toBe(23);
    expect(new Set(all.map((a) => a.id)).size).toBe(23);
    expect(all.slice(0, 5)).toEqual(first.data);
  });

  it('shows a restricted user only their assets and refuses the others with 403', async () => {
    const mine = await restricted.allAssets();
    expect(mine.map((a) => a.id).sort()).toEqual([...(service.users[1]?.asset_ids ?? [])].sort());
    const all = await operator.allAssets();
    const other = all.find((a) => !mine.some((m) => m.id === a.id));
    const err = await restricted.location(other?.id ?? 0).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'forbidden', status: 403 });
  });

  it('returns the last location and an hour of history as typed columns', async () => {
    const [asset] = await operator.allAssets();
    const id = asset?.id ?? 0;
    const loc = await operator.location(id);
    expect(loc.latitude).toBeGreaterThan(40);
    const end = Date.now() - 60_000;
    const h = await operator.history(id, end - 3600_000, end);
    expect(h.t).toBeInstanceOf(Float64Array);
    expect(h.t.length).toBeGreaterThan(0);
    expect(h.t[0]).toBeGreaterThanOrEqual(end - 3600_000);
    expect(h.t[h.t.length - 1]).toBeLessThan(end);
    expect(Array.from(h.t)).toEqual([...h.t].sort((a, b) => a - b));
    expect(h.lat[0]).toBeGreaterThan(40);
  });

  it('gets the same history as columns as a JSON-only client gets as JSON', async () => {
    const end = Date.now() - 60_000;
    const range = { start: new Date(end - 86_400_000).toISOString(), end: new Date(end).toISOString() };
    const asked: { accept: string | null; type: string | null; vary: string | null }[] = [];
    const jsonOnly: typeof fetch = async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('Accept', 'application/json');
      return fetch(input, { ...init, headers });
    };
    const watching =
      (inner: typeof fetch): typeof fetch =>
      async (input, init) => {
        const res = await inner(input, init);
        asked.push({
          accept: new Headers(init?.headers).get('accept'),
          type: res.headers.get('content-type'),
          vary: res.headers.get('vary'),
        });
        return res;
      };
    const client = (inner: typeof fetch): FleetApi =>
      createFleetApi(
        createHttpClient({ getToken: () => service.users[0]?.token ?? '', fetch: watching(inner) }),
        {
          apiUrl: service.api_url,
          accountKey: service.account_key,
        },
      );
    const columns = await client(fetch).history(1, Date.parse(range.start), Date.parse(range.end));
    const json = await client(jsonOnly).history(1, Date.parse(range.start), Date.parse(range.end));
    expect(asked.map((a) => a.type?.split(';')[0])).toEqual([HISTORY_COLUMNS_MEDIA_TYPE, 'application/json']);
    expect(asked.every((a) => a.vary === 'Accept')).toBe(true);
    expect(columns.t.length).toBeGreaterThan(8000);
    for (const name of Object.keys(json) as (keyof typeof json)[])
      expect(Array.from(columns[name]), name).toEqual(Array.from(json[name]));
  });

  it('reads a history answer past the default limit, and none past the history limit', async () => {
    const client = (length: number): FleetApi =>
      createFleetApi(
        createHttpClient({ getToken: () => service.users[0]?.token ?? '', fetch: declaringLength(length) }),
        { apiUrl: service.api_url, accountKey: service.account_key },
      );
    const end = Date.now() - 60_000;
    const past = await client(DEFAULT_MAX_BODY_BYTES + 1).history(1, end - 3600_000, end);
    expect(past.t.length).toBeGreaterThan(0);
    await expect(client(HISTORY_MAX_BODY_BYTES + 1).history(1, end - 3600_000, end)).rejects.toMatchObject({
      kind: 'bad_response',
      route: 'GET /asset/{id}/history',
      message:
        "The service's answer to GET /asset/{id}/history is larger than 128 MiB, the most Fleetdesk reads of it; it was not read.",
    });
  });

  it('turns a history range the service refuses into a validation error with field messages', async () => {
    const err = await operator.history(1, Date.now() - 40 * 86_400_000, Date.now()).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'validation', status: 400 });
    expect(Object.keys((err as ApiError).errors ?? {})).toContain('end');
  });

  it('creates a public tracking link', async () => {
    const [asset] = await operator.allAssets();
    const link = await operator.createTrackingLink({
      asset_id: asset?.id ?? 0,
      name: 'Delivery to Via Roma',
      access_type: 'public',
      show_eta: true,
    });
    expect(link.public_url).toBe(`${service.tracking_url}/track/${link.uuid}`);
    expect(link.show_eta).toBe(true);
  });
});
