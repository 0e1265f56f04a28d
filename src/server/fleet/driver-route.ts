import {
  driverListQuerySchema,
  driverSchema,
  recordListResponseSchema,
  type Driver,
} from '../../shared/interface';
import { FLEET_PREFIX, accountParams, fleetRoute, noBody } from './fleet-route';
import { paginate } from './pagination';

export const listDrivers = fleetRoute(
  {
    method: 'GET',
    url: `${FLEET_PREFIX}/driver`,
    tag: 'Assets',
    summary: 'List the drivers and the assets they drive (ours: the driver_id of spec 2.1)',
    description:
      'The spec names no drivers path, yet reports take a driver_id: this lists them so a client can offer a choice. ' +
      'A restricted user sees the drivers of their assets, with those assets only. Paged like assets.',
    auth: 'bearer',
    params: accountParams,
    query: driverListQuerySchema,
    body: noBody,
    responses: { 200: { description: 'A page of drivers', schema: recordListResponseSchema(driverSchema) } },
  },
  ({ ctx }, { query, user }) => {
    const drivers = new Map<number, Driver>();
    for (const a of ctx.fleet.assets) {
      if (!ctx.account.canAccess(user, a.id)) continue;
      const known = drivers.get(a.driverId);
      if (known) known.asset_ids.push(a.id);
      else drivers.set(a.driverId, { id: a.driverId, name: a.driverName, asset_ids: [a.id] });
    }
    const sorted = [...drivers.values()].sort((x, y) => x.name.localeCompare(y.name) || x.id - y.id);
    const { items, meta } = paginate(sorted, query.page, query.per_page);
    return { data: items, meta };
  },
);
