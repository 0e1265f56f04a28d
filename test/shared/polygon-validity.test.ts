import { describe, expect, it } from 'vitest';
import { polygonProblem } from '../../src/shared/geo/polygon-validity';
import { alertBodySchema, geofenceBodySchema } from '../../src/shared/interface';

const ring = (...xy: [number, number][]) => xy.map(([longitude, latitude]) => ({ latitude, longitude }));

describe('geofence outlines', () => {
  it('accepts a simple polygon, convex or not', () => {
    expect(polygonProblem(ring([0, 0], [1, 0], [1, 1], [0, 1]))).toBeNull();
    expect(polygonProblem(ring([0, 0], [2, 0], [2, 2], [1, 0.5], [0, 2]))).toBeNull();
  });

  it('refuses a bow tie, a spike back along an edge and repeated points, naming the problem', () => {
    expect(polygonProblem(ring([0, 0], [1, 1], [1, 0], [0, 1]))).toMatch(/crosses itself/);
    expect(polygonProblem(ring([0, 0], [2, 0], [1, 0], [1, 1]))).toMatch(/crosses itself/);
    expect(polygonProblem(ring([0, 0], [1, 0], [1, 0], [0, 1]))).toMatch(/same/);
    expect(polygonProblem(ring([0, 0], [1, 0]))).toMatch(/at least 3/);
  });

  it('checks a 10,000-vertex circle-like outline and finds one crossing in it', () => {
    const n = 10_000;
    const round = Array.from({ length: n }, (_, i) => {
      const a = (2 * Math.PI * i) / n;
      return { latitude: 45 + 0.1 * Math.sin(a), longitude: 9 + 0.1 * Math.cos(a) };
    });
    expect(polygonProblem(round)).toBeNull();
    const crossed = [...round];
    [crossed[10], crossed[11]] = [crossed[11]!, crossed[10]!];
    expect(polygonProblem(crossed)).toMatch(/crosses itself/);
  });

  it('gives spec 7 field paths for a bad shape, and enter/exit rules must name a geofence', () => {
    const bad = geofenceBodySchema.safeParse({
      name: 'Depot',
      shape: { type: 'circle', center: { latitude: 95, longitude: 9 }, radius_m: 0 },
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['shape.center.latitude', 'shape.radius_m']));

    const rule = alertBodySchema.safeParse({ name: 'Left depot', kind: 'geofence_exit' });
    expect(rule.success).toBe(false);
    expect(rule.error!.issues[0]!.path).toEqual(['geofence_id']);
    expect(
      alertBodySchema.safeParse({ name: 'Left depot', kind: 'geofence_exit', geofence_id: 3 }).success,
    ).toBe(true);
    expect(alertBodySchema.safeParse({ name: 'Fast', kind: 'overspeed', geofence_id: 3 }).success).toBe(
      false,
    );
  });
});
