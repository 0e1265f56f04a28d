import { describe, expect, it } from 'vitest';
import { farthestFromSegment } from '../../src/shared/geo/farthest-from-segment';

describe('the vertex farthest from a segment', () => {
  it('is the one standing farthest out between the two ends, by squared distance', () => {
    const xs = [0, 1, 2, 3, 4];
    const ys = [0, 1, -3, 2, 0];
    expect(farthestFromSegment(xs, ys, 0, 4)).toEqual({ index: 2, d2: 9 });
    expect(farthestFromSegment(Float32Array.from(xs), Float32Array.from(ys), 2, 4)).toEqual({
      index: 3,
      d2: 5,
    });
  });

  it('measures to the segment, not its line: a vertex beyond an end is as far as from that end', () => {
    expect(farthestFromSegment([0, 10, 4], [0, 0, 0], 0, 2)).toEqual({ index: 1, d2: 36 });
  });

  it('measures from the point when both ends are one, and finds nothing between neighbours', () => {
    expect(farthestFromSegment([0, 3, 0], [0, 4, 0], 0, 2)).toEqual({ index: 1, d2: 25 });
    expect(farthestFromSegment([0, 1], [0, 1], 0, 1)).toEqual({ index: -1, d2: -1 });
  });
});
