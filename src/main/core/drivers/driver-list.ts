import { driverSchema, type Driver } from '../../../shared/interface';
import type { CachedList } from '../../../shared/ipc/fleet-admin-views';
import { ApiError } from '../api/api-error';
import { WHOLE } from '../cache/record-cache-store';
import { CoreError } from '../core-error';
import type { AdminContext } from '../records/admin-context';
import { createListCache } from '../records/list-cache';

/**
 * The drivers a report may name (spec 2.1 `driver_id`), with the assets they
 * drive. The spec names no drivers path; the local service lists them at
 * GET /driver (docs/service-interface.md §4.3). A service without it answers
 * 404, and the report form then takes a driver id as typed.
 */
export interface DriverList {
  list(): Promise<CachedList<Driver>>;
}

export function createDriverList(ctx: AdminContext): DriverList {
  const cache = createListCache(ctx, 'drivers', driverSchema, () => 0);
  return {
    async list() {
      try {
        return await cache.list(WHOLE, (api) => api.account.drivers());
      } catch (err) {
        if (err instanceof ApiError && err.kind === 'not_found')
          throw new CoreError(
            'unavailable',
            'This service does not list its drivers (the interface names no such path); type the driver id instead.',
          );
        throw err;
      }
    },
  };
}
