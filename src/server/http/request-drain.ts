import type { FastifyInstance } from 'fastify';

/** How long stop() lets the requests under way finish before it ends every connection. */
export const DRAIN_MS = 2_000;

export interface RequestDrain {
  /** From now on a new request is refused with 503 before any work is done for it. */
  close(): void;
  /** Resolves once no request is under way, or after `deadlineMs`: true when they all finished. */
  drained(deadlineMs: number): Promise<boolean>;
}

/**
 * stop() lets the requests under way finish before app.close() ends every connection (app.ts,
 * forceCloseConnections). A response cut off after its work is done loses that work for the client: a
 * refresh-token grant cut so leaves the app holding the refresh token the service has just spent, and
 * presenting it again is reuse, which revokes the whole sign-in (RFC 9700 §4.14.2). A request that
 * arrives while the service stops is refused with 503 before anything is done, so what the client holds
 * stays good for the next start (docs/architecture.md "The local fleet service").
 *
 * Counted on the raw response's close: oidc-provider's routes hijack the reply (provider-routes.ts), and
 * fastify's own onResponse hook does not run for them.
 */
export function trackRequests(app: FastifyInstance): RequestDrain {
  let underWay = 0;
  let closing = false;
  const waiting = new Set<() => void>();
  app.addHook('onRequest', async (_request, reply) => {
    if (closing)
      return reply
        .code(503)
        .headers({ 'Retry-After': '5', Connection: 'close' })
        .send({ status: 'error', message: 'The service is stopping; try again in a few seconds.' });
    underWay++;
    reply.raw.once('close', () => {
      underWay--;
      if (underWay === 0) for (const done of waiting) done();
    });
    return undefined;
  });
  return {
    close() {
      closing = true;
    },
    drained(deadlineMs) {
      if (underWay === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          waiting.delete(done);
          resolve(true);
        };
        const timer = setTimeout(() => {
          waiting.delete(done);
          resolve(false);
        }, deadlineMs);
        waiting.add(done);
      });
    },
  };
}
