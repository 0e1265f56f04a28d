import { distanceKm, offsetKm, type CityPlace } from './city';
import { unit } from './random';

/**
 * A road between two places: a Catmull-Rom spline through jittered waypoints
 * (so the heading turns smoothly), sampled every ~60 m with a cumulative
 * length table for position-at-distance look-ups.
 */
export interface Route {
  readonly lengthKm: number;
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  /** Cumulative km at each vertex. */
  readonly cum: Float64Array;
}

export interface RoutePoint {
  lat: number;
  lon: number;
  heading: number;
  /** Unsigned heading change per km near this point (for cornering events). */
  curvature: number;
}

const STEP_KM = 0.06;

export function buildRoute(seed: number, a: CityPlace, b: CityPlace): Route {
  const straight = Math.max(0.3, distanceKm(a, b));
  const waypoints: { lat: number; lon: number }[] = [a];
  const n = Math.max(2, Math.min(6, Math.round(straight / 2.5)));
  const dx = b.lon - a.lon;
  const dy = b.lat - a.lat;
  for (let i = 1; i < n; i++) {
    const f = i / n;
    const sway = (unit(seed, a.index, b.index, i) - 0.5) * Math.min(2.2, straight * 0.35);
    const base = { lat: a.lat + dy * f, lon: a.lon + dx * f, name: '' };
    // Perpendicular offset in km, so the road bends like a real one.
    const len = Math.hypot(dx, dy) || 1;
    waypoints.push(offsetKm(base, (-dy / len) * sway, (dx / len) * sway));
  }
  waypoints.push(b);

  const lats: number[] = [];
  const lons: number[] = [];
  for (let i = 0; i < waypoints.length - 1; i++) {
    const p0 = waypoints[Math.max(0, i - 1)]!;
    const p1 = waypoints[i]!;
    const p2 = waypoints[i + 1]!;
    const p3 = waypoints[Math.min(waypoints.length - 1, i + 2)]!;
    const steps = Math.max(2, Math.ceil(distanceKm(p1, p2) / STEP_KM));
    for (let s = 0; s < steps; s++) {
      const t = s / steps;
      lats.push(catmull(p0.lat, p1.lat, p2.lat, p3.lat, t));
      lons.push(catmull(p0.lon, p1.lon, p2.lon, p3.lon, t));
    }
  }
  lats.push(b.lat);
  lons.push(b.lon);
  const cum = new Float64Array(lats.length);
  for (let i = 1; i < lats.length; i++) {
    cum[i] =
      cum[i - 1]! + distanceKm({ lat: lats[i - 1]!, lon: lons[i - 1]! }, { lat: lats[i]!, lon: lons[i]! });
  }
  return { lengthKm: cum[cum.length - 1]!, lat: Float64Array.from(lats), lon: Float64Array.from(lons), cum };
}

function catmull(p0: number, p1: number, p2: number, p3: number, t: number): number {
  const t2 = t * t;
  const t3 = t2 * t;
  return (
    0.5 * (2 * p1 + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t2 + (-p0 + 3 * p1 - 3 * p2 + p3) * t3)
  );
}

function bearing(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const y = (lon2 - lon1) * Math.cos((((lat1 + lat2) / 2) * Math.PI) / 180);
  const x = lat2 - lat1;
  const deg = (Math.atan2(y, x) * 180) / Math.PI;
  return (deg + 360) % 360;
}

/** Position and heading at distance `km` along the route; `hint` speeds up sequential look-ups. */
export function pointAt(route: Route, km: number, out: RoutePoint, hint = 0): number {
  const { cum, lat, lon } = route;
  const last = cum.length - 1;
  const d = Math.min(Math.max(km, 0), route.lengthKm);
  let i = Math.min(Math.max(hint, 0), last - 1);
  // Sequential reads move a vertex or two; anything else is a binary search.
  if (cum[i]! > d || (i + 4 < last && cum[i + 4]! <= d)) {
    let lo = cum[i]! > d ? 0 : i;
    let hi = cum[i]! > d ? i : last - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (cum[mid]! <= d) lo = mid;
      else hi = mid - 1;
    }
    i = lo;
  } else {
    while (i < last - 1 && cum[i + 1]! <= d) i++;
  }
  const seg = cum[i + 1]! - cum[i]! || 1e-9;
  const f = Math.min(1, (d - cum[i]!) / seg);
  out.lat = lat[i]! + (lat[i + 1]! - lat[i]!) * f;
  out.lon = lon[i]! + (lon[i + 1]! - lon[i]!) * f;
  out.heading = bearing(lat[i]!, lon[i]!, lat[i + 1]!, lon[i + 1]!);
  const j = Math.min(last - 1, i + 1);
  const next = bearing(lat[j]!, lon[j]!, lat[j + 1]!, lon[j + 1]!);
  const turn = Math.abs(((next - out.heading + 540) % 360) - 180);
  out.curvature = turn / Math.max(seg, 0.01);
  return i;
}
