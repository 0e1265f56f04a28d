import type { FastifyInstance } from 'fastify';
import { FLEET_ROUTES } from '../fleet/fleet-routes';
import type { RouteDoc } from '../http/route-doc';
import { registeredRoutes, type RegisteredRoute } from '../http/route-registry';
import { PORTAL_ROUTE_DOCS } from './portal-routes';
import { REPORTING_ROUTE_DOCS } from './reporting-routes';
import { TRACKING_PAGE_ROUTE_DOCS } from './tracking-page-routes';

const key = (method: string, url: string): string => `${method} ${url}`;

/** The declared route tables: what the interface is, whether or not a module has registered it yet. */
export const DECLARED_ROUTE_DOCS: readonly RouteDoc[] = [
  ...FLEET_ROUTES.map((r) => r.doc),
  ...REPORTING_ROUTE_DOCS,
  ...TRACKING_PAGE_ROUTE_DOCS,
  ...PORTAL_ROUTE_DOCS,
];

const isDocumentable = (r: RegisteredRoute): r is RegisteredRoute & { method: RouteDoc['method'] } =>
  r.method === 'GET' || r.method === 'POST' || r.method === 'PUT' || r.method === 'DELETE';

/**
 * The declared tables plus every route fastify registered that they do not
 * declare (its own doc if it brought one), so the portal never misses a route
 * another module adds.
 */
export function routeCatalogue(app: FastifyInstance): RouteDoc[] {
  const declared = new Set(DECLARED_ROUTE_DOCS.map((d) => key(d.method, d.url)));
  const extra = registeredRoutes(app)
    .filter(isDocumentable)
    .filter((r) => !declared.has(key(r.method, r.url)))
    .map(
      (r): RouteDoc =>
        r.doc ?? {
          method: r.method,
          url: r.url,
          tag: 'Other registered routes',
          summary: 'Registered by a module that does not describe it in a route table yet',
          description: 'Authentication and payloads: see the module that registers it.',
          auth: 'none',
          responses: { 200: { description: 'See the registering module', contentType: '*/*' } },
          deprecation: r.deprecation,
        },
    );
  return [...DECLARED_ROUTE_DOCS, ...extra];
}
