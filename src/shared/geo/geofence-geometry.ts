import type { GeofenceShape } from '../interface';

/**
 * Exact membership tests of a position in a geofence (docs/interface-decisions.md
 * "Alarms and geofences"): a polygon's edges are straight lines in the
 * latitude/longitude plane (as Leaflet draws them), a circle is every point
 * within its radius on the sphere (haversine, as Leaflet's L.Circle measures).
 */
export const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;
const M_PER_DEG_LAT = EARTH_RADIUS_M * RAD;

export interface Box {
  readonly minLon: number;
  readonly minLat: number;
  readonly maxLon: number;
  readonly maxLat: number;
}

/** A shape ready to test: flat coordinate arrays, so a test allocates nothing. */
export type PreparedShape =
  | { readonly type: 'polygon'; readonly lons: Float64Array; readonly lats: Float64Array; readonly box: Box }
  | {
      readonly type: 'circle';
      readonly lat: number;
      readonly lon: number;
      readonly radiusM: number;
      readonly box: Box;
    };

export function haversineM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A box that surely holds the circle. Near a pole, or where the circle would
 * reach over the antimeridian, it spans every longitude: too wide is only
 * more candidates for the exact test, too narrow would miss members.
 */
function circleBox(lat: number, lon: number, radiusM: number): Box {
  const dLat = radiusM / M_PER_DEG_LAT;
  const minLat = Math.max(-90, lat - dLat);
  const maxLat = Math.min(90, lat + dLat);
  const widest = Math.cos(Math.max(Math.abs(minLat), Math.abs(maxLat)) * RAD);
  const dLon = widest > 1e-9 ? radiusM / (M_PER_DEG_LAT * widest) : 360;
  if (dLon >= 180 || lon - dLon < -180 || lon + dLon > 180)
    return { minLon: -180, minLat, maxLon: 180, maxLat };
  return { minLon: lon - dLon, minLat, maxLon: lon + dLon, maxLat };
}

export function prepareShape(shape: GeofenceShape): PreparedShape {
  if (shape.type === 'circle') {
    const { latitude: lat, longitude: lon } = shape.center;
    return { type: 'circle', lat, lon, radiusM: shape.radius_m, box: circleBox(lat, lon, shape.radius_m) };
  }
  const n = shape.points.length;
  const lons = new Float64Array(n);
  const lats = new Float64Array(n);
  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  shape.points.forEach((p, i) => {
    lons[i] = p.longitude;
    lats[i] = p.latitude;
    minLon = Math.min(minLon, p.longitude);
    maxLon = Math.max(maxLon, p.longitude);
    minLat = Math.min(minLat, p.latitude);
    maxLat = Math.max(maxLat, p.latitude);
  });
  return { type: 'polygon', lons, lats, box: { minLon, minLat, maxLon, maxLat } };
}

/** Even-odd ray casting (W. R. Franklin's PNPOLY); a point on an edge may fall either way. */
function inPolygon(lons: Float64Array, lats: Float64Array, lat: number, lon: number): boolean {
  let inside = false;
  for (let i = 0, j = lons.length - 1; i < lons.length; j = i++) {
    const yi = lats[i]!;
    const yj = lats[j]!;
    if (yi > lat !== yj > lat) {
      const x = ((lons[j]! - lons[i]!) * (lat - yi)) / (yj - yi) + lons[i]!;
      if (lon < x) inside = !inside;
    }
  }
  return inside;
}

const inBox = (b: Box, lat: number, lon: number): boolean =>
  lat >= b.minLat && lat <= b.maxLat && lon >= b.minLon && lon <= b.maxLon;

export function contains(shape: PreparedShape, lat: number, lon: number): boolean {
  if (!inBox(shape.box, lat, lon)) return false;
  if (shape.type === 'circle') return haversineM(shape.lat, shape.lon, lat, lon) <= shape.radiusM;
  return inPolygon(shape.lons, shape.lats, lat, lon);
}
