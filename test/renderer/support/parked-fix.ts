import type { LivePosition } from '../../../src/shared/ipc';

/** A vehicle's live fix at rest: where it is is all the map's indexes (stacks, clusters, crowding) read. */
export const parkedFix = (assetId: number, lat: number, lon: number): LivePosition => ({
  assetId,
  lat,
  lon,
  speed: 0,
  course: 0,
  t: 0,
  state: 'stopped',
  ignition: false,
});
