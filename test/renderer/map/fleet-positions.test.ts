import { describe, expect, it } from 'vitest';
import { FleetPositions } from '../../../src/renderer/src/features/map/fleet-positions';
import { mercatorX, mercatorY, MOVE_DURATION_MS } from '../../../src/renderer/src/features/map/interpolation';
import type { LivePosition } from '../../../src/shared/ipc';

const fix = (assetId: number, lat: number, lon: number, course = 0): LivePosition => ({
  assetId,
  lat,
  lon,
  speed: 40,
  course,
  t: 0,
  state: 'moving',
  ignition: true,
});
const classify = (p: LivePosition): number => (p.speed > 0 ? 0 : 2);

describe('the fleet kept in typed arrays', () => {
  it('gives each asset one slot and knows the bounds of the fleet', () => {
    const f = new FleetPositions();
    expect(f.bounds()).toBeNull();
    f.apply([fix(7, 51.9, 4.4), fix(8, 52.1, 4.2)], false, 0, classify);
    f.apply([fix(7, 51.8, 4.5)], false, 0, classify);
    expect(f.count).toBe(2);
    expect(f.slot(8)).toBe(1);
    expect(f.slot(9)).toBeUndefined();
    expect(f.bounds()).toEqual([51.8, 4.2, 52.1, 4.5]);
  });

  it('starts a glide from where the asset is drawn at the moment the fix arrives', () => {
    const f = new FleetPositions();
    f.apply([fix(1, 0, 0, 350)], false, 0, classify);
    f.apply([fix(1, 0, 10, 10)], true, 1000, classify);
    expect(f.fx[0]).toBe(mercatorX(0));
    expect(f.tx[0]).toBe(mercatorX(10));
    // Halfway through the first glide a new fix arrives: the next glide starts from the halfway point.
    f.apply([fix(1, 0, 20, 10)], true, 1000 + MOVE_DURATION_MS / 2, classify);
    expect(f.fx[0]).toBeGreaterThan(mercatorX(5));
    expect(f.fx[0]).toBeLessThan(mercatorX(10));
    expect(f.fy[0]).toBeCloseTo(mercatorY(0), 12);
    expect(f.tx[0]).toBe(mercatorX(20));
    expect(f.t0[0]).toBe(1000 + MOVE_DURATION_MS / 2);
  });

  it('jumps without a glide when the fleet is replaced, and grows past its first thousand slots', () => {
    const f = new FleetPositions();
    const many = Array.from({ length: 3000 }, (_, i) => fix(i + 1, 50 + i / 1000, 4));
    f.apply(many, false, 0, classify);
    expect(f.count).toBe(3000);
    expect(f.ids[2999]).toBe(3000);
    expect(f.lat[2999]).toBeCloseTo(52.999, 9);
    f.apply([fix(3000, 10, 10)], false, 500, classify);
    expect(f.t0[2999]).toBe(-Infinity);
    expect(f.fx[2999]).toBe(f.tx[2999]);
    f.clear();
    expect(f.count).toBe(0);
    expect(f.slot(1)).toBeUndefined();
  });
});

describe('parked assets', () => {
  it('leave a glide that has ended alone when the same fix comes again, and take a new colour at once', () => {
    const f = new FleetPositions();
    f.apply([fix(1, 51.9, 4.4, 123.4)], false, 0, classify);
    f.apply([fix(1, 51.9, 4.4, 123.4)], true, 5000, classify);
    expect(f.t0[0]).toBe(-Infinity);
    f.apply([{ ...fix(1, 51.9, 4.4, 123.4), speed: 0 }], true, 6000, classify);
    expect(f.st[0]).toBe(2);
    expect(f.t0[0]).toBe(6000);
    expect(f.fx[0]).toBe(f.tx[0]);
    // Mid-glide the same fix does not restart it.
    f.apply([fix(1, 51.9, 4.5)], true, 10_000, classify);
    f.apply([fix(1, 51.9, 4.5)], true, 10_000 + MOVE_DURATION_MS / 2, classify);
    expect(f.t0[0]).toBe(10_000 + MOVE_DURATION_MS / 2);
    expect(f.fx[0]).toBeGreaterThan(mercatorX(4.4));
  });
});
