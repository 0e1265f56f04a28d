import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { trackRequests, type RequestDrain } from '../../../src/server/http/request-drain';

/** A route that answers when the test says so, plain or hijacked as oidc-provider's routes are. */
async function serverWithHeldRoutes(): Promise<{
  app: FastifyInstance;
  drain: RequestDrain;
  base: string;
  arrived: Promise<void>;
  release: () => void;
}> {
  const app = Fastify({ forceCloseConnections: true });
  const drain = trackRequests(app);
  let release = (): void => undefined;
  const held = new Promise<void>((r) => (release = r));
  let arrive = (): void => undefined;
  const arrived = new Promise<void>((r) => (arrive = r));
  app.get('/held', async () => {
    arrive();
    await held;
    return { done: true };
  });
  app.get('/held-raw', async (_request, reply) => {
    arrive();
    reply.hijack();
    await held;
    reply.raw.writeHead(200, { 'content-type': 'application/json' });
    reply.raw.end('{"done":true}');
  });
  app.get('/quick', async () => ({ quick: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, drain, base: `http://127.0.0.1:${port}`, arrived, release };
}

describe('the service stopping with requests under way', () => {
  let app: FastifyInstance | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  it.each(['/held', '/held-raw'])(
    'lets %s finish in full, and refuses what arrives meanwhile with 503 before any work',
    async (path) => {
      const s = await serverWithHeldRoutes();
      app = s.app;
      const underWay = fetch(`${s.base}${path}`).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }));
      await s.arrived;
      s.drain.close();
      const drained = s.drain.drained(10_000);

      const late = await fetch(`${s.base}/quick`);
      expect(late.status).toBe(503);
      expect(late.headers.get('retry-after')).toBe('5');
      expect(await late.json()).toEqual({
        status: 'error',
        message: 'The service is stopping; try again in a few seconds.',
      });

      s.release();
      expect(await underWay).toEqual({ status: 200, body: { done: true } });
      expect(await drained).toBe(true);
    },
  );

  it('gives up waiting at the deadline for a request that does not finish', async () => {
    const s = await serverWithHeldRoutes();
    app = s.app;
    const stalled = fetch(`${s.base}/held`).catch(() => null);
    await s.arrived;
    s.drain.close();
    expect(await s.drain.drained(50)).toBe(false);
    s.release();
    expect((await stalled)?.status).toBe(200);
    expect(await s.drain.drained(10_000)).toBe(true);
  });

  it('has nothing to wait for when no request is under way', async () => {
    const s = await serverWithHeldRoutes();
    app = s.app;
    expect((await fetch(`${s.base}/quick`)).status).toBe(200);
    s.drain.close();
    expect(await s.drain.drained(10_000)).toBe(true);
  });
});
