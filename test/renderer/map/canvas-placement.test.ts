import { describe, expect, it } from 'vitest';
import {
  CANVAS_PADDING,
  onPixelGrid,
  placeCanvas,
} from '../../../src/renderer/src/features/map/canvas-placement';

const size = { x: 1000, y: 600 };
const scale = 256 * 2 ** 12;
const first = placeCanvas(null, { x: 5000.5, y: 7000.25 }, size, scale, 1.25);

describe('where the fleet canvas lies while the map pans', () => {
  it('reaches past every edge of the map, centred on it at first', () => {
    expect(CANVAS_PADDING).toBe(0.1);
    expect(first).toEqual({ x: 4900.5, y: 6940.25, width: 1200, height: 720, scale, dpr: 1.25 });
  });

  it('stays put (the pane carries it) for pans, whole or fractional, that keep the map on it', () => {
    for (const [dx, dy] of [
      [1, 0],
      [-0.4, 0.3],
      [100, 60],
      [-100, -60],
      [37.75, -12.5],
    ] as const)
      expect(placeCanvas(first, { x: 5000.5 + dx, y: 7000.25 + dy }, size, scale, 1.25)).toBe(first);
  });

  it('past its edge, moves by whole device pixels to centre the map again, however far the pan went', () => {
    for (const [dx, dy] of [
      [100.5, 0],
      [0, -61],
      [-333.3, 1234.9],
      [1e6 + 0.1, -2e5],
    ] as const) {
      const corner = { x: 5000.5 + dx, y: 7000.25 + dy };
      const next = placeCanvas(first, corner, size, scale, 1.25);
      expect(next).not.toBe(first);
      const kx = (next.x - first.x) * 1.25;
      const ky = (next.y - first.y) * 1.25;
      expect(Math.abs(kx - Math.round(kx))).toBeLessThan(1e-6);
      expect(Math.abs(ky - Math.round(ky))).toBeLessThan(1e-6);
      // Centred to within a device pixel: the map lies wholly on it again.
      expect(Math.abs(corner.x - 100 - next.x)).toBeLessThanOrEqual(0.4);
      expect(Math.abs(corner.y - 60 - next.y)).toBeLessThanOrEqual(0.4);
      expect(placeCanvas(next, corner, size, scale, 1.25)).toBe(next);
    }
  });

  it('is placed anew for another zoom, size or pixel ratio', () => {
    const corner = { x: 5010, y: 7000 };
    expect(placeCanvas(first, corner, size, scale * 2, 1.25).x).toBe(4910);
    expect(placeCanvas(first, corner, { x: 800, y: 600 }, scale, 1.25).width).toBe(960);
    expect(placeCanvas(first, corner, size, scale, 1).dpr).toBe(1);
  });

  it('tells when the map at rest lies between the device pixels of the canvas', () => {
    expect(onPixelGrid(first, { x: 5000.5, y: 7000.25 })).toBe(true);
    expect(onPixelGrid(first, { x: 5004.5, y: 6996.25 })).toBe(true);
    expect(onPixelGrid(first, { x: 5001.5, y: 7000.25 })).toBe(false);
    // A padding of whole device pixels keeps a freshly placed canvas on the grid at any ratio.
    const odd = placeCanvas(null, { x: 3.2, y: 7 }, { x: 900, y: 566 }, scale, 1.25);
    expect(odd.x).toBeCloseTo(3.2 - 113 / 1.25, 9);
    expect(onPixelGrid(odd, { x: 3.2, y: 7 })).toBe(true);
    const one = placeCanvas(null, { x: 10, y: 10 }, size, scale, 1);
    expect(onPixelGrid(one, { x: 17, y: -3 })).toBe(true);
  });
});
