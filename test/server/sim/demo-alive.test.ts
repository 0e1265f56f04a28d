import { describe, expect, it } from 'vitest';
import { createFleet } from '../../../src/server/sim/fleet';
import { localDay, localDayStart } from '../../../src/server/sim/local-time';
import { localServiceOptionsSchema } from '../../../src/server/options';
import type { Fleet } from '../../../src/server/sim/types';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Monday 23 November 2026, 00:00 in Milan (CET): four whole weeks from here. */
const MONDAY = Date.UTC(2026, 10, 22, 23);
const WEEKS = 4;
/** As finely as an operator glancing at the map would notice a change. */
const STEP = 5 * MINUTE;
/** Shift vehicles hand over at their depots up to three minutes either side of midnight (duty.ts). */
const HANDOVER = 3 * MINUTE;

/** For each instant from MONDAY at STEP: the share of the fleet on a trip (driving or waiting at a light). */
function onTheRoad(fleet: Fleet): { t: number; share: number }[] {
  const end = MONDAY + WEEKS * 7 * DAY;
  const trips = fleet.assets.map((a) => fleet.trips(a.id, MONDAY, end));
  const next = trips.map(() => 0);
  const out: { t: number; share: number }[] = [];
  for (let t = MONDAY; t < end; t += STEP) {
    let n = 0;
    trips.forEach((list, i) => {
      while (next[i]! < list.length && list[next[i]!]!.end <= t) next[i]!++;
      const trip = list[next[i]!];
      if (trip && trip.start <= t) n++;
    });
    out.push({ t, share: n / fleet.assets.length });
  }
  return out;
}

const localHour = (t: number): number => (t - localDayStart(localDay(t))) / 3_600_000;
const weekday = (t: number): boolean => (localDay(t) - localDay(MONDAY)) % 7 < 5;
const nearMidnight = (t: number): boolean => {
  const h = localHour(t);
  return h * 60 < HANDOVER / MINUTE || (24 - h) * 60 <= HANDOVER / MINUTE;
};
const lowest = (xs: { t: number; share: number }[]): { t: number; share: number } =>
  xs.reduce((a, b) => (b.share < a.share ? b : a));

describe('the demo fleet is alive at every hour', () => {
  const demo = localServiceOptionsSchema.parse({});
  const fleet = createFleet({ seed: demo.seed, size: demo.fleetSize });
  const shares = onTheRoad(fleet);

  it('has a fifth of its vehicles on the road at any hour, every day of four weeks (shift work: taxis, patrols, night couriers)', () => {
    const worst = lowest(shares.filter((s) => !nearMidnight(s.t)));
    expect(worst.share, new Date(worst.t).toISOString()).toBeGreaterThanOrEqual(0.2);
  });

  it('has half of them on the road on a weekday between 08:00 and 18:00', () => {
    const worst = lowest(shares.filter((s) => weekday(s.t) && localHour(s.t) >= 8 && localHour(s.t) < 18));
    expect(worst.share, new Date(worst.t).toISOString()).toBeGreaterThanOrEqual(0.5);
  });

  it('keeps the work that stops: site equipment works by day and every duty has vehicles in a fleet of 20', () => {
    const small = createFleet({ seed: demo.seed, size: 20 });
    expect(new Set(small.assets.map((a) => a.duty))).toEqual(
      new Set(['round-the-clock', 'shifts', 'courier', 'rounds']),
    );
    for (const a of fleet.assets.filter((x) => x.kind === 'equipment')) {
      expect(a.duty).toBe('rounds');
      const night = fleet.sampleAt(a.id, MONDAY + 3 * 3_600_000);
      expect(night.speed).toBe(0);
    }
  });
});
