import type { RouteDoc } from '../http/route-doc';

export const DOCS_PATH = '/docs';
export const OPENAPI_PATH = '/docs/openapi.json';
export const ROUTES_PATH = '/docs/routes.json';

/** The portal's own routes (spec 4.3: "A documentation portal is served at /docs"); no token needed. */
export const PORTAL_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    method: 'GET',
    url: DOCS_PATH,
    tag: 'Documentation',
    summary: 'This page',
    auth: 'none',
    responses: { 200: { description: 'The portal', contentType: 'text/html' } },
  },
  {
    method: 'GET',
    url: OPENAPI_PATH,
    tag: 'Documentation',
    summary: 'The OpenAPI 3.1 document of both interfaces',
    auth: 'none',
    responses: { 200: { description: 'OpenAPI 3.1' } },
  },
  {
    method: 'GET',
    url: ROUTES_PATH,
    tag: 'Documentation',
    summary: 'Every route the service has registered, as fastify saw it',
    auth: 'none',
    responses: { 200: { description: 'method, url, documented, deprecated' } },
  },
];
