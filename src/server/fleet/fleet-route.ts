import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ServiceUser } from '../accounts/account';
import type { ServiceContext } from '../context';
import { requireUser } from '../http/auth';
import { notFound, parseOrThrow } from '../http/http-error';
import { IGNORED_BODY, type RouteDoc } from '../http/route-doc';
import { idParam } from '../../shared/interface';
import type { SimAsset } from '../sim/types';
import type { FleetStores } from './fleet-stores';

/** Every fleet route sits under /api/{account_key} (spec 4.2). */
export const FLEET_PREFIX = '/api/:account';

export const accountParams = z.object({ account: z.string() });
/** Numeric ids in paths: canonical decimal only; anything else is a 400 on that parameter. */
export const idParams = accountParams.extend({ id: idParam });
export const noQuery = z.object({});
export const noBody = IGNORED_BODY;

export interface FleetDeps {
  readonly ctx: ServiceContext;
  readonly stores: FleetStores;
  /** Tracker paths (spec 4.3) name the tracker; access is checked on its asset. */
  readonly assetByTracker: ReadonlyMap<number, SimAsset>;
}

export interface FleetInput<P, Q, B> {
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  readonly user: ServiceUser;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

export interface FleetRouteDoc<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
> extends RouteDoc {
  readonly params: P;
  readonly query: Q;
  readonly body: B;
}

/** A route of the table: its documentation and what it does, declared together. */
export interface FleetRoute {
  readonly doc: RouteDoc;
  register(app: FastifyInstance, deps: FleetDeps): void;
}

const users = new WeakMap<FastifyRequest, ServiceUser>();

export function fleetRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  doc: FleetRouteDoc<P, Q, B>,
  handle: (deps: FleetDeps, input: FleetInput<z.output<P>, z.output<Q>, z.output<B>>) => unknown,
): FleetRoute {
  return {
    doc,
    register(app, deps) {
      app.route({
        method: doc.method,
        url: doc.url,
        config: { doc, deprecation: doc.deprecation },
        // Before the body is read: an unauthenticated caller learns nothing, not even a 413 or a 400.
        onRequest: async (request) => {
          const user = requireUser(deps.ctx.account, request);
          const account = accountParams.safeParse(request.params);
          if (!account.success || account.data.account !== deps.ctx.account.key)
            throw notFound('Unknown account.');
          users.set(request, user);
        },
        handler: async (request, reply) => {
          const user = users.get(request) ?? requireUser(deps.ctx.account, request);
          const params = parseOrThrow(doc.params, request.params);
          const query = parseOrThrow(doc.query, request.query);
          const body = parseOrThrow(doc.body, request.body);
          return handle(deps, { params, query, body, user, request, reply });
        },
      });
    },
  };
}
