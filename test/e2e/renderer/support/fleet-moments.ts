import { createFleet } from '../../../../src/server/sim/fleet';
import type { Fleet } from '../../../../src/server/sim/types';
import { localDay, localDayStart, weekdayOf } from '../../../../src/server/sim/local-time';
import { moment, SAMPLE_MS, throughout } from '../../../support/sim-moments';
import { REFILL_MATCH_WINDOW_MS } from '../../../../src/server/reports/content/refill-matching';

/**
 * The demo fleet keeps a working week in its city: at night, at weekends and
 * at many moments of a weekday, no vehicle of a small fleet is on the road.
 * The simulator is a pure function of (seed, asset, time), so a test asks it
 * — the same one the service runs — for a moment in which the fleet does what
 * the test needs, when the test needs it, and runs the service's clock there
 * (FleetdeskApp.runClockTo), instead of hoping the clock is kind.
 */
export const FLEET_SEED = 1;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** A whole week and a day: from a Friday evening the next traffic is on Monday morning. */
const LOOK_AHEAD_MS = 8 * DAY;
/** The e2e project's testTimeout and hookTimeout (vitest.config.ts): no test or hook runs longer. */
const TEST_LIMIT_MS = 2 * MINUTE;
/** How long what a test needs must last from the moment it is picked: the whole test, with room to spare. */
export const WHOLE_TEST_MS = TEST_LIMIT_MS + 3 * MINUTE;
/** The same from the start of a file of one test: its beforeAll (the app starting), then the test. */
export const HOOK_AND_TEST_MS = TEST_LIMIT_MS + WHOLE_TEST_MS;

export function simulatedFleet(size: number): Fleet {
  return createFleet({ seed: FLEET_SEED, size });
}

/** The first whole minute from `from` (or `from` itself) in the next eight days at which `holds`. */
function firstMoment(from: number, what: string, holds: (t: number) => boolean): number {
  if (holds(from)) return from;
  for (let t = Math.ceil(from / MINUTE) * MINUTE; t <= from + LOOK_AHEAD_MS; t += MINUTE)
    if (holds(t)) return t;
  throw new Error(
    `The simulated fleet has no moment between ${moment(from)} and ${moment(from + LOOK_AHEAD_MS)} when ${what}.`,
  );
}

/** A stretch with fewer fixes than this has too little track to replay and sum up. */
const MIN_STRETCH_FIXES = 10;

/** On the road and reporting: the marker moves on the live map. */
const drives = (fleet: Fleet, assetId: number, t: number): boolean =>
  fleet.sampleAt(assetId, t).speed > 0 && fleet.isOnline(assetId, t);

/**
 * The first moment from `from` at which an asset will drive, reporting, for `forMs` (a whole test by
 * default), and that asset.
 */
export function assetDriving(
  fleet: Fleet,
  from: number,
  forMs: number = WHOLE_TEST_MS,
): { at: number; assetId: number } {
  let assetId = 0;
  const at = firstMoment(
    from,
    `one of its ${fleet.assets.length} vehicles drives for ${forMs / MINUTE} minutes`,
    (t) => {
      // At every fix of the asset's own tracker (t % intervalMs === 0), from the one the map shows at t: a
      // 15 s tracker's two fixes at a traffic light are a 30 s stop that a 30 s grid can step over, and a
      // following map does not pan while it lasts.
      const found = fleet.assets.find((a) => {
        const step = Math.min(SAMPLE_MS, a.intervalMs);
        const shown = Math.floor(t / step) * step;
        return throughout(shown, forMs + t - shown, (s) => drives(fleet, a.id, s), step);
      });
      assetId = found?.id ?? 0;
      return found !== undefined;
    },
  );
  return { at, assetId };
}

/**
 * A moment at which the whole fleet stands parked, and a clock that stands still there (rate 0) so that
 * nothing moves on the map for as long as a test needs. The demo fleet works at every hour (shift work
 * by night, src/server/sim/duty.ts), so the only such moment is local midnight, when shift vehicles hand
 * over at their depots and every day worker is home: the first midnight from `from`.
 */
export function fleetAtRest(fleet: Fleet, from: number): { at: number; rate: 0 } {
  const parked = (t: number): boolean => fleet.assets.every((a) => fleet.sampleAt(a.id, t).speed === 0);
  return {
    at: firstMoment(
      from,
      `all of its ${fleet.assets.length} vehicles are parked at local midnight`,
      (t) => localMidnight(t) && parked(t),
    ),
    rate: 0,
  };
}

const localMidnight = (t: number): boolean => localDayStart(localDay(t)) === t;

/**
 * The next weekday night from `from` (23:00 to 23:59 in Milan, the simulation's city) at which at least
 * `share` of the fleet drives, reporting, at every fix of a 30 s tracker for `forMs`: the hour at which a
 * demo of day workers alone showed five still dots.
 */
export function weekdayNight(fleet: Fleet, from: number, share: number, forMs: number): { at: number } {
  const needed = Math.ceil(share * fleet.assets.length);
  const driving = (t: number): number =>
    fleet.assets.filter((a) => fleet.sampleAt(a.id, t).speed >= 5 && fleet.isOnline(a.id, t)).length;
  return {
    at: firstMoment(from, `${needed} of its vehicles drive on a weekday at 23:00`, (t) => {
      const day = localDay(t);
      const hour = (t - localDayStart(day)) / 3_600_000;
      if (hour < 23 || hour + forMs / 3_600_000 >= 24 || weekdayOf(day) >= 5) return false;
      return throughout(t, forMs, (u) => driving(u) >= needed);
    }),
  };
}

/**
 * The fleet as it is at the next whole minute at which `holds`, on a clock that stands still there
 * (rate 0): vehicles spread over the city, on the road and parked, none of them moving. Every tracker
 * reports on the whole minute (10, 15, 30 or 60 s), so each marker stands where the simulation has its
 * vehicle.
 */
export function fleetStill(
  fleet: Fleet,
  now: number,
  holds: (t: number) => boolean = () => true,
): { at: number; rate: 0 } {
  const from = Math.ceil(now / MINUTE) * MINUTE;
  return {
    at: firstMoment(from, `its ${fleet.assets.length} vehicles stand as the test needs`, holds),
    rate: 0,
  };
}

/**
 * A past stretch of `lengthMs` (whole minutes, ending at least `settleMs` before `now`) in the middle of
 * which one asset drives for a while: the history screen then has distance and speed to sum up.
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
    // Driving and reporting: a tracker that is silent while its vehicle drives leaves no fixes to sum up.
    const found = fleet.assets.find(
      (a) =>
        throughout(middle - 3 * MINUTE, 6 * MINUTE, (t) => drives(fleet, a.id, t)) &&
        fleet.history(a.id, end - lengthMs, end).length >= MIN_STRETCH_FIXES,
    );
    if (found) return { assetId: found.id, start: end - lengthMs, end };
  }
  throw new Error(
    `No vehicle of the simulated fleet drove, reporting, for six minutes in the eight days before ${moment(latestEnd)}.`,
  );
}

/** The asset with the most trips in [start, end), and how many: its trips report has rows. */
export function busiestAsset(fleet: Fleet, start: number, end: number): { assetId: number; trips: number } {
  let best = { assetId: 0, trips: 0 };
  for (const a of fleet.assets) {
    const trips = fleet.trips(a.id, start, end).filter((t) => t.end <= end).length;
    if (trips > best.trips) best = { assetId: a.id, trips };
  }
  if (best.trips === 0)
    throw new Error(
      `No vehicle of the simulated fleet made a whole trip between ${moment(start)} and ${moment(end)}.`,
    );
  return best;
}

/** The name the app shows for an asset of the simulated fleet. */
export function assetName(fleet: Fleet, assetId: number): string {
  const asset = fleet.asset(assetId);
  if (!asset)
    throw new Error(`The simulated fleet of ${fleet.assets.length} vehicles has no asset ${assetId}.`);
  return asset.name;
}

/**
 * Two minutes of driving, reporting, away from the range's ends: the test's fixes are the ones strictly
 * inside, and a tracker reporting every minute still sends some with speed there.
 */
function drivesInside(fleet: Fleet, assetId: number, start: number, end: number): boolean {
  for (let t = start + MINUTE; t + 3 * MINUTE <= end; t += MINUTE)
    if (throughout(t, 2 * MINUTE, (u) => drives(fleet, assetId, u))) return true;
  return false;
}

/**
 * A past stretch in which one asset's tracker falls silent for at least `silentMs` (the simulator's
 * offline gaps), with `marginMs` of reporting either side, no other silence in the range, and some
 * driving before or after it, inside the range (so the track goes somewhere); the range is on whole minutes and ends at
 * least `settleMs` before `now`.
 */
export function trackerSilence(
  fleet: Fleet,
  now: number,
  silentMs: number,
  marginMs: number,
  settleMs: number,
): { assetId: number; start: number; end: number; silentFrom: number; silentTo: number } {
  const latestEnd = Math.floor((now - settleMs) / MINUTE) * MINUTE;
  for (const a of fleet.assets) {
    const online = (t: number): boolean => fleet.isOnline(a.id, t);
    let silentTo = latestEnd - marginMs;
    while (silentTo > latestEnd - LOOK_AHEAD_MS) {
      if (online(silentTo) || !online(silentTo + MINUTE)) {
        silentTo -= MINUTE;
        continue;
      }
      // silentTo: the last silent whole minute before reports resume; walk back to where the silence began.
      let silentFrom = silentTo;
      while (!online(silentFrom - MINUTE)) silentFrom -= MINUTE;
      const start = silentFrom - marginMs;
      const end = silentTo + MINUTE + marginMs;
      if (
        silentTo + MINUTE - silentFrom >= silentMs &&
        end <= latestEnd &&
        throughout(start, silentFrom - MINUTE - start, online) &&
        throughout(silentTo + MINUTE, marginMs, online) &&
        drivesInside(fleet, a.id, start, end)
      )
        return { assetId: a.id, start, end, silentFrom, silentTo: silentTo + MINUTE };
      silentTo = silentFrom - MINUTE;
    }
  }
  throw new Error(
    `No tracker of the simulated fleet fell silent for ${silentMs / MINUTE} minutes in the eight days before ${moment(latestEnd)}.`,
  );
}

/**
 * Past whole minutes, at least an hour apart and between `now` − 20 h and `now` − 90 min, at which one of
 * the assets not in `except` had no refill by its tank sensor within the fuel report's matching window
 * (and a margin for the test's own minutes, the report's end included): refills entered there stay
 * "entered, not seen by the sensor", whatever the hour. The latest such moments first.
 */
export function refillsTheSensorDidNotSee(
  fleet: Fleet,
  now: number,
  count: number,
  except: readonly number[],
): { assetId: number; at: number[] } {
  const clear = REFILL_MATCH_WINDOW_MS + 15 * MINUTE;
  const latest = Math.floor((now - 90 * MINUTE) / MINUTE) * MINUTE;
  const earliest = now - 20 * 60 * MINUTE;
  for (const asset of fleet.assets) {
    if (except.includes(asset.id)) continue;
    const sensor = fleet
      .fuelEvents(asset.id, earliest - clear, now + clear)
      .filter((e) => e.kind === 'refill')
      .map((e) => e.t);
    const at: number[] = [];
    for (let t = latest; t >= earliest && at.length < count; t -= 30 * MINUTE)
      if (sensor.every((s) => Math.abs(s - t) > clear) && at.every((a) => a - t >= 60 * MINUTE)) at.push(t);
    if (at.length === count) return { assetId: asset.id, at };
  }
  throw new Error(
    `No vehicle of the simulated fleet goes without a sensor refill for ${count} hour-apart moments between ${moment(earliest)} and ${moment(now)}.`,
  );
}
