import { createFleet } from '../../../../src/server/sim/fleet';
import type { Fleet } from '../../../../src/server/sim/types';

/**
 * The demo fleet keeps a working day in its city: at night, and at many
 * moments of the day, no vehicle of a small fleet is on the road. The
 * simulator is a pure function of (seed, asset, time), so the tests ask it —
 * the same one the service runs — which moments and assets have something to
 * show, instead of hoping the clock is kind.
 */
export const FLEET_SEED = 1;

const MINUTE = 60_000;
/** Long enough for a test that follows one vehicle. */
const FOLLOW_MS = 2 * MINUTE;
/**
 * Long enough for a whole test file that watches the fleet move, including the
 * offline test's stop, wait and restart of the service: at lunchtime a 20-asset
 * fleet has one or two vehicles on the road, a few minutes at a time.
 */
const BUSY_MS = 10 * MINUTE;
const BUSY_VEHICLES = 2;
const FIX_MS = 30_000;
const STEP_MS = 15 * MINUTE;
/** A whole week and a day: from a Friday evening the next busy moment is on Monday. */
const LOOK_AHEAD_MS = 8 * 24 * 60 * MINUTE;

export function simulatedFleet(size: number): Fleet {
  return createFleet({ seed: FLEET_SEED, size });
}

const drivesThrough = (fleet: Fleet, assetId: number, from: number, to: number): boolean => {
  for (let t = from; t <= to; t += FIX_MS) if (!(fleet.sampleAt(assetId, t).speed > 0)) return false;
  return true;
};

/** Assets on the road for the whole of [at, at + FOLLOW_MS]. */
export function assetsDrivingAt(fleet: Fleet, at: number): number[] {
  return fleet.assets.filter((a) => drivesThrough(fleet, a.id, at, at + FOLLOW_MS)).map((a) => a.id);
}

/** All through [at, at + BUSY_MS]: two vehicles on the road, and one that stays on it long enough to follow. */
const busyFrom = (fleet: Fleet, at: number): boolean => {
  for (let t = at; t <= at + BUSY_MS; t += FIX_MS) {
    const moving = fleet.assets.filter((a) => fleet.sampleAt(a.id, t).speed > 0).length;
    if (moving < BUSY_VEHICLES || assetsDrivingAt(fleet, t).length === 0) return false;
  }
  return true;
};

/**
 * How far ahead of the wall clock the service's own clock must run (spec:
 * startLocalService's `now`) for the fleet to be busy all through a test
 * file (busyFrom): 0 whenever the present already has them, which for a
 * 20-asset fleet is only a few busy stretches of a working day.
 */
export function busyClockOffset(fleet: Fleet, now: number): number {
  for (let offset = 0; offset <= LOOK_AHEAD_MS; offset += STEP_MS)
    if (busyFrom(fleet, now + offset)) return offset;
  throw new Error('The simulated fleet is never busy for ten minutes in the next eight days.');
}

/**
 * A past stretch of `lengthMs` (whole minutes, ending at least `settleMs`
 * before `now`) in which one asset drives for a while: the history screen
 * then has distance and speed to sum up.
 */
export function drivingStretch(
  fleet: Fleet,
  now: number,
  lengthMs: number,
  settleMs: number,
): { assetId: number; start: number; end: number } {
  const latestEnd = Math.floor((now - settleMs) / MINUTE) * MINUTE;
  for (let end = latestEnd; end > latestEnd - LOOK_AHEAD_MS; end -= MINUTE) {
    const middle = end - lengthMs / 2;
    const found = fleet.assets.find((a) =>
      drivesThrough(fleet, a.id, middle - 3 * MINUTE, middle + 3 * MINUTE),
    );
    if (found) return { assetId: found.id, start: end - lengthMs, end };
  }
  throw new Error('No asset of the simulated fleet drove in the last eight days.');
}

/** The asset with the most trips in [start, end]: its trips report has rows. */
export function busiestAsset(fleet: Fleet, start: number, end: number): number {
  let best = fleet.assets[0]!.id;
  let most = -1;
  for (const a of fleet.assets) {
    const trips = fleet.trips(a.id, start, end).length;
    if (trips > most) [best, most] = [a.id, trips];
  }
  return best;
}
