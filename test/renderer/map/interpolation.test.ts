import { describe, expect, it } from 'vitest';
import {
  lerp,
  lerpAngle,
  mercatorX,
  mercatorY,
  MOVE_DURATION_MS,
  progress,
} from '../../../src/renderer/src/features/map/interpolation';

describe('smooth movement between live updates', () => {
  it('starts at the previous fix and arrives at the new one after about a second', () => {
    expect(progress(1000, 1000)).toBe(0);
    expect(progress(1000, 1000 + MOVE_DURATION_MS)).toBe(1);
    expect(progress(1000, 5000)).toBe(1);
    const half = progress(0, MOVE_DURATION_MS / 2);
    expect(half).toBeGreaterThan(0.5);
    expect(half).toBeLessThan(1);
  });

  it('never overshoots or runs backwards', () => {
    let prev = 0;
    for (let t = 0; t <= MOVE_DURATION_MS; t += 50) {
      const k = progress(0, t);
      expect(k).toBeGreaterThanOrEqual(prev);
      expect(k).toBeLessThanOrEqual(1);
      prev = k;
    }
  });

  it('turns headings the short way round through north', () => {
    expect(lerpAngle(350, 10, 0.5)).toBeCloseTo(0, 6);
    expect(lerpAngle(10, 350, 0.25)).toBeCloseTo(5, 6);
    expect(lerpAngle(90, 180, 0.5)).toBeCloseTo(135, 6);
  });

  it('interpolates positions linearly in projected space', () => {
    expect(lerp(2, 4, 0.5)).toBe(3);
    expect(mercatorX(0)).toBe(0.5);
    expect(mercatorY(0)).toBeCloseTo(0.5, 12);
    // Leaflet's EPSG:3857 at zoom 0 puts 51.5°N at y ≈ 85.2 px of 256.
    expect(mercatorY(51.5) * 256).toBeCloseTo(85.2, 0);
    expect(mercatorY(89.9)).toBe(mercatorY(85.0511287798));
  });
});
