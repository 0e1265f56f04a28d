import { describe, expect, it } from 'vitest';
import { FleetPositions } from '../../../src/renderer/src/features/map/fleet-positions';
import { mercatorX, mercatorY, MOVE_DURATION_MS } from '../../../src/renderer/src/features/map/interpolation';
import { MarkerFrame } from '../../../src/renderer/src/features/map/marker-frame';
import type { LivePosition } from '../../../src/shared/ipc';

const scale = 256 * 2 ** 12;
/** 800×600 around Rotterdam at zoom 12 (about 24 m per pixel). */
const view = {
  scale,
  ox: mercatorX(4.4) * scale - 400,
  oy: mercatorY(51.9) * scale - 300,
  width: 800,
  height: 600,
  dpr: 1,
};
const fix = (assetId: number, lat: number, lon: number, speed = 40, course = 90): LivePosition => ({
  assetId,
  lat,
  lon,
  speed,
  course,
  t: 0,
  state: speed > 0 ? 'moving' : 'stopped',
  ignition: speed > 0,
});
const classify = (p: LivePosition): number => (p.speed > 0 ? 0 : 2);

function fleet(): FleetPositions {
  const f = new FleetPositions();
  f.apply([fix(1, 51.9, 4.4), fix(2, 51.91, 4.41, 0), fix(3, 40, 4.4)], false, 0, classify);
  return f;
}

describe('placing the fleet for a frame', () => {
  it('places the assets in view and says when nothing would change', () => {
    const f = fleet();
    const m = new MarkerFrame();
    expect(m.locate(f, 100, view)).toBe(true);
    expect(m.sx[0]).toBeCloseTo(400, 3);
    expect(m.sy[0]).toBeCloseTo(300, 3);
    expect(Number.isNaN(m.sx[2])).toBe(true);
    expect(m.locate(f, 116, view)).toBe(false);
  });

  it('follows a glide whole pixel by whole pixel, and comes to rest', () => {
    const f = fleet();
    const m = new MarkerFrame();
    m.locate(f, 100, view);
    // About 240 m east: ten pixels to glide over a second.
    f.apply([fix(1, 51.9, 4.4035)], true, 200, classify);
    expect(m.locate(f, 200, view)).toBe(false);
    expect(m.locate(f, 200 + MOVE_DURATION_MS / 4, view)).toBe(true);
    const quarter = m.sx[0]!;
    expect(quarter).toBeGreaterThan(401);
    expect(m.locate(f, 200 + MOVE_DURATION_MS, view)).toBe(true);
    expect(m.sx[0]).toBeGreaterThan(quarter);
    expect(m.locate(f, 200 + 2 * MOVE_DURATION_MS, view)).toBe(false);
    expect(m.locate(f, 200 + 3 * MOVE_DURATION_MS, view)).toBe(false);
  });

  it('notices a parked asset that changes colour in place, a new asset, and a new view', () => {
    const f = fleet();
    const m = new MarkerFrame();
    m.locate(f, 100, view);
    m.locate(f, 5000, view);
    f.apply([fix(2, 51.91, 4.41, 0)], true, 5100, classify);
    expect(m.locate(f, 5200, view)).toBe(false);
    f.apply([{ ...fix(2, 51.91, 4.41, 0), state: 'moving', ignition: true, speed: 0.5 }], true, 5300, (p) =>
      p.ignition ? 1 : 2,
    );
    expect(m.locate(f, 5400, view)).toBe(true);
    f.apply([fix(9, 51.89, 4.39)], true, 5500, classify);
    expect(m.locate(f, 5600, view)).toBe(true);
    expect(m.count).toBe(4);
    expect(m.sx[3]).toBeLessThan(400);
    expect(m.locate(f, 5700, { ...view, ox: view.ox + 10 })).toBe(true);
    expect(m.sx[0]).toBeCloseTo(390, 3);
  });
});

describe('placing the fleet on a canvas that moved (a pan reaching its edge)', () => {
  it('moves every marker with it and redraws the frame', () => {
    const f = fleet();
    const m = new MarkerFrame();
    m.locate(f, 100, view);
    const [qx, qy] = [m.qx[0]!, m.qy[0]!];
    // 40 device pixels right, 3 up, at dpr 1: the same markers, 40 further left on the canvas.
    expect(m.locate(f, 116, { ...view, ox: view.ox + 40, oy: view.oy - 3 })).toBe(true);
    expect([m.qx[0], m.qy[0]]).toEqual([qx - 40, qy + 3]);
    expect(m.sx[0]).toBeCloseTo(360, 3);
    expect(m.locate(f, 132, { ...view, ox: view.ox + 40, oy: view.oy - 3 })).toBe(false);
  });

  it('places again from scratch a view that is not a whole-pixel move', () => {
    const f = fleet();
    const m = new MarkerFrame();
    m.locate(f, 100, view);
    expect(m.locate(f, 116, { ...view, ox: view.ox + 0.5 })).toBe(true);
    expect(m.sx[0]).toBeCloseTo(399.5, 3);
    expect(m.locate(f, 132, { ...view, ox: view.ox + 0.5, scale: scale * 2 })).toBe(true);
  });

  it('draws a fanned vehicle at its offset from its fix, and back on it once folded', () => {
    const f = fleet();
    const m = new MarkerFrame();
    m.locate(f, 100, view);
    m.setFan([0], [[30, -40]]);
    expect(m.locate(f, 116, view)).toBe(true);
    expect(m.sx[0]).toBeCloseTo(430, 3);
    expect(m.sy[0]).toBeCloseTo(260, 3);
    m.setFan([0], []);
    m.locate(f, 132, view);
    expect(m.sx[0]).toBeCloseTo(400, 3);
    expect(m.sy[0]).toBeCloseTo(300, 3);
  });
});

describe('what a frame hands its painter', () => {
  const slots = (changes: Int32Array): number[] => Array.from(changes).filter((_, k) => k % 4 === 0);

  it('hands every drawn marker with a new view, then only the markers that landed elsewhere', () => {
    const f = fleet();
    const m = new MarkerFrame();
    m.locate(f, 100, view);
    const first = m.takeDelta(view);
    expect(first).toMatchObject({ width: 800, height: 600, dpr: 1, count: 3, fresh: true, moveBy: null });
    // Assets 1 and 2 are in view; 3 (latitude 40) is not.
    expect(slots(first.changes)).toEqual([0, 1]);
    expect(Array.from(first.changes.subarray(0, 4))).toEqual([0, 400, 300, (0 << 8) | 9]);

    f.apply([fix(2, 51.91, 4.4035, 0)], true, 200, classify);
    m.locate(f, 200 + MOVE_DURATION_MS, view);
    const next = m.takeDelta(view);
    expect(next.fresh).toBe(false);
    expect(slots(next.changes)).toEqual([1]);
    expect(m.takeDelta(view).changes.length).toBe(0);
  });

  it('keeps what changed over frames not yet handed, and how far the canvas moved in whole device pixels', () => {
    const f = fleet();
    const m = new MarkerFrame();
    m.locate(f, 100, view);
    m.takeDelta(view);
    m.locate(f, 116, { ...view, ox: view.ox + 3 });
    m.locate(f, 132, { ...view, ox: view.ox + 5, oy: view.oy - 2 });
    const delta = m.takeDelta(view);
    expect(delta.moveBy).toEqual([5, -2]);
    expect(delta.fresh).toBe(false);
    // The markers stayed on the map: on the canvas they moved the other way, and nothing else changed.
    expect(delta.changes.length).toBe(0);
    expect(m.qx[0]).toBe(395);
  });

  it('starts afresh after invalidate()', () => {
    const f = fleet();
    const m = new MarkerFrame();
    m.locate(f, 100, view);
    m.takeDelta(view);
    m.invalidate();
    m.locate(f, 116, view);
    const delta = m.takeDelta(view);
    expect(delta.fresh).toBe(true);
    expect(slots(delta.changes)).toEqual([0, 1]);
  });
});
