import type { Location } from '../../../../src/shared/interface';

export interface TrackFigures {
  readonly fixes: number;
  readonly distanceKm: number;
  readonly maxSpeed: number | null;
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number): number => (deg * Math.PI) / 180;

function greatCircleKm(a: Location, b: Location): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The history screen's figures worked out here from the service's own
 * answer, independently of the renderer's code: the distance is what the
 * odometer advanced over the fixes that report one, when it never runs backwards,
 * else the sum of great-circle steps; the maximum speed is the highest fix.
 */
export function trackFigures(fixes: readonly Location[]): TrackFigures {
  const odometers = fixes.map((f) => f.odometer).filter((o): o is number => o !== null);
  const odometerUsable =
    fixes.length > 1 && odometers.length > 0 && odometers.every((o, i) => i === 0 || o >= odometers[i - 1]!);
  let distanceKm = 0;
  if (odometerUsable) distanceKm = odometers.at(-1)! - odometers[0]!;
  else for (let i = 1; i < fixes.length; i++) distanceKm += greatCircleKm(fixes[i - 1]!, fixes[i]!);
  const speeds = fixes.map((f) => f.speed).filter((s): s is number => s !== null);
  return {
    fixes: fixes.length,
    distanceKm,
    maxSpeed: speeds.length > 0 ? Math.max(...speeds) : null,
  };
}
