import type { EnteredRefill } from '../report-document';
import type { FuelEvent } from '../../sim/types';

/** An entered refill and a refill the tank sensor saw are the same one when this close in time. */
export const REFILL_MATCH_WINDOW_MS = 2 * 60 * 60 * 1000;

export interface RefillMatches {
  /** The entered refill each sensor refill was matched with. */
  readonly bySensor: ReadonlyMap<FuelEvent, EnteredRefill>;
  /** Entered refills the sensor did not see (no sensor refill near them). */
  readonly enteredOnly: readonly EnteredRefill[];
}

/**
 * Pairs the refills operators entered (spec 4.3 fuel-entry) with those the
 * tank sensor saw, each with the nearest free one within
 * REFILL_MATCH_WINDOW_MS, in the order they were entered. A receipt logged a
 * little before or after the pump shows up as one refill; one the sensor never
 * saw stays on its own, which is what a fleet manager checks receipts for.
 */
export function matchRefills(sensor: readonly FuelEvent[], entered: readonly EnteredRefill[]): RefillMatches {
  const free = new Set(sensor.filter((e) => e.kind === 'refill'));
  const bySensor = new Map<FuelEvent, EnteredRefill>();
  const enteredOnly: EnteredRefill[] = [];
  for (const refill of [...entered].sort((a, b) => a.t - b.t)) {
    let best: FuelEvent | null = null;
    for (const e of free)
      if (
        Math.abs(e.t - refill.t) <= REFILL_MATCH_WINDOW_MS &&
        (best === null || Math.abs(e.t - refill.t) < Math.abs(best.t - refill.t))
      )
        best = e;
    if (best) {
      free.delete(best);
      bySensor.set(best, refill);
    } else enteredOnly.push(refill);
  }
  return { bySensor, enteredOnly };
}
