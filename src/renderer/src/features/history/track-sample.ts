import type { HistoryColumns } from '../../../../shared/ipc';
import { lerp, lerpAngle } from '../map/interpolation';
import { gapAt, type DataGap } from './data-gaps';

/** Where the asset was at a track time, interpolated between the two fixes around it. */
export interface TrackSample {
  readonly t: number;
  /** The fix at or before t. */
  readonly index: number;
  readonly lat: number;
  readonly lon: number;
  /** km/h; NaN when the service sent none. */
  readonly speed: number;
  readonly heading: number;
  /** 1 on, 0 off, 255 unknown. */
  readonly ignition: number;
  /** km; NaN when unknown. */
  readonly odometer: number;
}

/** Index of the last fix at or before t (0 when t is before the first). */
export function fixIndexAt(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length - 1;
  if (hi < 0 || t <= times[0]!) return 0;
  if (t >= times[hi]!) return hi;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= t) lo = mid;
    else hi = mid;
  }
  return lo;
}

const mix = (a: number, b: number, f: number): number =>
  Number.isFinite(a) && Number.isFinite(b) ? lerp(a, b, f) : a;

export function sampleAt(cols: HistoryColumns, t: number): TrackSample | null {
  const n = cols.t.length;
  if (n === 0) return null;
  const i = fixIndexAt(cols.t, t);
  const j = Math.min(n - 1, i + 1);
  const t0 = cols.t[i]!;
  const t1 = cols.t[j]!;
  const f = j === i || t1 <= t0 ? 0 : Math.min(1, Math.max(0, (t - t0) / (t1 - t0)));
  const h0 = cols.heading[i]!;
  const h1 = cols.heading[j]!;
  return {
    t: Math.min(Math.max(t, cols.t[0]!), cols.t[n - 1]!),
    index: i,
    lat: lerp(cols.lat[i]!, cols.lat[j]!, f),
    lon: lerp(cols.lon[i]!, cols.lon[j]!, f),
    speed: mix(cols.speed[i]!, cols.speed[j]!, f),
    heading: Number.isFinite(h0) && Number.isFinite(h1) ? lerpAngle(h0, h1, f) : h0,
    ignition: cols.ignition[i]!,
    odometer: mix(cols.odometer[i]!, cols.odometer[j]!, f),
  };
}

/**
 * The replay cursor at t. Inside a stretch with no fixes it stays at the last fix before it, with no
 * speed, ignition or odometer it could vouch for: never a position guessed along the "No data" line.
 */
export function cursorAt(cols: HistoryColumns, gaps: readonly DataGap[], t: number): TrackSample | null {
  const gap = gapAt(gaps, t);
  const held = sampleAt(cols, gap ? gap.start : t);
  if (!gap || !held) return held;
  return { ...held, t, speed: Number.NaN, ignition: 255, odometer: Number.NaN };
}
