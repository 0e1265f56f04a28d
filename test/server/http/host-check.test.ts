import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../../src/server';
import { hostAllowlist } from '../../../src/server/http/host-check';
import { errorBodySchema } from '../../../src/shared/interface';

/** A GET with the Host header a browser would send for `host` (fetch does not let a page choose it either). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

let service: LocalService;
let quiet: LocalService;
beforeAll(async () => {
  [service, quiet] = await Promise.all([
    startLocalService({ port: 0, fleetSize: 3, tickMs: 60_000, devOutbox: true }),
    startLocalService({ port: 0, fleetSize: 3, tickMs: 60_000 }),
  ]);
});
afterAll(async () => {
  await Promise.all([service?.stop(), quiet?.stop()]);
});

describe('the local service answers only for its own host names (DNS rebinding)', () => {
  const paths = (): string[] => {
    const link = service.context.trackingLinks.create(
      {
        asset_id: 1,
        access_type: 'public',
        expires_at: null,
        show_eta: false,
        show_history: false,
        allowed_viewers: [],
      },
      { name: 'Host test', createdBy: 1, now: Date.now() },
    );
    return [
      '/docs',
      '/docs/openapi.json',
      `/track/${link.uuid}`,
      `/track/${link.uuid}/state`,
      '/dev/outbox',
      `/api/${service.account_key}/asset`,
      '/api/v1/reports/00000000-0000-4000-8000-000000000000/status',
      '/files/reports/x?expires=1&signature=00',
      '/no/such/route',
    ];
  };

  it('refuses a foreign Host on every page with 421 and spec 7’s body', async () => {
    const port = new URL(service.base_url).port;
    for (const path of paths()) {
      for (const host of [
        `rebind.attacker.example:${port}`,
        'rebind.attacker.example',
        '127.0.0.1.attacker.example',
      ]) {
        const res = await getWithHost(`${service.base_url}${path}`, host);
        expect(res.status, `${host} ${path}`).toBe(421);
        const body = errorBodySchema.strict().parse(JSON.parse(res.body));
        expect(body.message).toContain('host names it was started for');
      }
    }
  });

  it('answers loopback names and addresses, whatever the port', async () => {
    const port = new URL(service.base_url).port;
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `LOCALHOST`,
      `[::1]:${port}`,
      `fleet.localhost:${port}`,
      '127.0.0.2',
    ]) {
      const res = await getWithHost(`${service.base_url}/docs/openapi.json`, host);
      expect(res.status, host).toBe(200);
    }
  });

  it('the outbox exists only on a service started for development, and never for a foreign Host', async () => {
    const port = new URL(service.base_url).port;
    const onDev = await getWithHost(`${service.base_url}/dev/outbox`, `127.0.0.1:${port}`);
    expect(onDev.status).toBe(200);
    expect(JSON.parse(onDev.body)).toEqual({ data: [] });
    const rebound = await getWithHost(`${service.base_url}/dev/outbox`, `evil.example:${port}`);
    expect(rebound.status).toBe(421);

    const off = await fetch(`${quiet.base_url}/dev/outbox`);
    expect(off.status).toBe(404);
    expect(errorBodySchema.parse(await off.json()).message).toBe('No route for GET /dev/outbox');
  });
});

describe('the published interface', () => {
  it('documents the 421 on every operation', async () => {
    const doc = (await (await fetch(`${service.base_url}/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => [`${method} ${path}`, op] as const),
    );
    expect(operations.length).toBeGreaterThan(10);
    for (const [name, op] of operations) expect(op.responses, name).toHaveProperty('421');
  });
});

describe('which Host headers a listen address allows', () => {
  it('a service on one address allows that address and loopback only', () => {
    const allowed = hostAllowlist('192.0.2.10');
    expect(allowed('192.0.2.10:8787')).toBe(true);
    expect(allowed('localhost:8787')).toBe(true);
    expect(allowed('192.0.2.11:8787')).toBe(false);
    expect(allowed('fleet.example.com')).toBe(false);
    expect(allowed(undefined)).toBe(true);
    for (const odd of ['', 'a b', 'evil.example@127.0.0.1', '127.0.0.1/x', '[::1', 'localhost:99999999'])
      expect(allowed(odd), odd).toBe(false);
  });

  it('a service on every interface allows the machine’s own addresses', () => {
    const allowed = hostAllowlist('0.0.0.0');
    const own = Object.values(networkInterfaces())
      .flatMap((a) => a ?? [])
      .map((a) => (a.family === 'IPv6' ? `[${a.address}]` : a.address));
    for (const address of own) expect(allowed(`${address}:8787`), address).toBe(true);
    expect(allowed('203.0.113.99')).toBe(own.includes('203.0.113.99'));
    expect(allowed('attacker.example')).toBe(false);
  });
});
