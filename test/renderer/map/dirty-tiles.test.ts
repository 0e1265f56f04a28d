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

  it('hands over tiles far apart in boxes of their own, and joins what costs less than a call', () => {
    const t = new DirtyTiles(800, 400, 8);
    // A moved marker dirties 3 × 3 tiles; two such, far apart, as at city zoom.
    t.mark(16, 16, 39, 39);
    t.mark(600, 300, 623, 323);
    const boxes = t.boxes(2048);
    expect(boxes).toEqual([
      { x0: 16, y0: 16, x1: 40, y1: 40 },
      { x0: 600, y0: 296, x1: 624, y1: 328 },
    ]);
    // Two markers side by side: the 7 clean tiles between them (448 px a row) cost less than a call.
    t.clear();
    t.mark(16, 16, 39, 39);
    t.mark(96, 16, 119, 39);
    expect(t.boxes(2048)).toEqual([{ x0: 16, y0: 16, x1: 120, y1: 40 }]);
    expect(t.boxes(256)).toEqual([
      { x0: 16, y0: 16, x1: 40, y1: 40 },
      { x0: 96, y0: 16, x1: 120, y1: 40 },
    ]);
  });

  it('covers every dirty tile with its boxes, however they are scattered', () => {
    const t = new DirtyTiles(300, 200, 8);
    let seed = 3;
    const next = (k: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % k;
    };
    for (let i = 0; i < 60; i++) {
      const x = next(300);
      const y = next(200);
      t.mark(x - 6, y - 6, x + 6, y + 6);
    }
    for (const callPx of [0, 256, 2048, 100_000]) {
      const boxes = t.boxes(callPx);
      for (let r = 0; r < t.rows; r++)
        for (let c = 0; c < t.cols; c++) {
          if (!t.isDirty(c, r)) continue;
          const x = c * 8;
          const y = r * 8;
          expect(boxes.some((b) => b.x0 <= x && x < b.x1 && b.y0 <= y && y < b.y1)).toBe(true);
        }
      for (const b of boxes) expect(b.x1 <= 300 && b.y1 <= 200 && b.x0 < b.x1 && b.y0 < b.y1).toBe(true);
    }
    // With nothing to save, a box is a run of tiles along one row.
    expect(t.boxes(0).length).toBe(t.runs().length);
    expect(t.boxes(2048).length).toBeLessThan(t.runs().length / 2);
  });
});
