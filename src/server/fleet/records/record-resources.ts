import type { z } from 'zod';
import {
  alertBodySchema,
  assetGroupBodySchema,
  fuelEntryBodySchema,
  odometerEntryBodySchema,
  renewalReminderBodySchema,
  serviceReminderBodySchema,
} from '../../../shared/interface';

/** One of spec 4.3's named-only resources: a path, a name for the portal, and its body schema. */
export interface RecordResource {
  readonly path: string;
  readonly title: string;
  readonly body: z.ZodType<Record<string, unknown>>;
}

export const RECORD_RESOURCES: readonly RecordResource[] = [
  { path: 'asset-group', title: 'Asset groups', body: assetGroupBodySchema },
  { path: 'service-reminder', title: 'Service reminders', body: serviceReminderBodySchema },
  { path: 'renewal-reminder', title: 'Renewal reminders', body: renewalReminderBodySchema },
  { path: 'fuel-entry', title: 'Fuel entries', body: fuelEntryBodySchema },
  { path: 'odometer-entry', title: 'Odometer entries', body: odometerEntryBodySchema },
  { path: 'alert', title: 'Alerts', body: alertBodySchema },
];

/**
 * The assets a record concerns, read from its `asset_ids` or `asset_id`
 * field; null (an alert without asset_id) means the whole fleet.
 */
export function recordAssets(body: Record<string, unknown>): { field: string; ids: number[] | null } {
  const many = body.asset_ids;
  if (Array.isArray(many)) return { field: 'asset_ids', ids: many.filter((x) => typeof x === 'number') };
  const one = body.asset_id;
  return { field: 'asset_id', ids: typeof one === 'number' ? [one] : null };
}
