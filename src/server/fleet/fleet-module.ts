import multipart from '@fastify/multipart';
import type { ServiceContext, ServiceModule } from '../context';
import type { SimAsset } from '../sim/types';
import type { FleetDeps } from './fleet-route';
import { FLEET_ROUTES } from './fleet-routes';
import type { FleetStores } from './fleet-stores';

/** The fleet tracking interface (spec 4.2, 4.3) under /api/{account_key}; its stores are shared with the alarm engine. */
export function createFleetModule(ctx: ServiceContext, stores: FleetStores): ServiceModule {
  return {
    name: 'fleet',
    async register(app) {
      const assetByTracker = new Map<number, SimAsset>(ctx.fleet.assets.map((a) => [a.trackerId, a]));
      const deps: FleetDeps = { ctx, stores, assetByTracker };
      // Multipart only where a photo is uploaded: elsewhere a multipart body stays a 415.
      await app.register(async (scope) => {
        await scope.register(multipart, { throwFileSizeLimit: true });
        for (const route of FLEET_ROUTES) route.register(scope, deps);
      });
    },
  };
}
