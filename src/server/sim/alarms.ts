import type { SimCore } from './core';
import { newSegmentState } from './core';
import { levelAt, type DayFuel } from './fuel';
import type { FaultOccurrence } from './fault-codes';
import { harshEventsOfDay } from './harsh';
import { motionAt, speedingPeaks, type MotionPoint } from './motion';
import { isPowerCut, type Gap } from './offline';
import { doorOpening, SET_POINT_C } from './reefer';
import { pointAt, type RoutePoint } from './route';
import type { DaySchedule } from './schedule';
import type { Alarm } from './types';

/**
 * Alarms as a fleet platform raises them, derived from the same simulation
 * as the trail and the events, so an alarm always has its evidence.
 */
export const LOW_FUEL_FRACTION = 0.2;
export const TEMPERATURE_LIMIT_C = 7;
/** The platform calls a tracker offline after this much silence. */
export const OFFLINE_AFTER_MS = 15 * 60_000;
const WARM_TAU_S = 1500;

export interface AlarmDay {
  readonly core: SimCore;
  readonly d: DaySchedule;
  readonly fuel: DayFuel;
  readonly gaps: readonly Gap[];
  readonly fault: FaultOccurrence | null;
}

const r6 = (x: number): number => Math.round(x * 1e6) / 1e6;

export function alarmsOfDay(x: AlarmDay, start: number, end: number): Alarm[] {
  const { core, d, fuel, gaps, fault } = x;
  const spec = core.spec(d.assetId);
  const tank = spec.fuelTankLiters;
  const out: Alarm[] = [];
  const st = newSegmentState();
  const mp: MotionPoint = { km: 0, speed: 0, piece: 0 };
  const rp: RoutePoint = { lat: 0, lon: 0, heading: 0, curvature: 0 };
  const at = (t: number): { lat: number; lon: number } => {
    core.evaluate(d, t, st);
    return { lat: r6(st.lat), lon: r6(st.lon) };
  };
  const push = (a: Alarm): void => {
    if (a.t >= start && a.t <= end) out.push(a);
  };

  const heavy = spec.kind === 'truck' || spec.kind === 'equipment';
  let firstDrive = true;
  for (let i = 0; i < d.segs.length; i++) {
    const s = d.segs[i]!;
    if (s.kind === 'drive') {
      if (firstDrive && s.from.kind === 'depot') {
        push({
          t: s.t0,
          kind: 'geofence_exit',
          severity: 'low',
          message: `Left ${s.from.name.split(',')[0]}`,
          lat: s.from.lat,
          lon: s.from.lon,
        });
      }
      firstDrive = false;
      if (s.to.kind === 'depot') {
        push({
          t: s.t1,
          kind: 'geofence_enter',
          severity: 'low',
          message: `Entered ${s.to.name.split(',')[0]}`,
          lat: s.to.lat,
          lon: s.to.lon,
        });
      }
      if (s.t1 < start || s.t0 > end) continue;
      const p = core.profile(d, s);
      for (const peak of speedingPeaks(p, heavy)) {
        motionAt(p, peak.at, mp);
        pointAt(s.route, mp.km, rp);
        const over = peak.speed - peak.limit;
        push({
          t: s.t0 + Math.round(peak.at * 1000),
          kind: 'overspeed',
          severity: over > 25 ? 'high' : over > 12 ? 'medium' : 'low',
          message: `Speed ${Math.round(peak.speed)} km/h in a ${peak.limit} km/h zone`,
          lat: r6(rp.lat),
          lon: r6(rp.lon),
        });
      }
    } else if (spec.hasTemperatureSensor) {
      const door = doorOpening(core.seed, d.assetId, d.day, s);
      if (
        door &&
        SET_POINT_C + door.peak > TEMPERATURE_LIMIT_C &&
        door.gap > TEMPERATURE_LIMIT_C - SET_POINT_C
      ) {
        const tau = -WARM_TAU_S * Math.log(1 - (TEMPERATURE_LIMIT_C - SET_POINT_C) / door.gap);
        const peakC = SET_POINT_C + door.peak;
        push({
          t: door.open + Math.round(tau * 1000),
          kind: 'temperature_high',
          severity: peakC > 10 ? 'high' : 'medium',
          message: `Cargo temperature above ${TEMPERATURE_LIMIT_C} °C (peak ${peakC.toFixed(1)} °C), door open at ${s.place.name.split(',')[0]}`,
          lat: s.place.lat,
          lon: s.place.lon,
        });
      }
    }
  }

  for (const h of harshEventsOfDay(core, d, start, end)) {
    if (h.severity === 'low') continue;
    push({
      t: h.t,
      kind: 'harsh_driving',
      severity: h.severity,
      message: `Harsh ${h.kind} (${h.g.toFixed(2)} g at ${Math.round(h.speed)} km/h)`,
      lat: h.lat,
      lon: h.lon,
    });
  }

  // Low fuel: the level only falls between fuel events, so each such interval crosses the threshold at most once.
  const limit = tank * LOW_FUEL_FRACTION;
  const bounds = [d.start, ...fuel.events.map((e) => e.t), d.end - 1];
  const levelAtT = (t: number): number => {
    core.evaluate(d, t, st);
    return levelAt(fuel, t, st.fuelUsed);
  };
  for (let k = 0; k + 1 < bounds.length; k++) {
    let lo = bounds[k]!;
    let hi = bounds[k + 1]! - 1;
    if (hi <= lo || levelAtT(lo) < limit || levelAtT(hi) >= limit) continue;
    while (hi - lo > 1000) {
      const mid = Math.floor((lo + hi) / 2);
      if (levelAtT(mid) >= limit) lo = mid;
      else hi = mid;
    }
    push({
      t: hi,
      kind: 'low_fuel',
      severity: 'medium',
      message: `Fuel below ${LOW_FUEL_FRACTION * 100} % (${levelAtT(hi).toFixed(1)} l)`,
      ...at(hi),
    });
  }
  for (const e of fuel.events) {
    if (e.kind !== 'drain') continue;
    push({
      t: e.t,
      kind: 'fuel_drain',
      severity: 'high',
      message: `Suspected fuel drain: ${e.liters.toFixed(1)} l lost while parked`,
      ...at(e.t),
    });
  }

  for (const g of gaps) {
    if (isPowerCut(core.seed, d.assetId, g.start)) {
      push({
        t: g.start,
        kind: 'power_cut',
        severity: 'high',
        message: 'Tracker external power disconnected',
        ...at(g.start),
      });
    }
    if (g.end - g.start >= OFFLINE_AFTER_MS) {
      push({
        t: g.start + OFFLINE_AFTER_MS,
        kind: 'tracker_offline',
        severity: 'medium',
        message: `No data from the tracker for ${OFFLINE_AFTER_MS / 60_000} minutes`,
        ...at(g.start),
      });
    }
  }

  if (fault) {
    push({
      t: fault.t,
      kind: 'engine_fault',
      severity: fault.severity,
      message: `${fault.code}: ${fault.description}`,
      ...at(fault.t),
    });
  }
  return out.sort((a, b) => a.t - b.t);
}
