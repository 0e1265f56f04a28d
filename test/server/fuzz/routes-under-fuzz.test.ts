import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assetListResponseSchema, historyResponseSchema } from '../../../src/shared/interface';
import { startLocalService, type LocalService } from '../../../src/server/local-service';
import { fuzzCases, type FuzzCase, type FuzzIdentity } from './fuzz-cases';

const SEED = 20_260_310;
const CASES_PER_ROUTE = 10;
const CONCURRENCY = 4;
/** The REST interfaces of the spec (4.1, 4.2): their errors are JSON (spec 7). */
const INTERFACE_PATH = /^\/(api|broadcasting)\//;

let service: LocalService;
beforeAll(async () => {
  service = await startLocalService({
    port: 0,
    fleetSize: 6,
    tickMs: 60_000,
    reportsPaused: true,
    reportWorkers: 1,
  });
});
afterAll(async () => {
  await service.stop();
});

const routesSchema = z.object({ data: z.array(z.object({ method: z.string(), url: z.string() })) });
const errorBody = z.looseObject({ message: z.string() });
/**
 * The OAuth endpoints answer their RFCs' errors (RFC 6749 §5.2, RFC 7009 §2.2.1); a method they do
 * not have is still the service's 404 with spec 7's body.
 */
const OAUTH_ENDPOINT = /^\/oauth\/(token|revoke)(\?|$)/;
const oauthErrorBody = z.union([errorBody, z.looseObject({ error: z.string() })]);

interface Outcome {
  readonly request: string;
  readonly status: number;
  readonly problem: string | null;
}

/** Sends one case and says what is wrong with the answer, if anything. */
async function probe(c: FuzzCase): Promise<Outcome> {
  const request = `${c.method} ${c.path}`;
  let res: Response;
  try {
    res = await fetch(`${service.api_url}${c.path}`, {
      method: c.method,
      headers: c.headers,
      body: c.body,
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    // Requests fetch itself refuses to send (e.g. a body on OPTIONS) test nothing about the service.
    if (err instanceof TypeError && !String(err.cause ?? '').includes('ECONNRESET'))
      return { request, status: 0, problem: null };
    return { request, status: 0, problem: `no answer: ${String(err)}` };
  }
  const type = res.headers.get('content-type') ?? '';
  const status = res.status;
  // Live streams (server-sent events) never end; their status is what matters.
  const text = type.startsWith('text/event-stream') ? (await res.body?.cancel(), '') : await res.text();
  if (res.status >= 500) return { request, status, problem: `${res.status} ${text.slice(0, 200)}` };
  if (res.status >= 400 && c.method !== 'HEAD') {
    // Pages for people (the public tracking page) may answer their errors as pages; the interfaces answer JSON.
    if (type.startsWith('text/html') && !INTERFACE_PATH.test(c.path))
      return { request, status, problem: null };
    if (!type.includes('application/json'))
      return { request, status, problem: `${res.status} answered ${type}` };
    const parsed = (OAUTH_ENDPOINT.test(c.path) ? oauthErrorBody : errorBody).safeParse(JSON.parse(text));
    if (!parsed.success)
      return { request, status, problem: `${res.status} body without a message: ${text.slice(0, 200)}` };
  }
  if (res.status < 300 && type.includes('application/json') && text !== '') JSON.parse(text);
  return { request, status, problem: null };
}

async function runAll(cases: readonly FuzzCase[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < cases.length) {
        const c = cases[next++];
        if (c) outcomes.push(await probe(c));
      }
    }),
  );
  return outcomes;
}

describe('every route under random and malformed input (docs/architecture.md "The local fleet service")', () => {
  it('never answers 5xx, answers every error in JSON with a message, and keeps serving', async () => {
    const listed = routesSchema.parse(await (await fetch(`${service.api_url}/docs/routes.json`)).json()).data;
    const targets = listed.filter((r) => r.method !== 'HEAD');
    // The route list is fastify's own: it includes what other modules registered.
    expect(targets.some((r) => r.url === '/api/:account/asset/:id/history')).toBe(true);
    expect(targets.some((r) => r.url.startsWith('/api/v1/reports'))).toBe(true);

    const who: FuzzIdentity = {
      accountKey: service.account_key,
      tokens: service.users.map((u) => u.token),
      assetIds: service.context.fleet.assets.map((a) => a.id),
      trackerIds: service.context.fleet.assets.map((a) => a.trackerId),
    };
    const unknownRoutes = [
      { method: 'GET', url: '/api/:account/nothing/here' },
      { method: 'POST', url: '/:id' },
      { method: 'DELETE', url: '/api/v1/reports/:id' },
    ];
    const cases = [...targets, ...unknownRoutes].flatMap((target) =>
      fuzzCases(target, who, SEED, CASES_PER_ROUTE),
    );
    const outcomes = await runAll(cases);
    expect(outcomes).toHaveLength(cases.length);
    expect(outcomes.filter((o) => o.problem !== null)).toEqual([]);
    // The input reached the handlers: it was answered, refused as invalid, unauthenticated, forbidden, unknown.
    const statuses = new Set(outcomes.map((o) => o.status));
    for (const status of [200, 400, 401, 403, 404, 415]) expect(statuses, String(status)).toContain(status);

    // Still serving, correctly.
    const auth = { authorization: `Bearer ${service.users[0]?.token}` };
    const api = `${service.api_url}/api/${service.account_key}`;
    const list = await fetch(`${api}/asset`, { headers: auth });
    expect(assetListResponseSchema.parse(await list.json()).meta.total).toBe(6);
    const now = Date.now();
    const history = await fetch(
      `${api}/asset/1/history?start=${new Date(now - 3_600_000).toISOString()}&end=${new Date(now).toISOString()}`,
      { headers: auth },
    );
    expect(historyResponseSchema.parse(await history.json()).data.length).toBeGreaterThan(0);
  });
});
