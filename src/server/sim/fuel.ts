import type { SimCore } from './core';
import { localInstant } from './local-time';
import { Lru } from './lru';
import { unit } from './random';
import { type AssetModel, OFF, stopTiming } from './rounds';
import { countersAt, type DaySchedule } from './schedule';

/**
 * Fuel level from the closed-form fuel counter (litres burnt since the first
 * cycle). Refill rule: the tank is filled up at the first fuel-station stop
 * after the counter passes a multiple of the asset's refill amount; so the
 * last refill before any instant is found by walking back a few stops,
 * never by replaying history. Suspected drains (theft) happen at night in
 * the depot on rare days.
 */
export interface FuelStopAt {
  readonly leg: number;
  /** Fuel counter at arrival. */
  readonly fuel: number;
}

export interface DayFuelEvent {
  readonly t: number;
  readonly kind: 'refill' | 'drain';
  readonly fuel: number;
  readonly liters: number;
  readonly levelBefore: number;
  readonly levelAfter: number;
}

export interface DayFuel {
  readonly levelAtStart: number;
  readonly fuelAtStart: number;
  readonly events: readonly DayFuelEvent[];
}

const LOOKBACK_DAYS = 150;
/** Probability of a suspected drain on a given night, for assets parked overnight. */
const DRAIN_P = 1 / 45;
/** Refill happens this long after arriving at the pump. */
const REFILL_DELAY_MS = 90_000;

export class FuelModel {
  private readonly stopsByRound = new WeakMap<AssetModel, FuelStopAt[][]>();
  private readonly days = new Lru<number, DayFuel>(24_000);

  constructor(private readonly core: SimCore) {}

  private roundStops(m: AssetModel): FuelStopAt[][] {
    let all = this.stopsByRound.get(m);
    if (all) return all;
    const { city } = this.core;
    const lPerKm = m.spec.vehicle.litersPer100 / 100;
    all = [];
    for (let k = 0; k < m.roundKm.length; k++) {
      const seq = m.places.subarray(m.start[k]!, m.start[k + 1]!);
      const out: FuelStopAt[] = [];
      let fuel = 0;
      for (let i = 1; i < seq.length; i++) {
        const to = city.places[seq[i]!]!;
        fuel += this.core.route(city.places[seq[i - 1]!]!, to).lengthKm * lPerKm;
        if (to.kind === 'fuel') out.push({ leg: i, fuel });
        // Idle burn at intermediate stops (same rule as the schedule and the round totals).
        if (i < seq.length - 1) fuel += this.idleLiters(m, k, i);
      }
      all.push(out);
    }
    this.stopsByRound.set(m, all);
    return all;
  }

  private idleLiters(m: AssetModel, round: number, leg: number): number {
    const seq = m.places.subarray(m.start[round]!, m.start[round + 1]!);
    const place = this.core.city.places[seq[leg]!]!;
    return (stopTiming(this.core.seed, m.spec, round, leg, place).idleS / 3600) * m.idleLitersPerHour;
  }

  private drainOn(m: AssetModel, day: number): { t: number; fraction: number } | null {
    if (m.spec.roundTheClock || m.spec.kind === 'car') return null;
    const seed = this.core.seed;
    if (unit(seed, m.spec.id, day, 0xd7a1) >= DRAIN_P) return null;
    return {
      t: localInstant(day, 1.5 + 2 * unit(seed, m.spec.id, day, 0xd7a2)),
      fraction: 0.14 + 0.16 * unit(seed, m.spec.id, day, 0xd7a3),
    };
  }

  /** Fuel stops of a day with their counters, in order. */
  private stopsOfDay(m: AssetModel, day: number): { fuel: number; leg: number }[] {
    const c = countersAt(this.core.deps, m, day);
    if (c.round === OFF) return [];
    return this.roundStops(m)[c.round]!.map((s) => ({ fuel: c.fuel + s.fuel, leg: s.leg }));
  }

  /** Level and counter at local midnight starting `day`, and the counter at the last fuel stop before it. */
  private startOfDay(m: AssetModel, day: number): { level: number; fuel: number; lastStopFuel: number } {
    const tank = m.spec.fuelTankLiters;
    const Q = m.refillEvery;
    const fuelNow = countersAt(this.core.deps, m, day).fuel;
    let n: number | null = null;
    let refillFuel: number | null = null;
    let refillDay = day - LOOKBACK_DAYS;
    let lastStopFuel: number | null = null;
    scan: for (let dd = day - 1; dd >= day - LOOKBACK_DAYS; dd--) {
      const stops = this.stopsOfDay(m, dd);
      for (let j = stops.length - 1; j >= 0; j--) {
        const f = stops[j]!.fuel;
        if (lastStopFuel === null) {
          lastStopFuel = f;
          n = Math.floor(f / Q);
        }
        if (f >= n! * Q) {
          refillFuel = f;
          refillDay = dd;
        } else break scan;
      }
    }
    if (refillFuel === null || n === null) {
      // No fuel stop for months: an idle asset, keep it three-quarters full.
      return { level: tank * 0.75, fuel: fuelNow, lastStopFuel: lastStopFuel ?? fuelNow };
    }
    let level = tank - (fuelNow - refillFuel);
    // Drains between the refill day (after its refill, drains are at night so next day on) and now.
    let drained = 0;
    for (let dd = refillDay + 1; dd < day; dd++) {
      const dr = this.drainOn(m, dd);
      if (!dr) continue;
      const at = countersAt(this.core.deps, m, dd).fuel;
      const before = tank - (at - refillFuel) - drained;
      drained += Math.max(0, Math.min(dr.fraction * tank, before - 0.04 * tank));
    }
    level -= drained;
    return { level: Math.max(0, level), fuel: fuelNow, lastStopFuel: lastStopFuel ?? fuelNow };
  }

  day(id: number, sched: DaySchedule): DayFuel {
    const key = id * 4_000_000 + sched.day + 2_000_000;
    const hit = this.days.get(key);
    if (hit) return hit;
    const m = this.core.model(id);
    const tank = m.spec.fuelTankLiters;
    const Q = m.refillEvery;
    const s0 = this.startOfDay(m, sched.day);
    const events: DayFuelEvent[] = [];
    let level = s0.level;
    let fuel = s0.fuel;
    let prevStop = s0.lastStopFuel;
    const drain = this.drainOn(m, sched.day);
    if (drain && drain.t < (sched.segs[1]?.t0 ?? sched.end)) {
      const liters = Math.max(0, Math.min(drain.fraction * tank, level - 0.04 * tank));
      if (liters > 1) {
        events.push({
          t: drain.t,
          kind: 'drain',
          fuel,
          liters,
          levelBefore: level,
          levelAfter: level - liters,
        });
        level -= liters;
      }
    }
    for (const stop of this.stopsOfDay(m, sched.day)) {
      if (Math.floor(stop.fuel / Q) > Math.floor(prevStop / Q)) {
        const seg = sched.segs.find((s) => s.kind === 'stop' && s.leg === stop.leg);
        const before = level - (stop.fuel - fuel);
        if (seg) {
          events.push({
            t: seg.t0 + REFILL_DELAY_MS,
            kind: 'refill',
            fuel: stop.fuel,
            liters: tank - before,
            levelBefore: before,
            levelAfter: tank,
          });
          level = tank;
          fuel = stop.fuel;
        }
      }
      prevStop = stop.fuel;
    }
    const out: DayFuel = { levelAtStart: s0.level, fuelAtStart: s0.fuel, events };
    this.days.set(key, out);
    return out;
  }
}

/** Litres in the tank at t, given the fuel counter at t. */
export function levelAt(d: DayFuel, t: number, fuelUsed: number): number {
  let level = d.levelAtStart;
  let fuel = d.fuelAtStart;
  for (const e of d.events) {
    if (e.t > t) break;
    level = e.levelAfter;
    fuel = e.fuel;
  }
  return Math.max(0, level - (fuelUsed - fuel));
}
