import type { SimAsset } from './types';
import { HOUR_MS, localDayStart } from './local-time';
import { unit } from './random';

/**
 * Flaky trackers lose their connection for a while on most days (a garage
 * without coverage, a loose power cable). Gaps stay inside a local day so a
 * day is decided on its own.
 */
export interface Gap {
  readonly start: number;
  readonly end: number;
}

const NONE: readonly Gap[] = [];

export function offlineGaps(seed: number, asset: SimAsset, day: number): readonly Gap[] {
  if (!asset.flaky) return NONE;
  const gaps: Gap[] = [];
  const dayStart = localDayStart(day);
  for (let k = 0; k < 2; k++) {
    if (unit(seed, asset.id, day, k, 0x0ff1) > (k === 0 ? 0.65 : 0.25)) continue;
    const from = dayStart + HOUR_MS + Math.floor(unit(seed, asset.id, day, k, 0x0ff2) * 20 * HOUR_MS);
    const length = (10 + unit(seed, asset.id, day, k, 0x0ff3) * 170) * 60_000;
    gaps.push({ start: from, end: Math.min(from + length, dayStart + 22 * HOUR_MS) });
  }
  gaps.sort((a, b) => a.start - b.start);
  return gaps;
}

/** A quarter of the gaps begin with the tracker's external power cut (the sim's alarms and the alarm engine agree). */
export const isPowerCut = (seed: number, assetId: number, gapStart: number): boolean =>
  unit(seed, assetId, gapStart, 0x90c7) < 0.25;

/** Gaps that overlap or touch, merged: the tracker is silent from the first start to the last end. */
export function mergedGaps(gaps: readonly Gap[]): Gap[] {
  const out: Gap[] = [];
  for (const g of gaps) {
    const last = out[out.length - 1];
    if (last && g.start <= last.end)
      out[out.length - 1] = { start: last.start, end: Math.max(last.end, g.end) };
    else out.push(g);
  }
  return out;
}

export function inGap(gaps: readonly Gap[], t: number): Gap | null {
  for (const g of gaps) if (t >= g.start && t < g.end) return g;
  return null;
}
