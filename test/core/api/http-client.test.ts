import { getEventListeners } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/main/core/api/api-error';
import { ipcErrorOf } from '../../../src/main/core/ipc-errors';
import { createDeprecationTracker } from '../../../src/main/core/api/deprecation-tracker';
import {
  createHttpClient,
  DEFAULT_MAX_BODY_BYTES,
  type HttpClientOptions,
  type HttpRequest,
} from '../../../src/main/core/api/http-client';
import type { Notice } from '../../../src/shared/ipc/views';
import { startStreamingServer, type StreamingServer } from '../streaming-server';

const TOKEN = 'token-for-the-error-mapping-tests';

/** A tiny service that answers each path with one of spec 7's errors (or a misbehaviour). */
function answer(req: IncomingMessage, res: ServerResponse): void {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  switch (path) {
    case '/echo': {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () =>
        json(200, {
          authorization: req.headers.authorization,
          accept: req.headers.accept,
          contentType: req.headers['content-type'] ?? null,
          method: req.method,
          body: body ? JSON.parse(body) : null,
        }),
      );
      return;
    }
    case '/400':
      return json(400, {
        status: 'error',
        message: 'The given data was invalid.',
        errors: { date_to: ['must be after date_from'] },
      });
    case '/401':
      return json(401, { message: 'Unauthenticated.' });
    case '/401-odd':
      res.writeHead(401, { 'content-type': 'text/html' });
      return void res.end('<h1>Login required</h1>');
    case '/403':
      return json(403, { status: 'error', message: 'You do not have access to this asset.' });
    case '/404':
      return json(404, { status: 'error', message: 'Report not found.' });
    case '/409':
      return json(409, { status: 'error', message: 'Not ready.', generation_status: 'processing' });
    case '/429':
      return json(429, { status: 'error', message: 'Too many report requests.' }, { 'retry-after': '12' });
    case '/503':
      return json(503, { status: 'error', message: 'Queue overloaded, retry in 30 seconds.' });
    case '/503-header':
      return json(503, { status: 'error', message: 'Busy.' }, { 'retry-after': '5' });
    case '/500-plain':
      res.writeHead(500);
      return void res.end('boom');
    case '/not-json':
      res.writeHead(200, { 'content-type': 'text/html' });
      return void res.end('<html>proxy login</html>');
    case '/wrong-shape':
      return json(200, { latitude: 'north' });
    case '/slow':
      setTimeout(() => json(200, { ok: true }), 2000);
      return;
    case '/deprecated':
      return json(
        200,
        { ok: true },
        {
          deprecation: '@1767225600',
          sunset: 'Wed, 01 Apr 2026 00:00:00 GMT',
          link: '</docs#deprecations>; rel="deprecation"',
        },
      );
    case '/deprecated-odd':
      return json(200, { ok: true }, { deprecation: `@${'9'.repeat(20)}`, sunset: 'someday' });
    default:
      return json(200, { ok: true });
  }
}

describe('the HTTP client maps every answer to a typed result', () => {
  let server: Server;
  let base: string;
  const notices: Notice[] = [];
  const unauthorized: ApiError[] = [];
  const reachability: boolean[] = [];
  const tracker = createDeprecationTracker((n) => notices.push(n));
  const options = (extra: Partial<HttpClientOptions> = {}): HttpClientOptions => ({
    getToken: () => TOKEN,
    deprecations: tracker,
    onUnauthorized: (e) => unauthorized.push(e),
    onReachability: (online) => reachability.push(online),
    ...extra,
  });
  const client = () => createHttpClient(options());
  const get = (path: string) => client().send({ method: 'GET', url: `${base}${path}`, route: `GET ${path}` });
  const failure = async (path: string): Promise<ApiError> => {
    const err = await get(path).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  };

  beforeAll(async () => {
    server = createServer(answer);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the bearer token, Accept, and Content-Type only with a body', async () => {
    const got = await get('/echo');
    expect(got.body).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      accept: 'application/json',
      contentType: null,
    });
    const posted = await client().send({
      method: 'POST',
      url: `${base}/echo`,
      route: 'POST /echo',
      body: { a: 1 },
    });
    expect(posted.body).toMatchObject({ contentType: 'application/json', method: 'POST', body: { a: 1 } });
  });

  it('carries the server message and field errors of a 400', async () => {
    const err = await failure('/400');
    expect(err).toMatchObject({ kind: 'validation', status: 400, message: 'The given data was invalid.' });
    expect(err.errors).toEqual({ date_to: ['must be after date_from'] });
    expect(ipcErrorOf(err)).toEqual({
      code: 'invalid_request',
      message: 'The given data was invalid.',
      details: { date_to: ['must be after date_from'] },
    });
  });

  it('reports a 401 to the session, whatever the body looks like', async () => {
    const before = unauthorized.length;
    expect(await failure('/401')).toMatchObject({
      kind: 'unauthorized',
      status: 401,
      message: 'Unauthenticated.',
    });
    expect(await failure('/401-odd')).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(unauthorized.length).toBe(before + 2);
  });

  it('names 403, 404, 409 and 429 with the server message', async () => {
    expect(await failure('/403')).toMatchObject({
      kind: 'forbidden',
      message: 'You do not have access to this asset.',
    });
    expect(await failure('/404')).toMatchObject({ kind: 'not_found', message: 'Report not found.' });
    expect(await failure('/409')).toMatchObject({ kind: 'conflict', generationStatus: 'processing' });
    expect(await failure('/429')).toMatchObject({ kind: 'rate_limited', retryAfterMs: 12_000 });
  });

  it('waits 30 s after a 503 unless Retry-After says otherwise', async () => {
    expect(await failure('/503')).toMatchObject({
      kind: 'unavailable',
      retryAfterMs: 30_000,
      transient: true,
    });
    expect(await failure('/503-header')).toMatchObject({ kind: 'unavailable', retryAfterMs: 5_000 });
  });

  it('still gives a typed error for a status and body the spec does not describe', async () => {
    expect(await failure('/500-plain')).toMatchObject({
      kind: 'http',
      status: 500,
      message: 'GET /500-plain failed with HTTP 500.',
    });
  });

  it('treats an answer that is not JSON, or not the expected shape, as a bad response', async () => {
    expect(await failure('/not-json')).toMatchObject({ kind: 'bad_response', status: 200 });
    const res = await get('/wrong-shape');
    const schema = z.object({ latitude: z.number() });
    expect(() => client().parse(schema, res.body, 'GET /wrong-shape')).toThrow(/latitude/);
  });

  it('times out a request that takes too long', async () => {
    const err = await createHttpClient(options({ timeoutMs: 200 }))
      .send({ method: 'GET', url: `${base}/slow`, route: 'GET /slow' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'timeout' });
  });

  it('calls an unreachable service offline, without touching the session', async () => {
    const before = unauthorized.length;
    const err = await createHttpClient(options())
      .send({ method: 'GET', url: 'http://127.0.0.1:9/x', route: 'GET /x' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'offline', status: null, transient: true });
    expect(unauthorized.length).toBe(before);
    expect(reachability.at(-1)).toBe(false);
  });

  it('leaves nothing on its session-long closing signal per request (Node keeps AbortSignal.any composites)', async () => {
    const closed = new AbortController();
    const http = createHttpClient(options({ closed: closed.signal }));
    for (let i = 0; i < 200; i++) await http.send({ method: 'GET', url: `${base}/ok`, route: 'GET /ok' });
    expect(getEventListeners(closed.signal, 'abort')).toHaveLength(0);
    // Node's own list of the signals that follow this one: what AbortSignal.any grew by one a request.
    const dependants = Object.getOwnPropertySymbols(closed.signal).find(
      (s) => s.description === 'kDependantSignals',
    );
    const kept: unknown = dependants === undefined ? undefined : Reflect.get(closed.signal, dependants);
    // A set of Node's own realm: not `instanceof Set` here.
    expect(typeof kept === 'object' && kept !== null && 'size' in kept ? kept.size : 0).toBe(0);
  });

  it('refuses to send without a token', async () => {
    const err = await createHttpClient(options({ getToken: () => null }))
      .send({ method: 'GET', url: `${base}/echo`, route: 'GET /echo' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'unauthorized', status: null });
  });

  it('shows a deprecated route once, with its dates', async () => {
    const before = notices.length;
    await get('/deprecated');
    await get('/deprecated');
    // The next run (a fresh tracker) tells the user again: once per run, not once forever.
    const c = createHttpClient(options({ deprecations: createDeprecationTracker((n) => notices.push(n)) }));
    await c.send({ method: 'GET', url: `${base}/deprecated`, route: 'GET /deprecated' });
    const fresh = notices.slice(before);
    expect(fresh.filter((n) => n.id === 'deprecation:GET /deprecated').length).toBe(2);
    expect(fresh[0]?.message).toBe(
      'The service has deprecated GET /deprecated since 2026-01-01; it may stop working after 2026-04-01. Fleetdesk may need an update.',
    );
  });

  it('keeps the answer of a route whose deprecation dates are no dates, and says only that it is deprecated', async () => {
    const before = notices.length;
    expect((await get('/deprecated-odd')).body).toEqual({ ok: true });
    expect(notices.slice(before).map((n) => n.message)).toEqual([
      'The service has deprecated GET /deprecated-odd. Fleetdesk may need an update.',
    ]);
  });
});

describe('the HTTP client reads no answer past its limit', () => {
  const KIB = 1024;
  const MIB = 1024 * KIB;
  let server: StreamingServer;
  const http = createHttpClient({ getToken: () => TOKEN });
  const get = (query: string, extra: Partial<HttpRequest> = {}) =>
    http.send({ method: 'GET', url: `${server.origin}/stream?${query}`, route: 'GET /stream', ...extra });

  beforeAll(async () => {
    server = await startStreamingServer();
  });
  afterAll(() => server.close());

  it.each([
    ['JSON', 200, 'json'],
    ['raw bytes', 200, 'json-bytes'],
    ['an image', 200, 'bytes'],
    ['an error', 500, 'json'],
  ] as const)(
    'stops reading %s that goes on past the limit and closes the connection',
    async (_, status, responseType) => {
      const err = await get(`total=${256 * MIB}&status=${status}`, { maxBodyBytes: MIB, responseType }).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({
        kind: 'bad_response',
        route: 'GET /stream',
        status,
        message:
          "The service's answer to GET /stream is larger than 1 MiB, the most Fleetdesk reads of it; it was not read.",
      });
      // The server learns at once that nobody reads any more: what it got out is the limit plus the sockets' buffers.
      const [served] = await server.served();
      expect(served?.whole).toBe(false);
      expect(served?.bytes).toBeLessThan(32 * MIB);
    },
  );

  it('reads an answer of exactly the limit, and refuses one byte more', async () => {
    expect((await get(`total=${MIB}`, { maxBodyBytes: MIB })).body).toBe(0);
    expect(await server.served()).toEqual([{ bytes: MIB, whole: true }]);
    await expect(get(`total=${MIB + 1}`, { maxBodyBytes: MIB })).rejects.toMatchObject({
      kind: 'bad_response',
      message: expect.stringContaining('larger than 1 MiB') as unknown,
    });
    await server.served();
  });

  it('refuses an answer whose Content-Length is past the default limit before reading its body', async () => {
    const err = await get(`total=${64 * KIB}&declare=${DEFAULT_MAX_BODY_BYTES + 1}`, {
      timeoutMs: 5000,
    }).catch((e: unknown) => e);
    // Waiting for a body that never ends would be a timeout instead.
    expect(err).toMatchObject({
      kind: 'bad_response',
      message:
        "The service's answer to GET /stream is larger than 64 MiB, the most Fleetdesk reads of it; it was not read.",
    });
    const [served] = await server.served();
    expect(served).toEqual({ bytes: 64 * KIB, whole: false });
  });
});
