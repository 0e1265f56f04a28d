import { describe, expect, it } from 'vitest';
import { SimCore } from '../../../src/server/sim/core';
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
    fleet.sampleAt(shift.id, MONDAY);
    const held = core.day(shift.id, day);
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
    expect(core.day(shift.id, day)).toBe(held);
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

describe('the day each asset is read forward through', () => {
  const day = localDay(MONDAY);

  it('is held apart from the cache, so a fleet larger than the cache does not rebuild every day at every tick', () => {
    // The alarm engine's pattern with no one on the live channel: every asset's today, tick after tick.
    const core = new SimCore(SEED, SIZE, 4);
    const first = core.assets.map((a) => core.day(a.id, day));
    const second = core.assets.map((a) => core.day(a.id, day));
    second.forEach((d, i) => expect(d).toBe(first[i]));
    // An older day (history, yesterday) comes from the cache and leaves the held one in place.
    const yesterday = core.day(1, day - 1);
    expect(yesterday.day).toBe(day - 1);
    expect(core.day(1, day)).toBe(first[0]);
    // A newer day takes its place; the day it replaces is still answered, the same day built again.
    const tomorrow = core.day(1, day + 1);
    expect(core.day(1, day + 1)).toBe(tomorrow);
    expect(core.day(1, day).segs).toEqual(first[0]!.segs);
  });

  it("keeps at most two speed profiles when read in the alarm engine's windows alone, and reads the same", () => {
    const fleet = createFleet({ seed: SEED, size: SIZE });
    const fresh = createFleet({ seed: SEED, size: SIZE });
    const shift = fleet.assets.find((a) => a.duty === 'shifts')!;
    const core = coreOf(fleet);
    let mostProfiles = 0;
    let samples = 0;
    let harsh = 0;
    for (let t = MONDAY; t < MONDAY + 24 * 60 * MINUTE; t += 30_000) {
      fleet.forEachSample(shift.id, t, t + 29_999, () => samples++);
      harsh += fleet.incidents(shift.id, t, t + 29_999).filter((i) => i.kind === 'harsh_driving').length;
      mostProfiles = Math.max(
        mostProfiles,
        core.day(shift.id, day).profiles.filter((p) => p !== undefined).length,
      );
    }
    expect(samples).toBeGreaterThan(1000);
    expect(mostProfiles).toBeLessThanOrEqual(2);
    // Window by window, the same incidents as one read of the whole day by a fleet that held nothing.
    const whole = fresh.incidents(shift.id, MONDAY, MONDAY + 24 * 60 * MINUTE - 1);
    expect(harsh).toBe(whole.filter((i) => i.kind === 'harsh_driving').length);
    expect(harsh).toBeGreaterThan(0);
  });
});
