import type { FastifyInstance } from 'fastify';
import type { Provider } from 'oidc-provider';
import { HttpError } from '../http/http-error';
import { PROVIDER_ROUTE_DOCS } from './oauth-route-docs';

type Callback = ReturnType<Provider['callback']>;

/**
 * oidc-provider's endpoints inside the service's fastify app. The provider
 * is a Koa app; its `callback()` takes Node's request and response, as the
 * library's docs mount it in any framework. Each of its routes is registered
 * by exact path, so the Host check (http/host-check.ts) and every other
 * global hook run first, unknown paths stay fastify's 404, and /docs lists
 * them. In this scope no content-type parser reads the body: the provider
 * reads and limits its own form bodies (its selective_body), and a body
 * fastify had consumed would reach it empty.
 */
export async function registerProviderRoutes(
  app: FastifyInstance,
  provider: () => Provider | null,
): Promise<void> {
  let callback: Callback | null = null;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    for (const doc of PROVIDER_ROUTE_DOCS) {
      scope.route({
        method: doc.method,
        url: doc.url,
        config: { doc },
        handler: async (request, reply) => {
          const p = provider();
          // Only between listen and start, when the issuer (the listening address) is not known yet.
          if (!p)
            throw new HttpError(
              503,
              { status: 'error', message: 'Sign-in is starting; try again.' },
              { 'Retry-After': '1' },
            );
          callback ??= p.callback();
          reply.hijack();
          await callback(request.raw, reply.raw);
        },
      });
    }
  });
}
