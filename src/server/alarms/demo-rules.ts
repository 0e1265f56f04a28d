import { alertBodySchema, geofenceBodySchema } from '../../shared/interface';
import type { RecordStore } from '../fleet/records/record-store';
import type { Fleet } from '../sim/types';
import { ALERT_PATH } from './alert-resource';
import { GEOFENCE_PATH } from './geofence-resource';

/** Vehicles park on the depot's point and leave by road: 300 m takes in the yard, not the street outside. */
export const DEPOT_RADIUS_M = 300;
const DEPOT_COLOUR = '#6b7280';

/**
 * The rules a new data directory starts with (once: deleting them later
 * sticks), so the demo's control room has alarms to handle: the thresholds of
 * docs/interface-decisions.md "The simulated fleet", and a geofence round each
 * depot with an exit and an enter rule. Written by user `by` at `now`.
 */
export function seedDemoRules(records: RecordStore, fleet: Fleet, by: number, now: number): void {
  const rule = (body: Record<string, unknown>): void => {
    records.create(ALERT_PATH, alertBodySchema.parse(body), null, by, now);
  };
  rule({ name: 'Overspeed (70 km/h)', kind: 'overspeed', threshold: 70 });
  rule({ name: 'Reefer above 7 °C', kind: 'temperature_high', threshold: 7 });
  rule({ name: 'Low fuel (20 %)', kind: 'low_fuel', threshold: 20 });
  rule({ name: 'Tracker offline (15 min)', kind: 'tracker_offline', threshold: 15 });
  rule({ name: 'Engine fault', kind: 'engine_fault' });
  rule({ name: 'Power cut', kind: 'power_cut' });
  rule({ name: 'Fuel drain (10 l)', kind: 'fuel_drain', threshold: 10 });
  rule({ name: 'Harsh driving (0.48 g)', kind: 'harsh_driving', threshold: 0.48 });
  for (const depot of fleet.depots) {
    const name = depot.name.split(',')[0] ?? depot.name;
    const body = geofenceBodySchema.parse({
      name,
      color: DEPOT_COLOUR,
      shape: {
        type: 'circle',
        center: { latitude: depot.lat, longitude: depot.lon },
        radius_m: DEPOT_RADIUS_M,
      },
    });
    const geofence = records.create(GEOFENCE_PATH, body, null, by, now);
    rule({ name: `Left ${name}`, kind: 'geofence_exit', geofence_id: geofence.id });
    rule({ name: `Entered ${name}`, kind: 'geofence_enter', geofence_id: geofence.id });
  }
}
