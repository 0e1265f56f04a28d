import { cacheCapacityFor, type SimCore } from './core';
import { localInstant } from './local-time';
import { Lru } from './lru';
import { unit } from './random';
import { type AssetModel, OFF } from './rounds';
import { countersAt, type DaySchedule } from './schedule';

/**
 * Fuel level from the closed-form fuel counter (litres burnt since the first
 * cycle). Refill rule: the tank is filled up at the first fuel-station stop
 * after the counter passes a multiple of the asset's refill amount; so the
 * last refill before any instant is found by walking back a few stops,
 * never by replaying history. Suspected drains (theft) happen at night in
 * the depot on rare days.
 */
export interface DayFuelEvent {
  readonly t: number;
  readonly kind: 'refill' | 'drain';
  readonly fuel: number;
  readonly liters: number;
  readonly levelBefore: number;
  readonly levelAfter: number;
}

interface DatedStop {
  readonly fuel: number;
  readonly leg: number;
  readonly day: number;
}

/** A thief leaves enough to drive on (≥ 45 % of the tank) and does not bother for less than 8 %. */
function drainLiters(fraction: number, tank: number, level: number): number {
  const liters = Math.min(fraction * tank, level - 0.45 * tank);
  return liters >= 0.08 * tank ? liters : 0;
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
  private readonly days: Lru<number, DayFuel>;

  constructor(private readonly core: SimCore) {
    this.days = new Lru(cacheCapacityFor(core.assets.length));
  }

  private drainOn(m: AssetModel, day: number): { t: number; fraction: number } | null {
    // Only a vehicle parked overnight is drained: not one on the road all night.
    if (m.spec.roundTheClock || m.spec.duty === 'shifts' || m.spec.kind === 'car') return null;
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
    return m.fuelStops[c.round]!.map((s) => ({ fuel: c.fuel + s.fuel, leg: s.leg }));
  }

  private drainBetween(m: AssetModel, afterDay: number, uptoDay: number): boolean {
    for (let dd = afterDay + 1; dd <= uptoDay; dd++) if (this.drainOn(m, dd)) return true;
    return false;
  }

  /**
   * A fuel stop fills the tank when the counter passed a multiple of the refill
   * amount since the previous fuel stop, or when a drain happened since it
   * (the driver finds the tank low).
   */
  private isRefill(m: AssetModel, stop: DatedStop, previous: DatedStop): boolean {
    const Q = m.refillEvery;
    return (
      Math.floor(stop.fuel / Q) > Math.floor(previous.fuel / Q) ||
      this.drainBetween(m, previous.day, stop.day)
    );
  }

  /** Level and counter at local midnight starting `day`, and the last fuel stop before it. */
  private startOfDay(
    m: AssetModel,
    day: number,
  ): { level: number; fuel: number; lastStop: DatedStop | null } {
    const tank = m.spec.fuelTankLiters;
    const fuelNow = countersAt(this.core.deps, m, day).fuel;
    let lastStop: DatedStop | null = null;
    let later: DatedStop | null = null;
    let refill: DatedStop | null = null;
    scan: for (let dd = day - 1; dd >= day - LOOKBACK_DAYS; dd--) {
      const stops = this.stopsOfDay(m, dd);
      for (let j = stops.length - 1; j >= 0; j--) {
        const stop = { ...stops[j]!, day: dd };
        lastStop ??= stop;
        if (later && this.isRefill(m, later, stop)) {
          refill = later;
          break scan;
        }
        later = stop;
      }
    }
    if (!refill) {
      // No refill for months: an asset that hardly moves; keep it three-quarters full.
      return { level: tank * 0.75, fuel: fuelNow, lastStop };
    }
    // Drains at night after the refill day, each leaving what the thief could not take.
    let level = tank;
    let fuel = refill.fuel;
    for (let dd = refill.day + 1; dd < day; dd++) {
      const dr = this.drainOn(m, dd);
      if (!dr) continue;
      const at = countersAt(this.core.deps, m, dd).fuel;
      level -= at - fuel;
      fuel = at;
      level -= drainLiters(dr.fraction, tank, level);
    }
    level -= fuelNow - fuel;
    return { level: Math.max(0, level), fuel: fuelNow, lastStop };
  }

  day(id: number, sched: DaySchedule): DayFuel {
    const key = this.core.dayKey(id, sched.day);
    const hit = this.days.get(key);
    if (hit) return hit;
    const m = this.core.model(id);
    const tank = m.spec.fuelTankLiters;
    const s0 = this.startOfDay(m, sched.day);
    const events: DayFuelEvent[] = [];
    let level = s0.level;
    let fuel = s0.fuel;
    let prevStop = s0.lastStop;
    const drain = this.drainOn(m, sched.day);
    if (drain) {
      const liters = drainLiters(drain.fraction, tank, level);
      if (liters > 0) {
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
    for (const s of this.stopsOfDay(m, sched.day)) {
      const stop = { ...s, day: sched.day };
      if (!prevStop || this.isRefill(m, stop, prevStop)) {
        const seg = sched.segs.find((x) => x.kind === 'stop' && x.leg === stop.leg);
        // Never below empty: a late refueller's worst week reaches the pump on fumes.
        const before = Math.max(0, level - (stop.fuel - fuel));
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
      prevStop = stop;
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
