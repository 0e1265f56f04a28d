import { describe, expect, it } from 'vitest';
import {
  assetDriving,
  busiestAsset,
  drivingStretch,
  fleetAtRest,
  simulatedFleet,
  WHOLE_TEST_MS,
} from './support/fleet-moments';

// The e2e tests start whenever CI happens to run them: Friday evening, Sunday night, lunchtime, and each
// test asks for its moment when it starts. These checks ask from every three hours of a week, and at
// 22:53 on a Wednesday (a CI run once found no vehicle to follow then), as scripts/clock-sweep.sh runs them.
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK_START = Date.parse('2026-11-16T00:00:00Z'); // a Monday
const E2E_FLEET_SIZE = 20;
const starts = [
  ...Array.from({ length: (7 * DAY) / (3 * HOUR) }, (_, i) => WEEK_START + i * 3 * HOUR),
  Date.parse('2026-11-18T22:53:00Z'),
  // Wed 18:00 to 18:05: a 15 s tracker stood at a traffic stop for two fixes at 18:05:45-18:06:10, between
  // two 30 s samples, and the map that followed it did not pan (clock sweep, Wed 18:00).
  ...Array.from({ length: 11 }, (_, i) => Date.parse('2026-11-18T18:00:00Z') + i * 30_000),
];

describe('moments the e2e tests run the service clock to', () => {
  const fleet = simulatedFleet(E2E_FLEET_SIZE);

  it('from any start, a moment when a vehicle drives, reporting, all through a test', () => {
    for (const now of starts) {
      const { at, assetId } = assetDriving(fleet, now);
      expect(at).toBeGreaterThanOrEqual(now);
      // At every fix of its own tracker, from the one shown at `at` (between two, it may wait at a junction).
      const interval = fleet.asset(assetId)!.intervalMs;
      const step = Math.min(30_000, interval);
      for (let t = Math.floor(at / step) * step; t <= at + WHOLE_TEST_MS; t += step) {
        expect(fleet.sampleAt(assetId, t).speed).toBeGreaterThan(0);
        expect(fleet.isOnline(assetId, t)).toBe(true);
      }
    }
  });

  it('from any start, a moment when the whole fleet stands parked, on a clock that stands still there', () => {
    for (const now of starts) {
      const { at, rate } = fleetAtRest(fleet, now);
      expect(at).toBeGreaterThanOrEqual(now);
      expect(at - now).toBeLessThanOrEqual(DAY);
      expect(rate).toBe(0);
      expect(fleet.assets.filter((a) => fleet.sampleAt(a.id, at).speed > 0)).toEqual([]);
    }
  });

  it('from any start, a past half hour with driving in it, and three past days with whole trips', () => {
    for (const now of starts) {
      const stretch = drivingStretch(fleet, now, 30 * 60_000, 5 * 60_000);
      expect(stretch.end).toBeLessThanOrEqual(now - 5 * 60_000);
      expect(stretch.end - stretch.start).toBe(30 * 60_000);
      const today = Math.floor(now / DAY) * DAY;
      expect(busiestAsset(fleet, today - 3 * DAY, today).trips).toBeGreaterThan(0);
    }
  });

  it('says when and what it looked for when no moment has it', () => {
    const wednesday = Date.parse('2026-11-18T22:53:00Z');
    expect(() => assetDriving(fleet, wednesday, 2 * DAY)).toThrow(
      'The simulated fleet has no moment between Wed 18 Nov 2026 22:53 UTC and Thu 26 Nov 2026 22:53 UTC ' +
        'when one of its 20 vehicles drives for 2880 minutes.',
    );
    expect(() => busiestAsset(fleet, wednesday, wednesday + 60_000)).toThrow(
      'No vehicle of the simulated fleet made a whole trip between Wed 18 Nov 2026 22:53 UTC and Wed 18 Nov 2026 22:54 UTC.',
    );
  });
});
