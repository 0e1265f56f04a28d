import type { AssetSpec } from './assets';
import type { City, CityPlace } from './city';
import { distanceKm } from './city';
import { fillsItsHours, plannedWorkS, PLANNING_KMH, SHORT_STOP_MEAN_S, shortStopS } from './duty';
import { between, rng } from './random';

/**
 * An asset's working rounds: fixed place sequences (depot → customers → fuel
 * station → depot). Each 28-day cycle uses the same multiset of rounds in a
 * per-cycle shuffled order, so a cycle always drives the same distance and
 * burns the same fuel: odometer and fuel counter at any date are closed
 * form (whole cycles × cycle total + a prefix of ≤ 27 days).
 */
export const CYCLE_DAYS = 28;
/** 1970-01-05, a Monday: cycles start on Mondays so weekdays line up. */
const EPOCH_MONDAY = 4;
export const OFF = -1;

export interface AssetModel {
  readonly spec: AssetSpec;
  /** Place indices of every round, concatenated; round r is places[start[r] .. start[r+1]). */
  readonly places: Int16Array;
  readonly start: Int16Array;
  readonly roundKm: Float64Array;
  readonly roundFuel: Float64Array;
  /** Each round's fuel-station stops, with the litres burnt in the round on arrival (fuel.ts). */
  readonly fuelStops: readonly (readonly FuelStopAt[])[];
  /** Round index for each day type in a cycle before the shuffle: 28 entries. */
  readonly weekdayPool: Int8Array;
  readonly saturdayPool: Int8Array;
  readonly sundayPool: Int8Array;
  readonly cycleKm: number;
  readonly cycleFuel: number;
  /** The fuel counter value per refill threshold (spec: refill when past it). */
  readonly refillEvery: number;
  readonly idleLitersPerHour: number;
  readonly depotHeading: number;
  /** Cycle in which the vehicle entered service (odometer starts there). */
  readonly firstCycle: number;
}

export interface FuelStopAt {
  readonly leg: number;
  /** Litres burnt since the round began (the fuel counter, less the round's start). */
  readonly fuel: number;
}

export interface CyclePlan {
  readonly rounds: Int8Array;
  /** Km / fuel driven before each day of the cycle (29 entries). */
  readonly km: Float64Array;
  readonly fuel: Float64Array;
}

export const cycleOf = (day: number): number => Math.floor((day - EPOCH_MONDAY) / CYCLE_DAYS);
export const cycleFirstDay = (cycle: number): number => EPOCH_MONDAY + cycle * CYCLE_DAYS;

export interface StopTiming {
  /** Seconds with the engine running after arrival. */
  readonly idleS: number;
  /** Typical stop length, s. */
  readonly baseS: number;
}

const CUSTOMERS_PER_ROUND: Readonly<Record<AssetSpec['kind'], readonly [number, number]>> = {
  car: [3, 5],
  van: [6, 9],
  truck: [4, 6],
  reefer: [5, 8],
  equipment: [1, 1],
};
const IDLE_L_PER_H: Readonly<Record<AssetSpec['kind'], number>> = {
  car: 0.7,
  van: 1.1,
  truck: 2.4,
  reefer: 1.6,
  equipment: 6,
};
/** Mean of stopTiming's fuel stop: planning a round uses means, the day its own draws. */
const FUEL_STOP_MEAN_S = 540;
/** Round-the-clock rounds: budget of km so that even slow traffic fits in a day. */
const ROUND_THE_CLOCK_KM = 300;

export function stopTiming(
  seed: number,
  spec: AssetSpec,
  round: number,
  leg: number,
  place: CityPlace,
): StopTiming {
  const r = rng(seed, spec.id, 0x570b, round, leg);
  if (place.kind === 'fuel') return { idleS: 0, baseS: between(360, 720, r()) };
  if (place.kind === 'depot') return { idleS: 0, baseS: between(1200, 3600, r()) };
  if (fillsItsHours(spec.duty)) return shortStopS(r);
  if (spec.kind === 'equipment') {
    const base = between(5, 7, r()) * 3600;
    return { idleS: base * between(0.45, 0.7, r()), baseS: base };
  }
  const [lo, hi] =
    spec.kind === 'truck' ? [1200, 3000] : spec.kind === 'car' ? [900, 2400] : ([600, 2100] as const);
  const baseS = between(lo, hi, r());
  const idles = r() < (spec.kind === 'reefer' ? 0.5 : 0.3);
  return { idleS: idles ? Math.min(baseS * 0.6, between(60, 540, r())) : 0, baseS };
}

/** Customers and fuel stations by distance from a depot (shared by every asset of that depot). */
export interface DepotArea {
  readonly customers: readonly CityPlace[];
  readonly fuelStations: readonly CityPlace[];
}

export function depotArea(city: City, depot: CityPlace): DepotArea {
  const byDistance = (list: readonly CityPlace[]): CityPlace[] =>
    list
      .map((p) => ({ p, d: distanceKm(p, depot) }))
      .sort((a, b) => a.d - b.d)
      .map((x) => x.p);
  return { customers: byDistance(city.customers), fuelStations: byDistance(city.fuelStations) };
}

export function buildAssetModel(
  seed: number,
  spec: AssetSpec,
  city: City,
  area: DepotArea,
  routeKm: (a: CityPlace, b: CityPlace) => number,
): AssetModel {
  const r = rng(seed, spec.id, 0x40d1);
  const depot = city.depots[spec.depot % city.depots.length]!;
  // A territory: the customers nearest the asset's depot, so rounds look local.
  // Work every day across the city; a courier's is the nearest 80 doors, a round's the nearest 28.
  const everyDay = spec.roundTheClock || spec.duty === 'shifts';
  const territory = everyDay ? area.customers : area.customers.slice(0, spec.duty === 'courier' ? 80 : 28);
  const fuelNear = area.fuelStations;
  const rounds: number[][] = [];
  const customer = (): CityPlace => territory[Math.floor(r() * territory.length)]!;
  const fuel = (): CityPlace => fuelNear[Math.floor(r() * Math.min(3, fuelNear.length))]!;
  const [lo, hi] = CUSTOMERS_PER_ROUND[spec.kind];
  const withoutRepeats = (seq: CityPlace[]): number[] =>
    seq.filter((p, i) => i === 0 || p.index !== seq[i - 1]!.index).map((p) => p.index);
  for (let k = 0; k < 7; k++) {
    const seq: CityPlace[] = [depot];
    if (fillsItsHours(spec.duty) && (spec.duty === 'shifts' || k < 6)) {
      // As many doors as fill the working hours at a city pace, back at the depot at the end.
      const workS = plannedWorkS(spec.duty, k < 5 ? 'weekday' : 'saturday');
      let spentS = 0;
      let last: CityPlace = depot;
      let sinceFuel = 0;
      for (;;) {
        const next = sinceFuel >= (spec.duty === 'shifts' ? 16 : 24) ? fuel() : customer();
        const legS = (routeKm(last, next) / PLANNING_KMH[spec.kind]) * 3600;
        const stopS = next.kind === 'fuel' ? FUEL_STOP_MEAN_S : SHORT_STOP_MEAN_S;
        if (spentS + legS + stopS + (routeKm(next, depot) / PLANNING_KMH[spec.kind]) * 3600 > workS) break;
        spentS += legS + stopS;
        sinceFuel = next.kind === 'fuel' ? 0 : sinceFuel + 1;
        seq.push(next);
        last = next;
      }
    } else if (spec.roundTheClock) {
      let km = 0;
      let last: CityPlace = depot;
      let sinceFuel = 0;
      for (;;) {
        const next = sinceFuel >= 4 ? fuel() : customer();
        const back = routeKm(next, depot);
        if (km + routeKm(last, next) + back > ROUND_THE_CLOCK_KM) break;
        km += routeKm(last, next);
        sinceFuel = next.kind === 'fuel' ? 0 : sinceFuel + 1;
        seq.push(next);
        last = next;
      }
    } else {
      const n = k === 5 ? Math.max(1, Math.ceil(lo / 2)) : k === 6 ? 1 : lo + Math.floor(r() * (hi - lo + 1));
      for (let i = 0; i < n; i++) seq.push(customer());
      if (k < 5) seq.push(fuel());
    }
    seq.push(depot);
    rounds.push(withoutRepeats(seq));
  }
  const start = new Int16Array(rounds.length + 1);
  const places = new Int16Array(rounds.reduce((n, x) => n + x.length, 0));
  const roundKm = new Float64Array(rounds.length);
  const roundFuel = new Float64Array(rounds.length);
  const idleLitersPerHour = IDLE_L_PER_H[spec.kind];
  const lPerKm = spec.vehicle.litersPer100 / 100;
  const fuelStops: FuelStopAt[][] = [];
  rounds.forEach((seq, k) => {
    start[k + 1] = start[k]! + seq.length;
    places.set(seq, start[k]!);
    let km = 0;
    let idleS = 0;
    // Summed leg by leg, as the fuel counter runs (fuel.ts finds refills by it): not roundFuel's sum.
    let fuel = 0;
    const stops: FuelStopAt[] = [];
    for (let i = 1; i < seq.length; i++) {
      const to = city.places[seq[i]!]!;
      const legKm = routeKm(city.places[seq[i - 1]!]!, to);
      km += legKm;
      fuel += legKm * lPerKm;
      if (to.kind === 'fuel') stops.push({ leg: i, fuel });
      if (i < seq.length - 1) {
        const stopIdleS = stopTiming(seed, spec, k, i, to).idleS;
        idleS += stopIdleS;
        fuel += (stopIdleS / 3600) * idleLitersPerHour;
      }
    }
    roundKm[k] = km;
    roundFuel[k] = (km * spec.vehicle.litersPer100) / 100 + (idleS / 3600) * idleLitersPerHour;
    fuelStops.push(stops);
  });

  const weekday: number[] = [];
  for (let k = 0; k < 5; k++) for (let j = 0; j < 4; j++) weekday.push(k);
  const saturday: number[] = [];
  const sunday: number[] = [];
  if (everyDay) {
    // Every day is a working day: weekends draw from the two remaining rounds.
    saturday.push(5, 6, 5, 6);
    sunday.push(6, 5, 6, 5);
  } else {
    // One weekday off per cycle for most (holiday, workshop), some Saturday work, rare Sundays.
    if (r() < 0.6) weekday[Math.floor(r() * weekday.length)] = OFF;
    const saturdays = r() < 0.4 ? 0 : r() < 0.6 ? 2 : 4;
    for (let j = 0; j < 4; j++) saturday.push(j < saturdays ? 5 : OFF);
    const sundays = r() < 0.15 ? 1 : 0;
    for (let j = 0; j < 4; j++) sunday.push(j < sundays ? 6 : OFF);
  }
  const total = (pool: number[], values: Float64Array): number =>
    pool.reduce((s, k) => s + (k === OFF ? 0 : values[k]!), 0);
  const firstDay = Math.floor((Date.UTC(spec.year - 1, 6 + Math.floor(r() * 6), 1) / 86_400_000) as number);
  return {
    spec,
    places,
    start,
    roundKm,
    roundFuel,
    fuelStops,
    weekdayPool: Int8Array.from(weekday),
    saturdayPool: Int8Array.from(saturday),
    sundayPool: Int8Array.from(sunday),
    cycleKm: total(weekday, roundKm) + total(saturday, roundKm) + total(sunday, roundKm),
    cycleFuel: total(weekday, roundFuel) + total(saturday, roundFuel) + total(sunday, roundFuel),
    // Refill amount: a bit over half a tank, but leaving room for two heavy days without a pump.
    refillEvery: refillAmount(spec, Math.max(...roundFuel), r),
    idleLitersPerHour,
    depotHeading: Math.floor(r() * 360),
    firstCycle: cycleOf(firstDay),
  };
}

/**
 * Litres burnt between refills. Round-the-clock rounds pass a pump every few
 * stops. Day workers must survive a weekend and a Monday morning (≤ ~2 heavy
 * rounds) after passing the mark (worst case about empty); "late refuellers" push that to the limit
 * and are the ones who see low-fuel warnings.
 */
function refillAmount(spec: AssetSpec, maxRoundFuel: number, r: () => number): number {
  const tank = spec.fuelTankLiters;
  const usual = tank * between(0.45, 0.62, r());
  if (spec.roundTheClock || spec.duty === 'shifts') return usual;
  const late = spec.kind !== 'equipment' && r() < 0.25;
  if (late) return Math.max(tank * 0.45, tank * 0.97 - 1.8 * maxRoundFuel);
  return Math.max(tank * 0.15, Math.min(usual, tank * 0.9 - 2.5 * maxRoundFuel));
}

function shuffle(pool: Int8Array, r: () => number): Int8Array {
  const out = Int8Array.from(pool);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    const x = out[i]!;
    out[i] = out[j]!;
    out[j] = x;
  }
  return out;
}

export function buildCyclePlan(seed: number, m: AssetModel, cycle: number): CyclePlan {
  const r = rng(seed, m.spec.id, 0xc7c1e, cycle);
  const wk = shuffle(m.weekdayPool, r);
  const sat = shuffle(m.saturdayPool, r);
  const sun = shuffle(m.sundayPool, r);
  const rounds = new Int8Array(CYCLE_DAYS);
  for (let w = 0; w < 4; w++) {
    for (let d = 0; d < 5; d++) rounds[w * 7 + d] = wk[w * 5 + d]!;
    rounds[w * 7 + 5] = sat[w]!;
    rounds[w * 7 + 6] = sun[w]!;
  }
  const km = new Float64Array(CYCLE_DAYS + 1);
  const fuel = new Float64Array(CYCLE_DAYS + 1);
  for (let i = 0; i < CYCLE_DAYS; i++) {
    const k = rounds[i]!;
    km[i + 1] = km[i]! + (k === OFF ? 0 : m.roundKm[k]!);
    fuel[i + 1] = fuel[i]! + (k === OFF ? 0 : m.roundFuel[k]!);
  }
  return { rounds, km, fuel };
}
