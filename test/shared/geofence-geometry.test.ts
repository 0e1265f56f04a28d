import { describe, expect, it } from 'vitest';
import type { GeofenceShape } from '../../src/shared/interface';
import { contains, haversineM, prepareShape } from '../../src/shared/geo/geofence-geometry';
import { indexGeofences, scanGeofences, type IndexedGeofence } from '../../src/shared/geo/geofence-index';

const at = (latitude: number, longitude: number) => ({ latitude, longitude });
const polygon = (...pts: [number, number][]): GeofenceShape => ({
  type: 'polygon',
  points: pts.map(([lat, lon]) => at(lat, lon)),
});

describe('geofence geometry', () => {
  it('measures great-circle distances (haversine)', () => {
    // One degree of latitude on the mean sphere, and Milan to Rome (about 477 km).
    expect(haversineM(45, 9, 46, 9)).toBeCloseTo(111_195, -1);
    expect(haversineM(45.4642, 9.19, 41.9028, 12.4964) / 1000).toBeCloseTo(477, 0);
  });

  it('a circle holds what lies within its radius, also where a degree of longitude is short', () => {
    const milan = prepareShape({ type: 'circle', center: at(45.46, 9.19), radius_m: 500 });
    expect(contains(milan, 45.46 + 0.0044, 9.19)).toBe(true); // ~489 m north
    expect(contains(milan, 45.46 + 0.0046, 9.19)).toBe(false); // ~511 m north
    expect(contains(milan, 45.46, 9.19 + 0.0063)).toBe(true); // ~492 m east at 45°
    expect(contains(milan, 45.46, 9.19 + 0.0066)).toBe(false);
    const north = prepareShape({ type: 'circle', center: at(89.99, 0), radius_m: 5_000 });
    expect(contains(north, 89.99, 179)).toBe(true); // over the pole
    const dateLine = prepareShape({ type: 'circle', center: at(0, 179.999), radius_m: 1_000 });
    expect(contains(dateLine, 0, -179.999)).toBe(true);
  });

  it('a polygon holds its inside, also where it is concave, and nothing of its box outside it', () => {
    // A square with a notch cut into its west side, to the point (lat 2, lon 2).
    const c = prepareShape(polygon([0, 0], [0, 4], [4, 4], [4, 0], [2, 2]));
    expect(contains(c, 1, 3)).toBe(true);
    expect(contains(c, 3, 3)).toBe(true);
    expect(contains(c, 0.5, 1)).toBe(true);
    expect(contains(c, 2, 1)).toBe(false); // in the notch
    expect(contains(c, 5, 2)).toBe(false);
  });

  it('the R-tree answers exactly what a test of every geofence answers', () => {
    let seed = 7;
    const rand = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const geofences: IndexedGeofence[] = Array.from({ length: 300 }, (_, i) => {
      const lat = 45.3 + rand() * 0.3;
      const lon = 9 + rand() * 0.4;
      const r = 0.002 + rand() * 0.02;
      const shape: GeofenceShape =
        i % 2 === 0
          ? { type: 'circle', center: at(lat, lon), radius_m: r * 111_000 }
          : polygon([lat, lon], [lat, lon + r], [lat + r, lon + r * 0.5]);
      return { id: i + 1, name: `g${i}`, shape };
    });
    const indexed = indexGeofences(geofences);
    const scanned = scanGeofences(geofences);
    let hits = 0;
    for (let k = 0; k < 5_000; k++) {
      const lat = 45.3 + rand() * 0.3;
      const lon = 9 + rand() * 0.4;
      const ids = indexed.containing(lat, lon);
      hits += ids.length;
      expect(ids).toEqual(scanned.containing(lat, lon));
    }
    expect(hits).toBeGreaterThan(100);
    expect(indexGeofences([]).containing(45, 9)).toEqual([]);
  });
});
