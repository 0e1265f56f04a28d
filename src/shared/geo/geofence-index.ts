import Flatbush from 'flatbush';
import type { GeofenceShape } from '../interface';
import { contains, prepareShape, type PreparedShape } from './geofence-geometry';

export interface IndexedGeofence {
  readonly id: number;
  readonly name: string;
  readonly shape: GeofenceShape;
}

/** Which geofences hold a position: ids in ascending order. */
export interface GeofenceLookup {
  readonly size: number;
  containing(lat: number, lon: number): number[];
}

/**
 * The geofences in a static R-tree over their bounding boxes (flatbush: a
 * packed Hilbert R-tree, built in one go and rebuilt when a geofence
 * changes), so a position is tested exactly only against the few geofences
 * whose box holds it, not against all of them.
 */
export function indexGeofences(geofences: readonly IndexedGeofence[]): GeofenceLookup {
  const shapes: PreparedShape[] = geofences.map((g) => prepareShape(g.shape));
  const ids = geofences.map((g) => g.id);
  if (shapes.length === 0) return { size: 0, containing: () => [] };
  const tree = new Flatbush(shapes.length);
  for (const s of shapes) tree.add(s.box.minLon, s.box.minLat, s.box.maxLon, s.box.maxLat);
  tree.finish();
  return {
    size: shapes.length,
    containing(lat, lon) {
      const out: number[] = [];
      for (const i of tree.search(lon, lat, lon, lat)) if (contains(shapes[i]!, lat, lon)) out.push(ids[i]!);
      return out.length > 1 ? out.sort(byId) : out;
    },
  };
}

const byId = (a: number, b: number): number => a - b;

/** The same answers by testing every geofence: the baseline of bench/alarms.bench.ts, and a cross-check in tests. */
export function scanGeofences(geofences: readonly IndexedGeofence[]): GeofenceLookup {
  const shapes = geofences.map((g) => ({ id: g.id, shape: prepareShape(g.shape) }));
  return {
    size: shapes.length,
    containing(lat, lon) {
      const out: number[] = [];
      for (const s of shapes) if (contains(s.shape, lat, lon)) out.push(s.id);
      return out.length > 1 ? out.sort(byId) : out;
    },
  };
}
