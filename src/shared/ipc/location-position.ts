import type { Location } from '../interface';
import type { LivePosition } from './views';

/** Spec 2.8 → the renderer's flattened form. A location has no movement state: derived from speed and ignition. */
export function livePositionOfLocation(assetId: number, l: Location): LivePosition {
  const speed = l.speed ?? 0;
  const ignition = l.ignition ?? false;
  return {
    assetId,
    lat: l.latitude,
    lon: l.longitude,
    speed,
    course: l.heading ?? 0,
    t: Date.parse(l.timestamp),
    state: speed > 1 ? 'moving' : ignition ? 'idle' : 'stopped',
    ignition,
  };
}
