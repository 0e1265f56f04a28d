import { createHash } from 'node:crypto';
import type { Fleet } from '../../../src/server/sim/types';

export const DAY = 86_400_000;
export const START = Date.UTC(2026, 10, 15, 23);

/** Everything a report could read for a few assets over two days, as one digest. */
export function fleetDigest(fleet: Fleet): string {
  const h = createHash('sha256');
  for (const id of [1, 2, 3, 4, 5]) {
    fleet.forEachSample(id, START, START + 2 * DAY, (s) => h.update(JSON.stringify(s)));
    h.update(JSON.stringify(fleet.trips(id, START, START + 2 * DAY)));
    h.update(JSON.stringify(fleet.alarms(id, START, START + 2 * DAY)));
    h.update(JSON.stringify(fleet.fuelEvents(id, START - 20 * DAY, START + 2 * DAY)));
    h.update(JSON.stringify(fleet.obdReadings(id, START, START + DAY)));
    h.update(JSON.stringify(fleet.beaconDetectionsByAsset(id, START, START + 2 * DAY)));
  }
  return h.digest('hex');
}
