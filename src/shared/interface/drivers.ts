import { z } from 'zod';
import { pageParam, perPageParam } from './asset';

/**
 * Drivers (ours, outside spec 4.3): report requests take a `driver_id`
 * (spec 2.1) but the spec names no way to learn which drivers exist, so the
 * local service lists them at GET /api/{account}/driver, paged like assets,
 * each with the assets they drive (docs/interface-decisions.md "Fleet tracking
 * interface"). A restricted user sees the drivers of their assets only.
 */
export const driverSchema = z.object({
  id: z.int().positive(),
  name: z.string(),
  asset_ids: z.array(z.int().positive()),
});
export type Driver = z.infer<typeof driverSchema>;

export const driverListQuerySchema = z.object({ page: pageParam, per_page: perPageParam });
