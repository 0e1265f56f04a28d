import type { z } from 'zod';
import {
  assetGroupBodySchema,
  fuelEntryBodySchema,
  odometerEntryBodySchema,
  renewalReminderBodySchema,
  serviceReminderBodySchema,
} from '../../../shared/interface';
import type { ServiceUser } from '../../accounts/account';
import { ALERT_RESOURCE } from '../../alarms/alert-resource';
import { GEOFENCE_RESOURCE } from '../../alarms/geofence-resource';
import type { ResponseDoc } from '../../http/route-doc';
import type { FleetDeps } from '../fleet-route';
import type { StoredRecord } from './record-store';

/** One of spec 4.3's named-only resources (and our geofences): a path, a name for the portal, its body schema. */
export interface RecordResource {
  readonly path: string;
  readonly title: string;
  readonly body: z.ZodType<Record<string, unknown>>;
  /**
   * Who sees and writes a record: `assets` (default) by the assets it names
   * (recordAssets), `account` every user of the account (a geofence names none).
   */
  readonly audience?: 'assets' | 'account';
  /** Checks a body against other records (a rule's geofence exists); throws spec 7's 400. */
  readonly checkBody?: (deps: FleetDeps, body: Record<string, unknown>) => void;
  /** Checks before a record is replaced or deleted (a geofence that rules use); throws 403 or 409. */
  readonly checkChange?: (
    deps: FleetDeps,
    user: ServiceUser,
    record: StoredRecord,
    change: 'replace' | 'remove',
  ) => void;
  /** The statuses those checks add, for /docs. */
  readonly extraResponses?: {
    readonly write?: Readonly<Record<number, ResponseDoc>>;
    readonly replace?: Readonly<Record<number, ResponseDoc>>;
    readonly remove?: Readonly<Record<number, ResponseDoc>>;
  };
  /** What the portal says about the resource besides the common pattern. */
  readonly description?: string;
}

export const RECORD_RESOURCES: readonly RecordResource[] = [
  { path: 'asset-group', title: 'Asset groups', body: assetGroupBodySchema },
  { path: 'service-reminder', title: 'Service reminders', body: serviceReminderBodySchema },
  { path: 'renewal-reminder', title: 'Renewal reminders', body: renewalReminderBodySchema },
  { path: 'fuel-entry', title: 'Fuel entries', body: fuelEntryBodySchema },
  { path: 'odometer-entry', title: 'Odometer entries', body: odometerEntryBodySchema },
  ALERT_RESOURCE,
  GEOFENCE_RESOURCE,
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
