import { describe, expect, it } from 'vitest';
import { polygonProblem } from '../../src/shared/geo/polygon-validity';
import { alertBodySchema, geofenceBodySchema } from '../../src/shared/interface';
import { everyPairOutlineProblem } from '../../bench/support/every-pair-outline';

const ring = (...xy: [number, number][]) => xy.map(([longitude, latitude]) => ({ latitude, longitude }));

describe('geofence outlines', () => {
  it('accepts a simple polygon, convex or not', () => {
    expect(polygonProblem(ring([0, 0], [1, 0], [1, 1], [0, 1]))).toBeNull();
    expect(polygonProblem(ring([0, 0], [2, 0], [2, 2], [1, 0.5], [0, 2]))).toBeNull();
  });

  it('refuses a bow tie, a spike back along an edge and repeated points, naming the problem', () => {
    expect(polygonProblem(ring([0, 0], [1, 1], [1, 0], [0, 1]))).toMatch(/crosses itself/);
    expect(polygonProblem(ring([0, 0], [2, 0], [1, 0], [1, 1]))).toMatch(/doubles back/);
    expect(polygonProblem(ring([0, 0], [1, 0], [1, 0], [0, 1]))).toMatch(/same/);
    expect(polygonProblem(ring([0, 0], [1, 0]))).toMatch(/at least 3/);
  });

  it('refuses an outline that touches itself, visits a point twice or doubles back, vertical edges too', () => {
    // A vertex on a vertical edge, and a vertical edge ending on another edge.
    expect(polygonProblem(ring([0, 0], [1, 0], [0, 1], [-1, 2], [0, 2]))).toMatch(/crosses itself/);
    expect(polygonProblem(ring([0, 0], [2, 0], [2, 2], [1, 0], [0, 2]))).toMatch(/crosses itself/);
    expect(polygonProblem(ring([0, 0], [2, 0], [1, 1], [2, 2], [0, 2], [1, 1]))).toBe(
      'points 3 and 6 are the same',
    );
    expect(polygonProblem(ring([0, 0], [2, 0], [2, 1], [2, 0.5], [0, 1]))).toBe(
      'the outline doubles back on itself at point 3',
    );
    // Two long edges crossing to the right of a short one between them: found only once the short one leaves.
    expect(polygonProblem(ring([0, 0], [10, 10], [10, 0], [0, 10], [1, 5], [2, 5]))).toBe(
      'the outline crosses itself (edges 1 and 3)',
    );
    expect(
      polygonProblem(
        ring(
          [0, 0],
          [10, 10],
          [12, 10],
          [12, 0],
          [10, 0],
          [0, 10],
          [-1, 10],
          [-1, 5],
          [3, 5.2],
          [-2, 4],
          [-2, 0],
        ),
      ),
    ).toBe('the outline crosses itself (edges 1 and 5)');
    // Three points on one line enclose nothing.
    expect(polygonProblem(ring([0, 0], [1, 0], [2, 0]))).toMatch(/doubles back/);
    // Touching neighbours only: a vertical edge and the ones at its ends.
    expect(polygonProblem(ring([0, 0], [0, 2], [1, 2], [1, 1], [2, 0]))).toBeNull();
  });

  it('agrees with testing every pair of edges on 40,000 random rings, most of them degenerate', () => {
    let seed = 20261127;
    const random = (below: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % below;
    };
    let simple = 0;
    for (let k = 0; k < 40_000; k++) {
      // Few points on a small grid: shared points, collinear and vertical edges, touching ends.
      const grid = 2 + random(6);
      const points = ring(
        ...Array.from({ length: 3 + random(12) }, (): [number, number] => [random(grid), random(grid)]),
      );
      const expected = everyPairOutlineProblem(points);
      const problem = polygonProblem(points);
      expect(problem === null, JSON.stringify(points)).toBe(expected === null);
      if (problem === null) simple++;
    }
    // Enough of both answers for the comparison to mean something.
    expect(simple).toBeGreaterThan(2_000);
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
