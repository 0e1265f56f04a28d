import { between, unit } from './random';
import type { AssetKind } from './types';

/**
 * What a vehicle's working day looks like (docs/interface-decisions.md "The simulated fleet"). A fleet of day
 * workers alone is parked at night, at weekends and, between long customer stops, most of a weekday:
 * a demo that shows five still dots at 23:00. So most road vehicles have work with short stops:
 * - `shifts`: taxis, security patrols, night couriers and buses, crewed by two drivers a day. Every day,
 *   from just after midnight to just before the next, with one long break by night whose hour differs
 *   from vehicle to vehicle, so that most of them are always on the road.
 * - `courier`: city deliveries by day, a few minutes at each door; Saturday mornings.
 * - `rounds`: reefers and some trucks and vans on customer rounds with long stops (a cold store,
 *   loading, a job on site), and every piece of site equipment.
 * - `round-the-clock`: a long-haul team vehicle (asset 1 always: the benches' 10 s tracker).
 */
export type Duty = 'shifts' | 'courier' | 'rounds' | 'round-the-clock';

/**
 * Duties by a road vehicle's rank among the fleet's road vehicles (reefers and equipment aside): fixed
 * shares, 60 % shifts and 40 % couriers, rather than draws, so that a small fleet is as lively as a
 * large one (at any hour a fifth of the fleet on the road; on a weekday from 08:00 to 18:00 half).
 */
// prettier-ignore
const DUTY_BY_RANK: readonly Duty[] = [
  'shifts', 'courier', 'shifts', 'courier', 'shifts', 'courier', 'shifts', 'courier', 'shifts', 'shifts',
  'courier', 'shifts', 'courier', 'shifts', 'shifts', 'shifts', 'courier', 'shifts', 'courier', 'shifts',
];

export function dutyOfRoadVehicle(rank: number): Duty {
  return DUTY_BY_RANK[rank % DUTY_BY_RANK.length]!;
}

/** Assigns each vehicle its duty and its rank among the vehicles of that duty, in fleet order. */
export function dutyRoster(): (vehicle: { roundTheClock: boolean; kind: string }) => {
  duty: Duty;
  dutyRank: number;
} {
  let roadVehicles = 0;
  const ranks = new Map<Duty, number>();
  return ({ roundTheClock, kind }) => {
    // A reefer's stops are long (a door open at a cold store), and a backhoe works one site by day.
    const duty: Duty = roundTheClock
      ? 'round-the-clock'
      : kind === 'equipment' || kind === 'reefer'
        ? 'rounds'
        : dutyOfRoadVehicle(roadVehicles++);
    const dutyRank = ranks.get(duty) ?? 0;
    ranks.set(duty, dutyRank + 1);
    return { duty, dutyRank };
  };
}

/** Duties of short stops, whose rounds are filled to their working hours rather than stretched to them. */
export const fillsItsHours = (duty: Duty): duty is 'shifts' | 'courier' =>
  duty === 'shifts' || duty === 'courier';

/**
 * Speed at which a round is planned, by kind: a little below what the profiles of motion.ts average in
 * the city (lights and junctions included: measured 36.5 km/h for a truck to 38.5 for a car), so that
 * a slow day still ends at the depot before midnight.
 */
export const PLANNING_KMH: Readonly<Record<AssetKind, number>> = {
  car: 37.2,
  van: 36.6,
  reefer: 36.3,
  truck: 35.3,
  equipment: 27,
};

/** Seconds a round of `duty` may plan to work (drives at PLANNING_KMH, and stops) on a day of `kind`. */
export function plannedWorkS(duty: 'shifts' | 'courier', kind: 'weekday' | 'saturday' | 'sunday'): number {
  if (duty === 'shifts') return 23.3 * 3600;
  return kind === 'weekday' ? 12.5 * 3600 : kind === 'saturday' ? 5 * 3600 : 0;
}

/** Local hours at which a day of `duty` starts and ends, on a weekday or at the weekend. */
export function dutyHours(
  seed: number,
  assetId: number,
  day: number,
  duty: 'shifts' | 'courier',
  weekend: boolean,
): { from: number; to: number } {
  // Two drivers hand over at the depot around midnight (days are independent: each starts and ends there).
  if (duty === 'shifts') {
    // At least the minute the day's last park is kept to (schedule.ts), at most three.
    const handover = between(1.5, 3, unit(seed, assetId, day, 0x4a0d)) / 60;
    return { from: handover, to: 24 - handover };
  }
  const from = (weekend ? 7.75 : 6.75) + between(0, 0.5, unit(seed, assetId, day, 0xde9a));
  return { from, to: weekend ? 14 : 19.75 };
}

/**
 * Local hour from which a shift vehicle takes its break (at the first stop reached after it): by night,
 * when fewer vehicles are needed, spaced by the vehicle's rank among the shift vehicles (a golden-ratio
 * sequence: even for any fleet size) so that breaks never bunch up.
 */
export function breakHour(rank: number, day: number): number {
  const spread = (((rank * 0.618034 + day * 0.17) % 1) + 1) % 1;
  return (19 + 10 * spread) % 24;
}

const SHORT_STOP_S = [30, 100] as const;
export const SHORT_STOP_MEAN_S = (SHORT_STOP_S[0] + SHORT_STOP_S[1]) / 2;

/** A short-stop duty's stop at a customer: a drop-off, a pick-up, a patrol check. */
export function shortStopS(r: () => number): { idleS: number; baseS: number } {
  const baseS = between(SHORT_STOP_S[0], SHORT_STOP_S[1], r());
  return { idleS: r() < 0.3 ? between(20, 80, r()) : 0, baseS };
}
