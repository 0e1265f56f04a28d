import { describe, expect, it } from 'vitest';
import { assetsDrivingAt, busyClockOffset, drivingStretch, simulatedFleet } from './support/fleet-moments';

// The e2e files start whenever CI happens to run them: Friday evening, Sunday
// night, lunchtime. These checks walk a whole week so that no start moment
// leaves a file without traffic to watch (a Friday-evening CI run once did).
const HOUR = 3_600_000;
const WEEK_START = Date.parse('2026-11-16T00:00:00Z'); // a Monday
const WEEK = 7 * 24 * HOUR;
const E2E_FLEET_SIZE = 20;

describe('moments the e2e tests watch', () => {
  const fleet = simulatedFleet(E2E_FLEET_SIZE);

  it('finds a busy moment from every quarter hour of a week, at most two and a half days ahead', () => {
    const offsets: number[] = [];
    for (let now = WEEK_START; now < WEEK_START + WEEK; now += HOUR / 4) {
      const offset = busyClockOffset(fleet, now);
      expect(assetsDrivingAt(fleet, now + offset).length).toBeGreaterThan(0);
      offsets.push(offset);
    }
    expect(Math.max(...offsets)).toBeLessThanOrEqual(60.5 * HOUR);
    expect(offsets).toContain(0);
  });

  it('finds a past driving stretch from every two hours of a week', () => {
    for (let now = WEEK_START; now < WEEK_START + WEEK; now += 2 * HOUR) {
      const stretch = drivingStretch(fleet, now, 30 * 60_000, 5 * 60_000);
      expect(stretch.end).toBeLessThanOrEqual(now - 5 * 60_000);
      expect(stretch.end - stretch.start).toBe(30 * 60_000);
    }
  });
});
