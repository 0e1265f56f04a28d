import { MS_PER_DAY } from '../../../shared/interface';
import type { Fleet } from '../../sim/types';
import { round } from './report-fields';

/**
 * The fleet as it stands at `present`: the simulator computes any instant,
 * the future included, but a report tells what happened, so every range
 * query ends at the present (docs/interface-decisions.md, "Report content").
 * Trips still under way are left out (their distance and speeds describe a
 * drive that has not ended); a stop still going on ends at the present; a
 * fault code not cleared by then is still active; today's distance is the
 * distance so far.
 */
export function fleetAsOf(fleet: Fleet, present: number): Fleet {
  const cut = (end: number): number => Math.min(end, present);
  return {
    seed: fleet.seed,
    assets: fleet.assets,
    beacons: fleet.beacons,
    home: fleet.home,
    depots: fleet.depots,
    asset: (id) => fleet.asset(id),
    beacon: (id) => fleet.beacon(id),
    sampleAt: (id, t) => fleet.sampleAt(id, cut(t)),
    history: (id, start, end) => fleet.history(id, start, cut(end)),
    forEachSample: (id, start, end, visit) => fleet.forEachSample(id, start, cut(end), visit),
    forEachFix: (id, start, end, visit) => fleet.forEachFix(id, start, cut(end), visit),
    isOnline: (id, t) => fleet.isOnline(id, cut(t)),
    lastFixAt: (id, t) => fleet.lastFixAt(id, cut(t)),
    trips: (id, start, end) => fleet.trips(id, start, cut(end)).filter((trip) => trip.end <= present),
    stops: (id, start, end) =>
      fleet.stops(id, start, cut(end)).map((stop) => (stop.end > present ? { ...stop, end: present } : stop)),
    harshEvents: (id, start, end) => fleet.harshEvents(id, start, cut(end)),
    fuelEvents: (id, start, end) => fleet.fuelEvents(id, start, cut(end)),
    obdReadings: (id, start, end) => fleet.obdReadings(id, start, cut(end)),
    faultCodes: (id, start, end) => fleet.faultCodes(id, start, cut(end)),
    beaconDetectionsByAsset: (id, start, end) => fleet.beaconDetectionsByAsset(id, start, cut(end)),
    beaconDetectionsByBeacon: (id, start, end) => fleet.beaconDetectionsByBeacon(id, start, cut(end)),
    alarms: (id, start, end) => fleet.alarms(id, start, cut(end)),
    incidents: (id, start, end) => fleet.incidents(id, start, cut(end)),
    outages: (id, start, end) => fleet.outages(id, start, cut(end)),
    dailyDistanceKm: (id, dayStart) => {
      if (dayStart + MS_PER_DAY <= present) return fleet.dailyDistanceKm(id, dayStart);
      if (dayStart >= present) return 0;
      return round(fleet.odometerAt(id, present) - fleet.odometerAt(id, dayStart), 3);
    },
    odometerAt: (id, t) => fleet.odometerAt(id, cut(t)),
    destination: (id, t) => fleet.destination(id, cut(t)),
  };
}
