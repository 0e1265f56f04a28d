import { describe, expect, it } from 'vitest';
import { stopPlaces } from '../../../src/renderer/src/features/history/stop-places';

const stop = (x: number, y: number) => ({ x, y, stop: true });

describe('where the stop markers are drawn', () => {
  it('draws stops that share a device pixel once, and apart when the display resolves them', () => {
    const marks = [stop(10, 20), stop(10.3, 20.2), stop(10.1, 19.9)];
    expect(stopPlaces(marks, 1)).toEqual([[10, 20]]);
    // At 200 % the second is 0.6 device pixels right of the others: its own pixel.
    expect(stopPlaces(marks, 2)).toEqual([
      [10.5, 20],
      [10, 20],
    ]);
  });

  it('keeps the last stop at a spot, so a spot revisited after a neighbour is still painted over it', () => {
    const marks = [stop(10, 20), stop(14, 20), stop(10, 20)];
    expect(stopPlaces(marks, 1)).toEqual([
      [14, 20],
      [10, 20],
    ]);
  });

  it('puts each on a whole device pixel within half a pixel of the stop, and skips data gaps', () => {
    const marks = [stop(10.3, -7.7), { x: 50, y: 50, stop: false }, stop(-3.4, 99.99)];
    for (const dpr of [1, 1.25, 1.5, 2]) {
      const places = stopPlaces(marks, dpr);
      expect(places).toHaveLength(2);
      places.forEach(([x, y], i) => {
        const m = marks[i === 0 ? 0 : 2]!;
        expect(x * dpr).toBeCloseTo(Math.round(x * dpr), 9);
        expect(y * dpr).toBeCloseTo(Math.round(y * dpr), 9);
        expect(Math.abs(x - m.x) * dpr).toBeLessThanOrEqual(0.5);
        expect(Math.abs(y - m.y) * dpr).toBeLessThanOrEqual(0.5);
      });
    }
  });
});
