import type { FastifyInstance } from 'fastify';
import type { ServiceContext, ServiceModule } from '../context';
import { registeredRoutes } from '../http/route-registry';
import { renderDocsPage } from './docs-page';
import { buildOpenApi } from './openapi';
import { DOCS_PATH, OPENAPI_PATH, PORTAL_ROUTE_DOCS, ROUTES_PATH } from './portal-routes';
import { DECLARED_ROUTE_DOCS, routeCatalogue } from './route-catalogue';

const portalDoc = (url: string) => PORTAL_ROUTE_DOCS.find((d) => d.url === url);

/** The documentation portal at /docs (spec 4.3), generated from the route tables and their zod schemas. */
export function createDocsModule(ctx: ServiceContext): ServiceModule {
  return {
    name: 'docs',
    register(app: FastifyInstance) {
      // Routes are fixed once the server listens, so the first request builds the documents for all.
      let built: { openapi: string; html: string } | null = null;
      const documents = (): { openapi: string; html: string } => {
        if (built) return built;
        const docs = routeCatalogue(app);
        const openapi = buildOpenApi(docs, { serverUrl: ctx.urls.api_url, accountKey: ctx.account.key });
        built = { openapi: JSON.stringify(openapi), html: renderDocsPage(docs, openapi) };
        return built;
      };
      app.get(DOCS_PATH, { config: { doc: portalDoc(DOCS_PATH) } }, async (_req, reply) =>
        reply.type('text/html; charset=utf-8').send(documents().html),
      );
      app.get(OPENAPI_PATH, { config: { doc: portalDoc(OPENAPI_PATH) } }, async (_req, reply) =>
        reply.type('application/json; charset=utf-8').send(documents().openapi),
      );
      app.get(ROUTES_PATH, { config: { doc: portalDoc(ROUTES_PATH) } }, async () => {
        const declared = new Set(DECLARED_ROUTE_DOCS.map((d) => `${d.method} ${d.url}`));
        return {
          data: registeredRoutes(app).map((r) => ({
            method: r.method,
            url: r.url,
            documented: r.doc !== undefined || declared.has(`${r.method} ${r.url}`),
            deprecated: r.deprecation !== undefined,
          })),
        };
      });
    },
  };
}
