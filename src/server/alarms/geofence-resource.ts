import { z } from 'zod';
import { errorBodySchema, geofenceBodySchema } from '../../shared/interface';
import type { ServiceUser } from '../accounts/account';
import { HttpError, forbidden } from '../http/http-error';
import type { FleetDeps } from '../fleet/fleet-route';
import type { RecordResource } from '../fleet/records/record-resources';
import type { StoredRecord } from '../fleet/records/record-store';

export const GEOFENCE_PATH = 'geofence';

/** The 409 of deleting a geofence that rules use: which rules (the user's own; others only counted). */
export const geofenceInUseBodySchema = errorBodySchema.extend({ rule_ids: z.array(z.int().positive()) });

const ruleGeofence = (r: StoredRecord): number | null =>
  typeof r.body.geofence_id === 'number' ? r.body.geofence_id : null;

const canSee = (user: ServiceUser, r: StoredRecord): boolean =>
  user.assetIds === null || (r.assetIds !== null && r.assetIds.every((id) => user.assetIds?.includes(id)));

/**
 * Geofences name no asset, so every user of the account reads them and may
 * draw new ones. Changing or deleting one changes what rules raise: a user may
 * not do it while a rule they cannot see uses it (403), and a geofence that
 * rules use is not deleted from under them (409 naming the rules; delete or
 * change the rules first) — docs/interface-decisions.md "Alarms and geofences".
 */
function checkGeofenceChange(
  deps: FleetDeps,
  user: ServiceUser,
  record: StoredRecord,
  change: 'replace' | 'remove',
): void {
  const rules = deps.stores.records.list('alert').filter((r) => ruleGeofence(r) === record.id);
  const hidden = rules.filter((r) => !canSee(user, r));
  if (hidden.length > 0)
    throw forbidden(
      `Geofence ${record.id} is used by ${hidden.length} alert rule(s) on assets you do not have access to.`,
    );
  if (change === 'remove' && rules.length > 0)
    throw new HttpError(409, {
      status: 'error',
      message:
        `Geofence ${record.id} is used by alert rule(s) ${rules.map((r) => `${r.id} (${String(r.body.name)})`).join(', ')}; ` +
        'delete them or point them at another geofence first.',
      rule_ids: rules.map((r) => r.id),
    });
}

export const GEOFENCE_RESOURCE: RecordResource = {
  path: GEOFENCE_PATH,
  title: 'Geofences',
  body: geofenceBodySchema,
  audience: 'account',
  checkChange: checkGeofenceChange,
  extraResponses: {
    replace: {
      403: {
        description: 'An alert rule on assets you cannot access uses this geofence',
        schema: errorBodySchema,
      },
    },
    remove: {
      403: {
        description: 'An alert rule on assets you cannot access uses this geofence',
        schema: errorBodySchema,
      },
      409: {
        description: 'Alert rules use this geofence (their ids in rule_ids)',
        schema: geofenceInUseBodySchema,
      },
    },
  },
  description:
    'A polygon (3 to 10,000 points, not crossing itself) or a circle (radius in metres), with a name and a ' +
    'colour; every user of the account reads them and may create them. geofence_enter and geofence_exit ' +
    'alert rules name one. Coordinates are spec 2.8’s latitude and longitude; a bad shape is a 400 keyed by ' +
    'its field path (shape.points, shape.radius_m, shape.center.latitude…).',
};
