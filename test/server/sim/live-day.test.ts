import { describe, expect, it } from 'vitest';
import type { SimCore } from '../../../src/server/sim/core';
import { createFleet } from '../../../src/server/sim/fleet';
import { localDay } from '../../../src/server/sim/local-time';

const MINUTE = 60_000;
// Monday 16 November 2026, 00:00 in Milan (CET, UTC+1).
const MONDAY = Date.UTC(2026, 10, 15, 23);
const SEED = 7;
const SIZE = 60;

/** The simulator's engine behind a fleet: what these tests check is how it holds a live day. */
const coreOf = (fleet: ReturnType<typeof createFleet>): SimCore =>
  (fleet as unknown as { core: SimCore }).core;

describe('a live day in the simulator', () => {
  const fleet = createFleet({ seed: SEED, size: SIZE });
  const shift = fleet.assets.find((a) => a.duty === 'shifts');
  if (!shift) throw new Error(`The fleet of ${SIZE} (seed ${SEED}) has no vehicle on shifts.`);
  const day = localDay(MONDAY);

  it('keeps at most two speed profiles of a shift vehicle driving all day, and history asks for that same day', () => {
    const core = coreOf(fleet);
    let mostProfiles = 0;
    let drives = 0;
    for (let t = MONDAY; t < MONDAY + 24 * 60 * MINUTE; t += 30_000) {
      if (fleet.sampleAt(shift.id, t).speed > 0) drives++;
      const live = core.day(shift.id, day);
      mostProfiles = Math.max(mostProfiles, live.profiles.filter((p) => p !== undefined).length);
    }
    const legs = core.day(shift.id, day).segs.filter((s) => s.kind === 'drive').length;
    expect(drives).toBeGreaterThan(100);
    expect(legs).toBeGreaterThan(20);
    expect(mostProfiles).toBeLessThanOrEqual(2);
    // The live day is the one a request for that day gets: not a second copy of it.
    expect(core.day(shift.id, day)).toBe(core.liveDay(shift.id, day));
  });

  it('gives the same history, samples and trips for a day the live feed sampled as a fleet that never did', () => {
    const fresh = createFleet({ seed: SEED, size: SIZE });
    const from = MONDAY + 6 * 60 * MINUTE;
    const to = MONDAY + 22 * 60 * MINUTE;
    expect(fleet.history(shift.id, from, to)).toEqual(fresh.history(shift.id, from, to));
    expect(fleet.trips(shift.id, MONDAY, MONDAY + 24 * 60 * MINUTE)).toEqual(
      fresh.trips(shift.id, MONDAY, MONDAY + 24 * 60 * MINUTE),
    );
    for (let t = from; t < to; t += 17 * MINUTE)
      expect(fleet.sampleAt(shift.id, t)).toEqual(fresh.sampleAt(shift.id, t));
  });
});
