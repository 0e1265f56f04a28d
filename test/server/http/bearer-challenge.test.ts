import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unauthorizedBodySchema } from '../../../src/shared/interface';
import { startLocalService, type LocalService } from '../../../src/server/local-service';
import { fillPath, operations, publishedOpenApi, type Operation } from '../docs/published-openapi';

let service: LocalService;
beforeAll(async () => {
  service = await startLocalService({ port: 0, fleetSize: 4, tickMs: 60_000, reportsPaused: true });
});
afterAll(async () => {
  await service.stop();
});

/** RFC 6750 §3 with RFC 7235's auth-param syntax: `Bearer realm="…"[, error="…", error_description="…"]`. */
const BARE = /^Bearer realm="[^"]+"$/;
const INVALID_TOKEN = /^Bearer realm="[^"]+", error="invalid_token", error_description="[^"]+"$/;

async function answer(
  { method, path }: Operation,
  authorization: string | undefined,
): Promise<{ status: number; challenge: string | null; body: unknown }> {
  const url = fillPath(path, (name) => (name === 'account' ? service.account_key : '1'));
  const res = await fetch(`${service.api_url}${url}`, {
    method,
    headers: authorization === undefined ? {} : { authorization },
  });
  return {
    status: res.status,
    challenge: res.headers.get('www-authenticate'),
    body: await res.json().catch(() => undefined),
  };
}

describe('401 answers carry a Bearer challenge (RFC 6750 §3)', () => {
  it('on every route that needs a token: bare without one, invalid_token with a wrong one', async () => {
    const { doc } = await publishedOpenApi(service.api_url);
    const protectedOps = operations(doc).filter((o) => o.op.security.some((s) => 'bearerAuth' in s));
    // REST (fleet), reports and both broadcasting auth endpoints.
    expect(protectedOps.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/{account}/asset',
        'POST /api/v1/reports/generate',
        'GET /api/v1/reports/{id}/download',
        'POST /api/broadcasting/auth',
        'POST /broadcasting/auth',
      ]),
    );
    const wrong: string[] = [];
    for (const o of protectedOps) {
      const cases = [
        { authorization: undefined, challenge: BARE },
        { authorization: 'Basic ZGFuYTpzZWNyZXQ=', challenge: BARE },
        { authorization: 'Bearer not-a-token-of-this-service', challenge: INVALID_TOKEN },
        { authorization: `Bearer ${'t'.repeat(600)}`, challenge: INVALID_TOKEN },
      ];
      for (const c of cases) {
        const res = await answer(o, c.authorization);
        const ok =
          res.status === 401 &&
          res.challenge !== null &&
          c.challenge.test(res.challenge) &&
          unauthorizedBodySchema.safeParse(res.body).success;
        if (!ok)
          wrong.push(
            `${o.method} ${o.path} [${c.authorization ?? 'no token'}] → ${res.status} ${res.challenge}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('names the same realm everywhere, and the document declares the header on every 401', async () => {
    const { doc } = await publishedOpenApi(service.api_url);
    const realms = new Set<string>();
    const protectedOps = operations(doc).filter((o) => o.op.security.some((s) => 'bearerAuth' in s));
    for (const o of protectedOps) {
      expect(o.op.responses['401']?.headers, `${o.method} ${o.path}`).toHaveProperty('WWW-Authenticate');
      const res = await answer(o, undefined);
      realms.add(/realm="([^"]+)"/.exec(res.challenge ?? '')?.[1] ?? 'none');
    }
    expect([...realms]).toEqual(['fleetdesk']);
  });

  it('is not sent when the token is good', async () => {
    const res = await fetch(`${service.api_url}/api/${service.account_key}/asset`, {
      headers: { authorization: `Bearer ${service.users[0]?.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('www-authenticate')).toBeNull();
  });
});
