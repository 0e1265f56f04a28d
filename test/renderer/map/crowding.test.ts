import { describe, expect, it } from 'vitest';
import { Crowding, fixesIn } from '../../../src/renderer/src/features/map/crowding';
import { FleetPositions } from '../../../src/renderer/src/features/map/fleet-positions';
import { mercatorX, mercatorY } from '../../../src/renderer/src/features/map/interpolation';
import { parkedFix as fix } from '../support/parked-fix';

describe('how crowded a view is', () => {
  it('counts the fixes inside a rectangle of the unit square, its edges included', () => {
    const f = new FleetPositions();
    f.apply([fix(1, 52, 5), fix(2, 52.1, 5.1), fix(3, 48, 2), fix(4, 52.2, 5.2)], false, 0, () => 0);
    const [x0, y0] = [mercatorX(5), mercatorY(52.2)];
    const [x1, y1] = [mercatorX(5.2), mercatorY(52)];
    expect(fixesIn(f, { x0, y0, x1, y1 })).toBe(3);
    expect(fixesIn(f, { x0, y0, x1: mercatorX(5.15), y1 })).toBe(2);
    expect(fixesIn(f, { x0: 0, y0: 0, x1: 1, y1: 1 })).toBe(4);
    expect(fixesIn(new FleetPositions(), { x0: 0, y0: 0, x1: 1, y1: 1 })).toBe(0);
  });

  it('is crowded past one fix a 32 px square, and clears only below four fifths of that', () => {
    const crowding = new Crowding();
    // 640 × 320 px holds 200 squares of 32 px.
    expect(crowding.judge(200, 640, 320)).toBe(false);
    expect(crowding.judge(201, 640, 320)).toBe(true);
    // Hysteresis: a view hovering at the limit does not flicker between clusters and markers.
    expect(crowding.judge(180, 640, 320)).toBe(true);
    expect(crowding.judge(160, 640, 320)).toBe(true);
    expect(crowding.judge(159, 640, 320)).toBe(false);
    expect(crowding.judge(180, 640, 320)).toBe(false);
    // A larger view holds more before it is crowded.
    expect(crowding.judge(201, 1280, 640)).toBe(false);
  });

  it('counts a view again when it moves, and for new fixes at most every half second', () => {
    const f = new FleetPositions();
    // Two vehicles in a view of 64 × 32 px (two 32 px squares): at the limit, not over it.
    f.apply([fix(1, 52, 5), fix(2, 52.001, 5.001)], false, 0, () => 0);
    const view = {
      x0: mercatorX(4.99),
      y0: mercatorY(52.01),
      x1: mercatorX(5.01),
      y1: mercatorY(51.99),
      width: 64,
      height: 32,
    };
    const crowding = new Crowding();
    expect(crowding.assess(f, 1, view, 1000)).toBe(false);
    // A third arrives: within the half second the count stands, after it the view is crowded.
    f.apply([fix(3, 52.002, 5)], false, 0, () => 0);
    expect(crowding.assess(f, 2, view, 1400)).toBe(false);
    expect(crowding.assess(f, 2, view, 1500)).toBe(true);
    // The view moves off them: counted at once, whatever the time.
    const away = { ...view, x0: mercatorX(6), x1: mercatorX(6.02) };
    expect(crowding.assess(f, 2, away, 1501)).toBe(false);
  });
});
