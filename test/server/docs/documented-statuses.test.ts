import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  downloadResponseSchema,
  reportsChannelName,
  submissionResponseSchema,
  trackingLinkSchema,
} from '../../../src/shared/interface';
import { startLocalService, type LocalService } from '../../../src/server/local-service';
import { fuzzCases, type FuzzIdentity } from '../fuzz/fuzz-cases';
import { waitUntilSettled } from '../reports/report-client';
import { TestBrowser, type Landing } from '../oauth/browser';
import { authorizationRequest, CLIENT_ID, discover } from '../oauth/oauth-client';
import { fillPath, operations, publishedOpenApi, type PublishedDocument } from './published-openapi';
import { observe, routeResolver, undocumented, type CrawlRequest, type Observation } from './status-crawl';

const SEED = 20_261_125;
const FUZZ_CASES_PER_ROUTE = 8;
const CONCURRENCY = 4;
const DAY_MS = 86_400_000;
/** Before the Sunset of the POST stand-ins (2026-04-01), so they still work. */
const BEFORE_SUNSET = Date.UTC(2026, 2, 10, 12);

let clockOffsetMs = 0;
/** Reports are generated: completed, cached, downloaded, signed, missing. */
let running: LocalService;
/** Reports only queue: queued downloads, the per-user limit, degraded mode. */
let paused: LocalService;

beforeAll(async () => {
  running = await startLocalService({
    port: 0,
    fleetSize: 6,
    tickMs: 60_000,
    reportWorkers: 1,
    now: () => Date.now() + clockOffsetMs,
  });
  paused = await startLocalService({
    port: 0,
    fleetSize: 6,
    tickMs: 60_000,
    reportsPaused: true,
    reportWorkers: 1,
    overloadThreshold: 4,
  });
});
afterAll(async () => {
  await running?.stop();
  await paused?.stop();
});

const bearer = (s: LocalService, user = 0): Record<string, string> => ({
  authorization: `Bearer ${s.users[user]?.token}`,
});
const json = (s: LocalService, user = 0): Record<string, string> => ({
  ...bearer(s, user),
  'content-type': 'application/json',
});
const yesterday = (): string => new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);

/** A crawl of one service: every answer kept, in the order of the requests. */
function crawler(s: LocalService): {
  seen: Observation[];
  send(r: CrawlRequest): Promise<Observation>;
  sendAll(rs: readonly CrawlRequest[]): Promise<void>;
} {
  const seen: Observation[] = [];
  const send = async (r: CrawlRequest): Promise<Observation> => {
    const o = await observe(s.api_url, r);
    if (o === null)
      return { method: r.method, path: r.path, status: 0, contentType: null, bodyBytes: 0, text: '' };
    seen.push(o);
    return o;
  };
  const sendAll = async (rs: readonly CrawlRequest[]): Promise<void> => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < rs.length) {
          const r = rs[next++];
          if (r) await send(r);
        }
      }),
    );
  };
  return { seen, send, sendAll };
}

const jsonOf = (o: Observation): unknown => JSON.parse(o.text);

/** The requests of a client that does everything right, and of one that does many things wrong, per operation. */
function tour(
  s: LocalService,
  doc: PublishedDocument,
  ids: { report: string; link: string },
): CrawlRequest[] {
  const valueFor = (path: string, forbidden: boolean) => (name: string) => {
    if (name === 'account') return s.account_key;
    if (name === 'uuid') return ids.link;
    if (name === 'wildcard') return 'leaflet/leaflet.js';
    if (path.includes('/reports/')) return ids.report;
    if (path.includes('/tracker/')) return String(s.context.fleet.assets[forbidden ? 4 : 0]?.trackerId);
    return forbidden ? '5' : '1';
  };
  const big = JSON.stringify({ name: 'x'.repeat(1_200_000) });
  return operations(doc).flatMap(({ method, path }): CrawlRequest[] => {
    const own = fillPath(path, valueFor(path, false));
    const theirs = fillPath(path, valueFor(path, true));
    const unknown = fillPath(path, (n) =>
      n === 'account'
        ? s.account_key
        : n === 'uuid' || path.includes('/reports/')
          ? crypto.randomUUID()
          : '999999',
    );
    const otherAccount = fillPath(path, (n) => (n === 'account' ? 'another-account' : '1'));
    const requests: CrawlRequest[] = [
      { method, path: own, headers: bearer(s) },
      { method, path: theirs, headers: bearer(s, 1) },
      { method, path: own },
      { method, path: own, headers: { authorization: 'Bearer not-a-token' } },
      { method, path: unknown, headers: bearer(s) },
      { method, path: otherAccount, headers: bearer(s) },
    ];
    if (method === 'GET') return requests;
    return [
      ...requests,
      { method, path: own, headers: json(s), body: '{}' },
      { method, path: theirs, headers: json(s, 1), body: JSON.stringify({ asset_id: 5, asset_ids: [5] }) },
      { method, path: own, headers: json(s), body: '{"asset_id":' },
      { method, path: own, headers: json(s), body: big },
      { method, path: own, headers: { ...bearer(s), 'content-type': 'text/plain' }, body: 'x' },
      {
        method,
        path: own,
        headers: { ...bearer(s), 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=1',
      },
    ];
  });
}

/** Report flows on the running service: 201, cache 200, downloads, the signed file, 403s, 410, 404. */
async function reportFlows(s: LocalService, c: ReturnType<typeof crawler>): Promise<string> {
  const token = s.users[0]?.token ?? '';
  const generate = (format: string): Promise<Observation> =>
    c.send({
      method: 'POST',
      path: '/api/v1/reports/generate',
      headers: json(s),
      body: JSON.stringify({
        type: 'trail',
        format,
        asset_id: 1,
        date_from: yesterday(),
        date_to: yesterday(),
      }),
    });
  const download = (id: string): Promise<Observation> =>
    c.send({ method: 'GET', path: `/api/v1/reports/${id}/download`, headers: bearer(s) });

  const jsonReport = submissionResponseSchema.parse(jsonOf(await generate('json'))).report_id;
  await waitUntilSettled(s, token, jsonReport);
  expect((await generate('json')).status).toBe(200);
  await download(jsonReport);

  const htmlReport = submissionResponseSchema.parse(jsonOf(await generate('html'))).report_id;
  await waitUntilSettled(s, token, htmlReport);
  const signed = new URL(downloadResponseSchema.parse(jsonOf(await download(htmlReport))).download_url);
  const file = `${signed.pathname}${signed.search}`;
  await c.send({ method: 'GET', path: file });
  await c.send({ method: 'HEAD', path: file });
  await c.send({ method: 'GET', path: signed.pathname });
  await c.send({ method: 'GET', path: file.replace(/signature=./, 'signature=0') });
  clockOffsetMs = 2 * 3_600_000;
  await c.send({ method: 'GET', path: file });
  clockOffsetMs = 0;
  // The file is gone from the disk (cleaned, lost): download says 410, the signed address 404.
  const dir = join(s.dataDir, 'reports');
  for (const name of readdirSync(dir).filter((n) => n.startsWith(htmlReport))) rmSync(join(dir, name));
  await download(htmlReport);
  await c.send({ method: 'GET', path: file });
  return htmlReport;
}

/** The per-user limit, degraded mode and a download before completion, on the paused service. */
async function queueFlows(s: LocalService, c: ReturnType<typeof crawler>): Promise<void> {
  const generate = (user: number, assetId: number, day: number): CrawlRequest => {
    const date = new Date(Date.now() - day * DAY_MS).toISOString().slice(0, 10);
    return {
      method: 'POST',
      path: '/api/v1/reports/generate',
      headers: json(s, user),
      body: JSON.stringify({
        type: 'trail',
        format: 'pdf',
        asset_id: assetId,
        date_from: date,
        date_to: date,
      }),
    };
  };
  const queuedId = submissionResponseSchema.parse(jsonOf(await c.send(generate(0, 1, 1)))).report_id;
  await c.send({ method: 'GET', path: `/api/v1/reports/${queuedId}/download`, headers: bearer(s) });
  for (const day of [2, 3, 4]) await c.send(generate(0, 1, day));
  await c.send(generate(1, 1, 1));
  await c.send(generate(1, 1, 2));
}

/** Fleet writes and the tracking page's ways in, with valid input. */
async function fleetAndPageFlows(s: LocalService, c: ReturnType<typeof crawler>): Promise<string> {
  const api = `/api/${s.account_key}`;
  const post = (path: string, body: object, user = 0): CrawlRequest => ({
    method: 'POST',
    path: `${api}${path}`,
    headers: json(s, user),
    body: JSON.stringify(body),
  });
  const link = async (access_type: string, allowed_viewers?: string[]): Promise<string> => {
    const created = await c.send(
      post('/public-tracking-link', { asset_id: 1, access_type, allowed_viewers }),
    );
    return trackingLinkSchema.parse(jsonOf(created)).public_url.split('/track/')[1] ?? '';
  };
  const publicLink = await link('public');
  const emailLink = await link('email_code', ['viewer@example.test']);
  const signInLink = await link('authorized_only');
  const form = (path: string, body: string): CrawlRequest => ({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  for (const uuid of [publicLink, emailLink, signInLink])
    for (const part of ['', '/state', '/events'])
      await c.send({ method: 'GET', path: `/track/${uuid}${part}` });
  await c.send(form(`/track/${emailLink}/email`, 'email=viewer%40example.test'));
  await c.send(form(`/track/${emailLink}/email`, 'email=not-an-address'));
  await c.send({ method: 'GET', path: `/track/${emailLink}/verify?token=wrong` });
  await c.send(form(`/track/${signInLink}/sign-in`, 'token=wrong'));
  await c.send(form(`/track/${signInLink}/sign-in`, `token=${s.users[0]?.token}`));
  await c.send(form(`/track/${publicLink}/code`, 'code=123456'));
  const asset = await fetch(`${s.api_url}/track-assets/leaflet/leaflet.js`);
  await asset.arrayBuffer();
  await c.send({
    method: 'GET',
    path: '/track-assets/leaflet/leaflet.js',
    headers: { 'if-none-match': asset.headers.get('etag') ?? '' },
  });
  await c.send({ method: 'GET', path: '/dev/outbox?to=viewer%40example.test' });

  await c.send(post('/tag', { name: 'Pallet 1', mac: 'AC:23:3F:00:10:01', portable: true, asset_id: 1 }));
  for (let i = 0; i < 2; i++)
    await c.send(post('/link-mobility', { provider: 'p', external_account_id: 'a' }));
  const tracker = s.context.fleet.assets[0]?.trackerId;
  await c.send(post(`/tracker/${tracker}/reset`, { mode: 'soft' }));
  await c.send({ ...post(`/tracker/${tracker}/ble`, { enabled: true }), method: 'PUT' });
  const photo = new FormData();
  photo.append('photo', new Blob([PNG], { type: 'image/png' }), 'van.png');
  await c.send({ method: 'POST', path: `${api}/asset/1/photo`, headers: bearer(s), body: photo });

  // Records, and their POST stand-ins both before and after the Sunset (spec 9).
  const entry = { asset_id: 1, odometer_km: 1000, timestamp: '2026-03-01T08:00:00Z' };
  const create = post('/odometer-entry', entry);
  clockOffsetMs = BEFORE_SUNSET - Date.now();
  try {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(z.object({ data: z.object({ id: z.int() }) }).parse(jsonOf(await c.send(create))).data.id);
    const [a, b, d] = ids;
    await c.send({ ...post(`/odometer-entry/${a}`, entry), method: 'PUT' });
    await c.send(post(`/odometer-entry/${a}/update`, entry));
    await c.send({ method: 'DELETE', path: `${api}/odometer-entry/${a}`, headers: bearer(s) });
    await c.send({ method: 'POST', path: `${api}/odometer-entry/${b}/delete`, headers: bearer(s) });
    clockOffsetMs = 0;
    await c.send({ method: 'POST', path: `${api}/odometer-entry/${d}/delete`, headers: bearer(s) });
  } finally {
    clockOffsetMs = 0;
  }
  return publicLink;
}

/** Broadcasting auth: the user's own channel, and somebody else's. */
async function broadcastingFlows(s: LocalService, c: ReturnType<typeof crawler>): Promise<void> {
  for (const path of ['/broadcasting/auth', '/api/broadcasting/auth'])
    for (const userId of [s.users[0]?.id ?? 0, s.users[1]?.id ?? 0])
      await c.send({
        method: 'POST',
        path,
        headers: json(s),
        body: JSON.stringify({
          socket_id: '1234.5678',
          channel_name: reportsChannelName(s.account_key, userId),
        }),
      });
}

/**
 * Sign-in (OAuth 2.0): the pages through a browser with cookies (wrong password, lockout, consent
 * without a decision, deny, allow, form_post), then the token and revocation endpoints with the
 * code and tokens that flow gave, right and wrong.
 */
async function signInFlows(s: LocalService, c: ReturnType<typeof crawler>): Promise<void> {
  const origin = new URL(s.base_url).origin;
  const record = async (method: string, url: string, res: Response): Promise<void> => {
    const bytes = Buffer.from(await res.arrayBuffer());
    const u = new URL(url);
    c.seen.push({
      method,
      path: `${u.pathname}${u.search}`,
      status: res.status,
      contentType: res.headers.get('content-type'),
      bodyBytes: bytes.length,
      text: bytes.toString('utf8'),
    });
  };
  const onPage = (l: Landing): Landing & { kind: 'page' } => {
    if (l.kind !== 'page') throw new Error(`expected a page, left for ${l.location}`);
    return l;
  };
  const form = (path: string, body: Record<string, string>): CrawlRequest => ({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  for (const path of [
    '/.well-known/oauth-authorization-server',
    '/.well-known/openid-configuration',
    '/oauth/jwks',
  ])
    await c.send({ method: 'GET', path });
  const config = await discover(s);
  const dana = s.users[0]!;

  const browser = new TestBrowser(origin, record);
  const request = await authorizationRequest(config);
  let at = onPage(await browser.open(request.url.href));
  at = onPage(await browser.submit(at, { username: 'dana', password: 'wrong' }));
  at = onPage(await browser.submit(at, { username: 'dana', password: dana.password }));
  at = onPage(await browser.submit(at, {}));
  const back = await browser.submit(at, { decision: 'allow' });
  if (back.kind !== 'left') throw new Error('the sign-in did not go back to the app');
  const code = new URL(back.location).searchParams.get('code') ?? '';

  // Signed in already: the next request goes straight to the consent page; deny it, then form_post.
  const denied = onPage(await browser.open((await authorizationRequest(config)).url.href));
  await browser.submit(denied, { decision: 'deny' });
  const posted = onPage(
    await browser.open((await authorizationRequest(config, { response_mode: 'form_post' })).url.href),
  );
  await browser.submit(posted, { decision: 'allow' });

  const lockout = new TestBrowser(origin, record);
  let page = onPage(await lockout.open((await authorizationRequest(config)).url.href));
  for (let i = 0; i < 6; i++)
    page = onPage(await lockout.submit(page, { username: 'sam', password: `no-${i}` }));
  await c.send({ method: 'GET', path: '/oauth/interaction/unknown' });
  await c.send({ method: 'GET', path: '/oauth/authorize/unknown' });
  await c.send({
    method: 'GET',
    path: `/oauth/authorize?client_id=${CLIENT_ID}&redirect_uri=http%3A%2F%2Fevil.example%2F`,
  });

  const exchange = form('/oauth/token', {
    grant_type: 'authorization_code',
    client_id: CLIENT_ID,
    code,
    code_verifier: request.verifier,
    redirect_uri: request.redirectUri,
  });
  const tokens = z.object({ refresh_token: z.string() }).parse(jsonOf(await c.send(exchange)));
  const refresh = { grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: tokens.refresh_token };
  await c.send(form('/oauth/token', refresh));
  await c.send(form('/oauth/token', { ...refresh, client_id: 'someone-else' }));
  await c.send(form('/oauth/revoke', { token: tokens.refresh_token, client_id: 'someone-else' }));
  await c.send(form('/oauth/revoke', { client_id: CLIENT_ID }));
  await c.send(form('/oauth/revoke', { token: tokens.refresh_token, client_id: CLIENT_ID }));
  await c.send(exchange);
}

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('the published OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (swagger-parser)', async () => {
    const { raw } = await publishedOpenApi(running.api_url);
    const api = await SwaggerParser.validate(
      structuredClone(raw) as Parameters<typeof SwaggerParser.validate>[0],
    );
    expect(api).toHaveProperty('openapi', '3.1.0');
  });

  it('types the status response’s progress as an integer (spec 2.3)', async () => {
    const { raw } = await publishedOpenApi(running.api_url);
    const progress = z
      .object({
        paths: z.object({
          '/api/v1/reports/{id}/status': z.object({
            get: z.object({
              responses: z.object({
                200: z.object({
                  content: z.object({
                    'application/json': z.object({
                      schema: z.object({
                        properties: z.object({ progress: z.looseObject({ type: z.string() }) }),
                      }),
                    }),
                  }),
                }),
              }),
            }),
          }),
        }),
      })
      .parse(raw).paths['/api/v1/reports/{id}/status'].get.responses[200].content['application/json'].schema
      .properties.progress;
    expect(progress).toMatchObject({ type: 'integer', minimum: 0, maximum: 100 });
  });

  it('lists every status, and the content, that each route answered in a crawl of the whole service', async () => {
    const { doc } = await publishedOpenApi(running.api_url);
    const resolve = await routeResolver(running.api_url);
    const onRunning = crawler(running);
    const onPaused = crawler(paused);

    const reportId = await reportFlows(running, onRunning);

    await queueFlows(paused, onPaused);
    await broadcastingFlows(running, onRunning);
    await signInFlows(running, onRunning);
    const linkUuid = await fleetAndPageFlows(running, onRunning);
    await onRunning.sendAll(tour(running, doc, { report: reportId, link: linkUuid }));

    const routes = z
      .object({ data: z.array(z.object({ method: z.string(), url: z.string() })) })
      .parse(await (await fetch(`${running.api_url}/docs/routes.json`)).json())
      .data.filter((r) => r.method !== 'HEAD');
    const who: FuzzIdentity = {
      accountKey: running.account_key,
      tokens: running.users.map((u) => u.token),
      assetIds: running.context.fleet.assets.map((a) => a.id),
      trackerIds: running.context.fleet.assets.map((a) => a.trackerId),
    };
    await onRunning.sendAll(
      routes
        .flatMap((r) => fuzzCases(r, who, SEED, FUZZ_CASES_PER_ROUTE))
        .map((f) => ({ method: f.method, path: f.path, headers: f.headers, body: f.body })),
    );

    const seen = [...onRunning.seen, ...onPaused.seen];
    const problems: string[] = [];
    const reached = new Map<string, Set<number>>();
    for (const o of seen) {
      const route = resolve(o.method, o.path);
      if (route === null) continue;
      const key = `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`;
      (reached.get(key) ?? reached.set(key, new Set()).get(key))?.add(o.status);
      const problem = undocumented(doc, route, o);
      if (problem !== null) problems.push(problem);
    }
    expect([...new Set(problems)]).toEqual([]);

    // The crawl reached deep: every route, and the statuses that need state to happen.
    expect(reached.size).toBe(new Set(routes.map((r) => `${r.method} ${r.url}`)).size);
    const statuses = new Set(seen.map((o) => o.status));
    for (const s of [200, 201, 204, 303, 304, 400, 401, 403, 404, 409, 410, 413, 415, 429, 503])
      expect(statuses, String(s)).toContain(s);
    const answered = (route: string): number[] => [...(reached.get(route) ?? [])];
    expect(answered('GET /api/v1/reports/:id/download')).toEqual(
      expect.arrayContaining([200, 401, 404, 409, 410]),
    );
    expect(answered('GET /files/reports/:id')).toEqual(expect.arrayContaining([200, 403, 404]));
    expect(answered('POST /broadcasting/auth')).toEqual(expect.arrayContaining([200, 403]));
    expect(answered('POST /api/broadcasting/auth')).toEqual(expect.arrayContaining([200, 403]));
    expect(answered('POST /api/v1/reports/generate')).toEqual(
      expect.arrayContaining([200, 201, 415, 429, 503]),
    );
    expect(answered('DELETE /api/:account/odometer-entry/:id')).toContain(204);
    expect(answered('GET /oauth/authorize')).toEqual(expect.arrayContaining([303, 400]));
    expect(answered('GET /oauth/authorize/:uid')).toEqual(expect.arrayContaining([200, 303, 400]));
    expect(answered('POST /oauth/token')).toEqual(expect.arrayContaining([200, 400, 401]));
    expect(answered('POST /oauth/revoke')).toEqual(expect.arrayContaining([200, 400, 401]));
    expect(answered('GET /oauth/interaction/:uid')).toEqual(expect.arrayContaining([200, 400]));
    expect(answered('POST /oauth/interaction/:uid/sign-in')).toEqual(expect.arrayContaining([303, 401, 429]));
    expect(answered('POST /oauth/interaction/:uid/consent')).toEqual(expect.arrayContaining([303, 400]));
    // 503 is degraded mode, reached on purpose; nothing else of 5xx may happen.
    expect(
      seen
        .filter((o) => o.status >= 500 && o.status !== 503)
        .map((o) => `${o.method} ${o.path.slice(0, 100)} ${o.status} ${o.text.slice(0, 200)}`),
    ).toEqual([]);
  }, 120_000);
});
