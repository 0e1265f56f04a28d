import { describe, expect, it } from 'vitest';
import { placeLabels } from '../../../src/renderer/src/features/map/label-placement';

const box = (x: number, y: number, rank: number, w = 60) => ({ x0: x, y0: y, x1: x + w, y1: y + 16, rank });

describe('names that never overlap', () => {
  it('keeps the better-ranked of two names that would overlap, and every name that clears the others', () => {
    const boxes = [box(0, 0, 2), box(30, 8, 0), box(100, 0, 3), box(0, 40, 1)];
    expect(placeLabels(boxes).sort()).toEqual([1, 2, 3]);
  });

  it('lets names touch edge to edge, and breaks ties by order', () => {
    expect(placeLabels([box(0, 0, 1), box(60, 0, 1), box(0, 16, 1)])).toEqual([0, 1, 2]);
    expect(placeLabels([box(0, 0, 1), box(10, 0, 1)])).toEqual([0]);
    expect(placeLabels([])).toEqual([]);
  });
});
