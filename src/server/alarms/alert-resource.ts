import { alertBodySchema, validationErrorBodySchema } from '../../shared/interface';
import { badRequest } from '../http/http-error';
import type { FleetDeps } from '../fleet/fleet-route';
import type { RecordResource } from '../fleet/records/record-resources';
import { GEOFENCE_PATH } from './geofence-resource';

export const ALERT_PATH = 'alert';

/** An enter or exit rule names a geofence that exists (docs/interface-decisions.md "Alarms and geofences"). */
function checkRuleGeofence(deps: FleetDeps, body: Record<string, unknown>): void {
  const id = body.geofence_id;
  if (typeof id !== 'number') return;
  if (deps.stores.records.get(GEOFENCE_PATH, id) === null)
    throw badRequest('The given data was invalid.', { geofence_id: [`unknown geofence ${id}`] });
}

/**
 * Spec 4.3's `alert`: the rules that decide which alarms the service raises
 * (src/server/alarms/alarm-engine.ts), from the next tick after each write.
 */
export const ALERT_RESOURCE: RecordResource = {
  path: ALERT_PATH,
  title: 'Alerts',
  body: alertBodySchema,
  checkBody: checkRuleGeofence,
  extraResponses: {
    write: {
      400: {
        description: 'Validation failure, including an unknown geofence_id (spec 7)',
        schema: validationErrorBodySchema,
      },
    },
  },
  description:
    'Alert rules decide which alarms the service raises (GET /api/{account}/alarm), from the next tick ' +
    'after each write: kind, one asset or the whole fleet, threshold in the kind’s unit, severity, and the ' +
    'geofence of an enter or exit rule (an unknown one is a 400 on geofence_id).',
};
