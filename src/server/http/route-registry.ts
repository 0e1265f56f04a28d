import type { FastifyInstance } from 'fastify';
import type { Deprecation } from './deprecation';
import type { RouteDoc } from './route-doc';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by route tables; drives the deprecation headers and /docs. */
    doc?: RouteDoc;
    deprecation?: Deprecation;
  }
}

/** A route as fastify registered it, whoever registered it. */
export interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
  readonly doc: RouteDoc | undefined;
  readonly deprecation: Deprecation | undefined;
}

const registries = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Records every route from fastify's own onRoute hook, so the portal and the
 * fuzz test see routes that other modules add later without a list to keep
 * in step.
 */
export function trackRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  registries.set(app, routes);
  app.addHook('onRoute', (opts) => {
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
    for (const method of methods) {
      routes.push({
        method: String(method).toUpperCase(),
        url: opts.url,
        doc: opts.config?.doc,
        deprecation: opts.config?.deprecation,
      });
    }
  });
}

export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registries.get(app) ?? [];
}
