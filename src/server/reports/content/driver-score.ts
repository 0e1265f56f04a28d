import type { AssetKind, HarshEvent } from '../../sim/types';
import { weightedEvents } from './harsh-events';

/**
 * The driver score, 0–100 (higher is better), per driver and per day:
 *
 *   score = 100 − min(40, 4 × W) − min(30, overspeed %) − min(20, 0.5 × idling %)
 *
 *   W           harsh events per 100 km, weighted by severity (low 1, medium 2, high 3)
 *   overspeed % share of moving time above the vehicle class's limit
 *               (car and van 130 km/h, truck and reefer 90 km/h, equipment 40 km/h)
 *   idling %    share of engine-on time spent stationary with the engine running
 *
 * The caps keep one bad habit from hiding the others; a day without driving has no score.
 */
export const SCORE_FORMULA =
  'Score = 100 − min(40, 4 × W) − min(30, overspeed %) − min(20, 0.5 × idling %). ' +
  'W = harsh events per 100 km weighted by severity (low 1, medium 2, high 3); ' +
  'overspeed % = share of moving time above the class limit (car/van 130 km/h, truck/reefer 90 km/h, equipment 40 km/h); ' +
  'idling % = share of engine-on time stationary. A day without driving has no score.';

export const OVERSPEED_KMH: Readonly<Record<AssetKind, number>> = {
  car: 130,
  van: 130,
  truck: 90,
  reefer: 90,
  equipment: 40,
};

/** Time split of a driver's day, from the tracker's fixes. */
export interface DrivingTime {
  movingMs: number;
  overspeedMs: number;
  idleMs: number;
  ignitionMs: number;
}

export const emptyDrivingTime = (): DrivingTime => ({
  movingMs: 0,
  overspeedMs: 0,
  idleMs: 0,
  ignitionMs: 0,
});

export interface ScoreInputs {
  readonly km: number;
  readonly events: readonly HarshEvent[];
  readonly time: DrivingTime;
}

export interface ScoreResult {
  readonly weightedPer100Km: number | null;
  readonly overspeedPct: number | null;
  readonly idlingPct: number | null;
  readonly score: number | null;
}

export function driverScore({ km, events, time }: ScoreInputs): ScoreResult {
  if (km <= 0 || time.movingMs <= 0) {
    return { weightedPer100Km: null, overspeedPct: null, idlingPct: null, score: null };
  }
  const w = (weightedEvents(events) / km) * 100;
  const overspeed = (time.overspeedMs / time.movingMs) * 100;
  const idling = time.ignitionMs > 0 ? (time.idleMs / time.ignitionMs) * 100 : 0;
  const score = 100 - Math.min(40, 4 * w) - Math.min(30, overspeed) - Math.min(20, 0.5 * idling);
  return {
    weightedPer100Km: w,
    overspeedPct: overspeed,
    idlingPct: idling,
    score: Math.max(0, Math.min(100, score)),
  };
}
