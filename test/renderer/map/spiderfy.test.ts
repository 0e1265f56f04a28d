import { describe, expect, it } from 'vitest';
import { HIT_RADIUS_PX } from '../../../src/renderer/src/features/map/hit-test';
import { fanOffsets, fanReach } from '../../../src/renderer/src/features/map/spiderfy';

function closestPair(points: readonly (readonly [number, number])[]): number {
  let best = Infinity;
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++)
      best = Math.min(best, Math.hypot(points[i]![0] - points[j]![0], points[i]![1] - points[j]![1]));
  return best;
}

describe('fanning out a stack', () => {
  it.each([2, 3, 9, 10, 12, 13, 23, 60])(
    'puts %i vehicles each on its own place, apart by more than two hit radii and clear of the spot',
    (n) => {
      const fan = fanOffsets(n);
      expect(fan).toHaveLength(n);
      expect(closestPair(fan)).toBeGreaterThan(2 * HIT_RADIUS_PX);
      for (const [dx, dy] of fan) expect(Math.hypot(dx, dy)).toBeGreaterThan(2 * HIT_RADIUS_PX);
    },
  );

  it('uses a circle for a few and a spiral beyond, so a depot of 23 stays within about a hundred pixels', () => {
    const circle = fanOffsets(9).map(([dx, dy]) => Math.hypot(dx, dy));
    expect(Math.max(...circle) - Math.min(...circle)).toBeLessThan(1e-9);
    const spiral = fanOffsets(23).map(([dx, dy]) => Math.hypot(dx, dy));
    expect(spiral[22]!).toBeGreaterThan(spiral[0]!);
    expect(fanReach(fanOffsets(23))).toBeLessThan(110);
    expect(fanReach([])).toBe(0);
    expect(fanOffsets(0)).toEqual([]);
  });
});
