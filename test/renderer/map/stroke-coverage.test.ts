import { describe, expect, it } from 'vitest';
import { StrokeCoverage } from '../../../src/renderer/src/features/map/stroke-coverage';

const grid = (): StrokeCoverage => {
  const c = new StrokeCoverage();
  c.reset(200, 100);
  return c;
};

describe('which track segments add something to the picture', () => {
  it('strokes a segment once, and again in another band', () => {
    const c = grid();
    expect(c.claim(10.2, 10.4, 60.7, 30.1, 3)).toBe(true);
    expect(c.claim(10.2, 10.4, 60.7, 30.1, 3)).toBe(false);
    // Driven the other way, a fraction of a pixel off, along a row of cells: the same cells.
    expect(c.claim(80.6, 70.2, 20.3, 70.4, 3)).toBe(true);
    expect(c.claim(20.1, 70.7, 80.9, 70.1, 3)).toBe(false);
    expect(c.claim(10.2, 10.4, 60.7, 30.1, 4)).toBe(true);
  });

  it('strokes what reaches past the drawn line, or runs beside it a pixel or more away', () => {
    const c = grid();
    expect(c.claim(10, 50, 100, 50, 0)).toBe(true);
    expect(c.claim(30, 50, 70, 50, 0)).toBe(false);
    expect(c.claim(30, 50, 101.5, 50, 0)).toBe(true);
    expect(c.claim(10, 51.5, 100, 51.5, 0)).toBe(true);
    // A point-sized segment (a fix repeated) on the line adds nothing.
    expect(c.claim(40.5, 50.5, 40.5, 50.5, 0)).toBe(false);
  });

  it('always strokes a segment that leaves the canvas, and forgets everything on reset', () => {
    const c = grid();
    // A fix a continent away at street zoom: stroked at once, not walked cell by cell.
    expect(c.claim(10, 10, 4e12, -3e12, 1)).toBe(true);
    expect(c.claim(10, 10, Number.NaN, 20, 1)).toBe(true);
    expect(c.claim(-5, 10, 20, 10, 1)).toBe(true);
    expect(c.claim(-5, 10, 20, 10, 1)).toBe(true);
    expect(c.claim(180, 90, 230, 120, 1)).toBe(true);
    expect(c.claim(180, 90, 230, 120, 1)).toBe(true);
    expect(c.claim(5, 5, 20, 5, 1)).toBe(true);
    expect(c.claim(5, 5, 20, 5, 1)).toBe(false);
    c.reset(200, 100);
    expect(c.claim(5, 5, 20, 5, 1)).toBe(true);
    // A new size is a new grid: a cell that lay outside the old one exists now.
    c.reset(400, 100);
    expect(c.claim(300, 5, 320, 5, 1)).toBe(true);
    expect(c.claim(300, 5, 320, 5, 1)).toBe(false);
  });
});
