import { describe, expect, it } from 'vitest';
import { DirtyTiles } from '../../../src/renderer/src/features/map/dirty-tiles';

describe('the tiles of a frame to redraw', () => {
  it('marks every tile a box touches, once, clipped to the frame', () => {
    const t = new DirtyTiles(100, 50, 16);
    expect([t.cols, t.rows, t.total]).toEqual([7, 4, 28]);
    t.mark(10, 10, 20, 20);
    expect(t.count).toBe(4);
    expect(t.isDirty(0, 0) && t.isDirty(1, 0) && t.isDirty(0, 1) && t.isDirty(1, 1)).toBe(true);
    t.mark(12, 12, 14, 14);
    expect(t.count).toBe(4);
    t.mark(-40, -40, -20, -20);
    t.mark(200, 10, 300, 10);
    expect(t.count).toBe(4);
    t.mark(97, 49, 120, 70);
    expect(t.isDirty(6, 3)).toBe(true);
    expect(t.count).toBe(5);
  });

  it('hands the dirty tiles over as runs along each row, the last tile cut at the frame edge', () => {
    const t = new DirtyTiles(100, 50, 16);
    t.mark(0, 0, 40, 5);
    t.mark(90, 0, 99, 5);
    t.mark(20, 40, 20, 40);
    expect(t.runs()).toEqual([
      { x0: 0, y0: 0, x1: 48, y1: 16 },
      { x0: 80, y0: 0, x1: 100, y1: 16 },
      { x0: 16, y0: 32, x1: 32, y1: 48 },
    ]);
    t.clear();
    expect(t.count).toBe(0);
    expect(t.runs()).toEqual([]);
  });

  it('hands over the dirty tiles in view and keeps the rest for when a pan shows them', () => {
    const t = new DirtyTiles(100, 50, 16);
    const batch = new DirtyTiles(100, 50, 16);
    t.mark(0, 0, 5, 5);
    t.mark(97, 49, 99, 49);
    // The map shows x 10..60, y 0..30 (ends exclusive): the tiles of columns 0–3, rows 0–1.
    const shown = { x0: 10, y0: 0, x1: 60, y1: 30 };
    expect(t.anyWithin(shown)).toBe(true);
    expect(t.takeWithin(shown, batch)).toBe(8);
    expect([batch.count, batch.isDirty(0, 0), t.count, t.isDirty(6, 3)]).toEqual([1, true, 1, true]);
    expect(t.anyWithin(shown)).toBe(false);
    expect(t.anyWithin({ x0: 50, y0: 20, x1: 100, y1: 50 })).toBe(true);
  });

  it('moves its dirty parts with the pixels of a shifted frame', () => {
    const t = new DirtyTiles(100, 50, 16);
    t.mark(16, 16, 31, 31);
    // Pixels move 8 left and 16 up: the tile's pixels now lie over two tiles of row 0.
    t.shift(8, 16);
    expect(t.runs()).toEqual([{ x0: 0, y0: 0, x1: 32, y1: 16 }]);
    t.shift(-200, 0);
    expect(t.count).toBe(0);
  });
});
