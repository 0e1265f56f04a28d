import type { Alarm, HarshEvent, Severity } from '../../sim/types';
import { SEVERITY_WEIGHT } from './harsh-events';

/**
 * The driver score, 0–100 (higher is better), per driver and per day:
 *
 *   score = 100 − min(40, 4 × H) − min(30, 5 × O) − min(20, 0.5 × I)
 *
 *   H  harsh braking/acceleration/cornering events per 100 km, weighted by
 *      severity (low 1, medium 2, high 3)
 *   O  overspeed events per 100 km, weighted the same way: the tracker's
 *      overspeed alarms, raised above the road's own limit (50 km/h streets,
 *      70 arterials, 80/90 ring road), which a flat vehicle-class limit would miss
 *   I  idling share in percent: engine-on time spent stationary
 *
 * The caps keep one bad habit from hiding the others; a day without driving has no score.
 */
export const SCORE_FORMULA =
  'Score = 100 − min(40, 4 × H) − min(30, 5 × O) − min(20, 0.5 × I). ' +
  'H = harsh braking, acceleration and cornering events per 100 km, weighted by severity (low 1, medium 2, high 3); ' +
  'O = overspeed events (above the road’s limit) per 100 km, weighted the same way; ' +
  'I = idling share in % (engine-on time spent stationary). A day without driving has no score.';

const weighted = (items: readonly { readonly severity: Severity }[]): number =>
  items.reduce((acc, e) => acc + SEVERITY_WEIGHT[e.severity], 0);

/** Engine time of a driver's day, from the tracker's fixes. */
export interface EngineTime {
  movingMs: number;
  idleMs: number;
  ignitionMs: number;
}

export const emptyEngineTime = (): EngineTime => ({ movingMs: 0, idleMs: 0, ignitionMs: 0 });

export interface ScoreInputs {
  readonly km: number;
  readonly harsh: readonly HarshEvent[];
  readonly overspeed: readonly Alarm[];
  readonly time: EngineTime;
}

export interface ScoreResult {
  readonly harshPer100Km: number | null;
  readonly overspeedPer100Km: number | null;
  readonly idlingPct: number | null;
  readonly score: number | null;
}

export function driverScore({ km, harsh, overspeed, time }: ScoreInputs): ScoreResult {
  if (km <= 0) return { harshPer100Km: null, overspeedPer100Km: null, idlingPct: null, score: null };
  const h = (weighted(harsh) / km) * 100;
  const o = (weighted(overspeed) / km) * 100;
  const idling = time.ignitionMs > 0 ? (time.idleMs / time.ignitionMs) * 100 : 0;
  const score = 100 - Math.min(40, 4 * h) - Math.min(30, 5 * o) - Math.min(20, 0.5 * idling);
  return {
    harshPer100Km: h,
    overspeedPer100Km: o,
    idlingPct: idling,
    score: Math.max(0, Math.min(100, score)),
  };
}
