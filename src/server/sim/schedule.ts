import type { AssetSpec } from './assets';
import type { City, CityPlace } from './city';
import { breakHour, dutyHours, fillsItsHours } from './duty';
import { localDayStart, localInstant, weekdayOf } from './local-time';
import { buildProfile, type Profile, type VehicleDynamics } from './motion';
import { between, rng, unit } from './random';
import { type AssetModel, type CyclePlan, OFF, cycleFirstDay, cycleOf, stopTiming } from './rounds';
import { pointAt, type Route, type RoutePoint } from './route';

/**
 * One asset's local day as a gap-free list of segments: parked at the depot,
 * drives along routes, stops at customers and fuel stations, parked again.
 * Every day starts and ends parked at the depot, so days are independent.
 */
export interface DriveSeg {
  readonly kind: 'drive';
  readonly t0: number;
  readonly t1: number;
  readonly leg: number;
  readonly from: CityPlace;
  readonly to: CityPlace;
  readonly route: Route;
  readonly odo0: number;
  readonly fuel0: number;
  readonly litersPerKm: number;
  readonly maxSpeed: number;
}

export interface StopSeg {
  readonly kind: 'stop';
  readonly t0: number;
  readonly t1: number;
  /** Leg that arrived here (0 for the morning at the depot). */
  readonly leg: number;
  readonly place: CityPlace;
  readonly idleUntil: number;
  readonly idleLitersPerHour: number;
  readonly odo: number;
  readonly fuel0: number;
  readonly heading: number;
}

export type Segment = DriveSeg | StopSeg;

export interface DaySchedule {
  readonly assetId: number;
  readonly day: number;
  readonly start: number;
  readonly end: number;
  /** -1 for a day off. */
  readonly round: number;
  readonly segs: readonly Segment[];
  readonly odoStart: number;
  readonly fuelStart: number;
  /** Speed profiles by leg, built on first use. */
  readonly profiles: (Profile | undefined)[];
}

export interface ScheduleDeps {
  readonly seed: number;
  readonly city: City;
  route(a: CityPlace, b: CityPlace): Route;
  plan(model: AssetModel, cycle: number): CyclePlan;
}

const DYNAMICS: Readonly<Record<AssetSpec['kind'], Omit<VehicleDynamics, 'harshRate'>>> = {
  car: { accel: 5, decel: 5.5, topSpeed: 125 },
  van: { accel: 4, decel: 4.8, topSpeed: 110 },
  reefer: { accel: 3.6, decel: 4.5, topSpeed: 105 },
  truck: { accel: 2.6, decel: 3.8, topSpeed: 88 },
  equipment: { accel: 2.2, decel: 3.5, topSpeed: 38 },
};

export function dynamicsOf(seed: number, spec: AssetSpec): VehicleDynamics {
  // Driver style: most are calm, a few are responsible for most harsh events.
  const style = unit(seed, spec.id, 0x5717e);
  return { ...DYNAMICS[spec.kind], harshRate: style < 0.7 ? 0.002 : style < 0.93 ? 0.008 : 0.03 };
}

export const profileRng = (seed: number, assetId: number, day: number, leg: number): (() => number) =>
  rng(seed, assetId, day, leg, 0xd21e);

const wholeSecond = (t: number): number => Math.round(t / 1000) * 1000;

export interface DayStartCounters {
  readonly odo: number;
  readonly fuel: number;
  readonly round: number;
}

/** Delivery mileage of a new vehicle. */
const NEW_VEHICLE_KM = 12;

/**
 * Odometer (km), fuel counter (l) and round at the start of a local day: O(1).
 * Before it entered service the vehicle stands in the depot with its delivery mileage.
 */
export function countersAt(deps: ScheduleDeps, m: AssetModel, day: number): DayStartCounters {
  const cycle = cycleOf(day);
  if (cycle < m.firstCycle) return { odo: NEW_VEHICLE_KM, fuel: m.firstCycle * m.cycleFuel, round: OFF };
  const pos = day - cycleFirstDay(cycle);
  const plan = deps.plan(m, cycle);
  const odo = NEW_VEHICLE_KM + (cycle - m.firstCycle) * m.cycleKm + plan.km[pos]!;
  const fuel = cycle * m.cycleFuel + plan.fuel[pos]!;
  return { odo, fuel, round: plan.rounds[pos]! };
}

export function buildDay(deps: ScheduleDeps, m: AssetModel, day: number): DaySchedule {
  const { seed, city } = deps;
  const spec = m.spec;
  const start = localDayStart(day);
  const end = localDayStart(day + 1);
  const { odo: odoStart, fuel: fuelStart, round } = countersAt(deps, m, day);
  const depot = city.depots[spec.depot % city.depots.length]!;
  const park = (t0: number, t1: number, leg: number, odo: number, fuel: number): StopSeg => ({
    kind: 'stop',
    t0,
    t1,
    leg,
    place: depot,
    idleUntil: t0,
    idleLitersPerHour: m.idleLitersPerHour,
    odo,
    fuel0: fuel,
    heading: m.depotHeading,
  });
  if (round === OFF) {
    return {
      assetId: spec.id,
      day,
      start,
      end,
      round,
      segs: [park(start, end, 0, odoStart, fuelStart)],
      odoStart,
      fuelStart,
      profiles: [],
    };
  }
  const seq = m.places.subarray(m.start[round]!, m.start[round + 1]!);
  const dyn = dynamicsOf(seed, spec);
  const legs = seq.length - 1;
  const timings: { duration: number; maxSpeed: number }[] = [];
  const routes: Route[] = [];
  let driveS = 0;
  for (let i = 1; i <= legs; i++) {
    const route = deps.route(city.places[seq[i - 1]!]!, city.places[seq[i]!]!);
    const p = buildProfile(route.lengthKm, dyn, profileRng(seed, spec.id, day, i), true);
    timings.push({ duration: p.duration, maxSpeed: p.maxSpeed });
    routes.push(route);
    driveS += p.duration;
  }
  const stopS: number[] = [];
  const idleS: number[] = [];
  for (let i = 1; i < legs; i++) {
    const timing = stopTiming(seed, spec, round, i, city.places[seq[i]!]!);
    idleS.push(timing.idleS);
    const jitter = 0.7 + 0.6 * unit(seed, spec.id, day, i, 0x5709);
    stopS.push(Math.max(timing.idleS + 60, timing.baseS * jitter));
  }
  const weekend = weekdayOf(day) >= 5;
  const duty = spec.duty;
  let depart: number;
  let finish: number;
  if (fillsItsHours(duty)) {
    const hours = dutyHours(seed, spec.id, day, duty, weekend);
    depart = wholeSecond(localInstant(day, hours.from));
    finish = localInstant(day, hours.to);
  } else if (spec.roundTheClock) {
    depart = start + 5 * 60_000;
    finish = end - 10 * 60_000;
  } else {
    depart = wholeSecond(
      localInstant(day, (weekend ? 7.5 : 6) + between(0, 0.9, unit(seed, spec.id, day, 0xde9a))),
    );
    // Work expands to the shift: most rounds end back at the depot between 16:30 and 19:00.
    const shiftEnd = weekend
      ? 11.5 + 2 * unit(seed, spec.id, day, 0xde9b)
      : 16.5 + 2.4 * unit(seed, spec.id, day, 0xde9b);
    finish = localInstant(day, shiftEnd);
  }
  // Spread the spare time of the shift over the stops, in proportion to their typical length.
  const budget = (finish - depart) / 1000 - driveS;
  const minimum = stopS.map((s, i) => Math.max(idleS[i]! + 60, spec.roundTheClock ? 300 : s * 0.6));
  const spare = budget - minimum.reduce((a, b) => a + b, 0);
  const natural = stopS.map((s, i) => Math.max(minimum[i]!, s));
  const rest = budget - natural.reduce((a, b) => a + b, 0);
  if (rest >= 0 && duty === 'courier') {
    // A few minutes more at each door: deliveries go on through the day.
    natural.forEach((s, i) => (stopS[i] = s + rest / natural.length));
  } else if (rest >= 0 && duty === 'shifts') {
    // Stops keep their few minutes; the spare time is one break, at the first stop after the break hour.
    natural.forEach((s, i) => (stopS[i] = s));
    const breakAt = localInstant(day, breakHour(spec.dutyRank, day));
    let at = depart;
    let taken = stopS.length - 1;
    for (let i = 0; i < stopS.length; i++) {
      at += timings[i]!.duration * 1000;
      if (at >= breakAt) {
        taken = i;
        break;
      }
      at += stopS[i]! * 1000;
    }
    // No stop after the break hour (a break after midnight, or a quick day): the last one before home.
    if (taken >= 0) stopS[taken] = stopS[taken]! + rest;
  } else if (spare > 0) {
    const weights = stopS.map((s, i) =>
      city.places[seq[i + 1]!]!.kind === 'fuel' ? 0 : s * (0.5 + unit(seed, spec.id, day, i, 0xf111)),
    );
    const wsum = weights.reduce((a, b) => a + b, 0) || 1;
    minimum.forEach((s, i) => (stopS[i] = s + (spare * weights[i]!) / wsum));
  } else minimum.forEach((s, i) => (stopS[i] = s));
  const segs: Segment[] = [park(start, depart, 0, odoStart, fuelStart)];
  const lPerKm = spec.vehicle.litersPer100 / 100;
  const tmp: RoutePoint = { lat: 0, lon: 0, heading: 0, curvature: 0 };
  let t = depart;
  let odo = odoStart;
  let fuel = fuelStart;
  for (let i = 1; i <= legs; i++) {
    const p = timings[i - 1]!;
    const route = routes[i - 1]!;
    const t1 = t + Math.round(p.duration * 1000);
    segs.push({
      kind: 'drive',
      t0: t,
      t1,
      leg: i,
      from: city.places[seq[i - 1]!]!,
      to: city.places[seq[i]!]!,
      route,
      odo0: odo,
      fuel0: fuel,
      litersPerKm: lPerKm,
      maxSpeed: p.maxSpeed,
    });
    odo += route.lengthKm;
    fuel += route.lengthKm * lPerKm;
    t = t1;
    if (i < legs) {
      pointAt(route, route.lengthKm, tmp, route.cum.length - 2);
      const stop = Math.round(stopS[i - 1]! * 1000);
      segs.push({
        kind: 'stop',
        t0: t,
        t1: t + stop,
        leg: i,
        place: city.places[seq[i]!]!,
        idleUntil: t + Math.round(idleS[i - 1]! * 1000),
        idleLitersPerHour: m.idleLitersPerHour,
        odo,
        fuel0: fuel,
        heading: tmp.heading,
      });
      fuel += (idleS[i - 1]! / 3600) * m.idleLitersPerHour;
      t += stop;
    }
  }
  // A late round still ends parked before midnight (days must stay independent).
  const arrive = Math.min(t, end - 60_000);
  segs.push(park(arrive, end, legs, odo, fuel));
  return { assetId: spec.id, day, start, end, round, segs, odoStart, fuelStart, profiles: [] };
}
