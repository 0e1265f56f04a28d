import { between } from './random';

/**
 * The speed profile of one drive: the road is cut into pieces between
 * traffic lights / junctions; each piece accelerates, cruises with a gentle
 * speed wave, brakes, and may wait at a light. Every phase has a closed form
 * for distance, so any instant is computed on its own (no integration) and
 * speed never jumps: 0→50 km/h takes ~10 s.
 */
export const KMH_PER_S_PER_G = 35.30394; // 9.80665 m/s² in km/h per second

// Layout of one piece in Profile.data.
const T0 = 0; // start, s from the drive's start
const D0 = 1; // start, km along the route
const V = 2; // cruise speed km/h
const A = 3; // acceleration km/h per s
const B = 4; // deceleration km/h per s
const TA = 5;
const TC = 6;
const TB = 7;
const AMP = 8; // speed wave amplitude km/h
const W = 9; // speed wave angular frequency rad/s
const LEN = 10; // piece length km
const PAUSE = 11; // wait after braking, s
export const STRIDE = 12;

export interface HarshMark {
  readonly kind: 'braking' | 'acceleration' | 'cornering';
  /** Seconds from the drive's start. */
  readonly at: number;
  readonly g: number;
}

export interface Profile {
  readonly pieces: number;
  readonly data: Float64Array;
  /** Seconds. */
  readonly duration: number;
  readonly km: number;
  readonly maxSpeed: number;
  readonly harsh: readonly HarshMark[];
}

export interface VehicleDynamics {
  /** km/h per s. */
  readonly accel: number;
  readonly decel: number;
  readonly topSpeed: number;
  /** Probability that a piece of road has a harsh manoeuvre (driver style). */
  readonly harshRate: number;
}

let scratch = new Float64Array(64 * STRIDE);
let weights = new Float64Array(64);
const NO_HARSH: readonly HarshMark[] = Object.freeze([]);

/**
 * `timingOnly` fills a shared scratch buffer instead of a new one: timing a day
 * needs every drive's duration but not its pieces (the same draws rebuild them).
 */
export function buildProfile(km: number, dyn: VehicleDynamics, r: () => number, timingOnly = false): Profile {
  const pieces = Math.max(1, Math.round(km / between(0.7, 1.9, r())));
  if (weights.length < pieces) weights = new Float64Array(pieces * 2);
  let total = 0;
  for (let i = 0; i < pieces; i++) {
    const w = between(0.4, 1.6, r());
    weights[i] = w;
    total += w;
  }
  if (timingOnly && scratch.length < pieces * STRIDE) scratch = new Float64Array(pieces * STRIDE * 2);
  const data = timingOnly ? scratch : new Float64Array(pieces * STRIDE);
  let harsh: HarshMark[] | null = null;
  let t = 0;
  let d = 0;
  let maxSpeed = 0;
  for (let i = 0; i < pieces; i++) {
    const len = (km * weights[i]!) / total;
    let v = Math.min(dyn.topSpeed / 1.15, (20 + 24 * Math.sqrt(len)) * between(0.85, 1.15, r()));
    let a = dyn.accel * between(0.8, 1.2, r());
    let b = dyn.decel * between(0.8, 1.2, r());
    const roll = r();
    let harshKind: HarshMark['kind'] | null = null;
    if (roll < dyn.harshRate) {
      harshKind = r() < 0.45 ? 'braking' : r() < 0.6 ? 'acceleration' : 'cornering';
      if (harshKind === 'braking') b = between(11, 18, r());
      if (harshKind === 'acceleration') a = between(10, 14, r());
    }
    let da = (v * v) / (2 * a) / 3600;
    let db = (v * v) / (2 * b) / 3600;
    if (da + db > len) {
      v = Math.sqrt((2 * len * 3600) / (1 / a + 1 / b));
      da = (v * v) / (2 * a) / 3600;
      db = len - da;
    }
    const ta = v / a;
    const tb = v / b;
    const tc = Math.max(0, ((len - da - db) * 3600) / v);
    const waves = Math.max(1, Math.round(tc / 100));
    const w = tc > 0 ? (2 * Math.PI * waves) / tc : 0;
    // The wave's own acceleration stays under 1 km/h per s.
    const amp = tc > 30 ? Math.min(0.13 * v, 1 / w) * (r() * 2 - 1) : 0;
    const pause = i === pieces - 1 || r() < 0.4 ? 0 : between(4, 40, r());
    const o = i * STRIDE;
    data[o + T0] = t;
    data[o + D0] = d;
    data[o + V] = v;
    data[o + A] = a;
    data[o + B] = b;
    data[o + TA] = ta;
    data[o + TC] = tc;
    data[o + TB] = tb;
    data[o + AMP] = amp;
    data[o + W] = w;
    data[o + LEN] = len;
    data[o + PAUSE] = pause;
    if (harshKind === 'braking')
      (harsh ??= []).push({ kind: harshKind, at: t + ta + tc + tb * 0.4, g: b / KMH_PER_S_PER_G });
    else if (harshKind === 'acceleration')
      (harsh ??= []).push({ kind: harshKind, at: t + ta * 0.4, g: a / KMH_PER_S_PER_G });
    else if (harshKind === 'cornering' && tc > 0)
      (harsh ??= []).push({
        kind: harshKind,
        at: t + ta + tc * between(0.2, 0.8, r()),
        g: between(0.32, 0.6, r()),
      });
    maxSpeed = Math.max(maxSpeed, v + Math.abs(amp));
    t += ta + tc + tb + pause;
    d += len;
  }
  return { pieces, data, duration: t, km, maxSpeed, harsh: harsh ?? NO_HARSH };
}

export interface MotionPoint {
  km: number;
  speed: number;
  /** Index of the piece, a hint for the next call. */
  piece: number;
}

/** Distance and speed `s` seconds after the drive's start. */
export function motionAt(p: Profile, s: number, out: MotionPoint, hint = 0): void {
  const { data } = p;
  let i = Math.min(Math.max(hint, 0), p.pieces - 1);
  if (data[i * STRIDE + T0]! > s || (i + 2 < p.pieces && data[(i + 2) * STRIDE + T0]! <= s)) {
    let lo = 0;
    let hi = p.pieces - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (data[mid * STRIDE + T0]! <= s) lo = mid;
      else hi = mid - 1;
    }
    i = lo;
  }
  while (i < p.pieces - 1 && data[(i + 1) * STRIDE + T0]! <= s) i++;
  const o = i * STRIDE;
  out.piece = i;
  const u = s - data[o + T0]!;
  const v = data[o + V]!;
  const ta = data[o + TA]!;
  const tc = data[o + TC]!;
  const tb = data[o + TB]!;
  const a = data[o + A]!;
  const d0 = data[o + D0]!;
  const da = (v * ta) / 2 / 3600;
  if (u <= 0) {
    out.km = d0;
    out.speed = 0;
  } else if (u < ta) {
    out.speed = a * u;
    out.km = d0 + (a * u * u) / 2 / 3600;
  } else if (u < ta + tc) {
    const x = u - ta;
    const amp = data[o + AMP]!;
    const w = data[o + W]!;
    out.speed = v + amp * Math.sin(w * x);
    out.km = d0 + da + (v * x + (amp / w) * (1 - Math.cos(w * x))) / 3600;
  } else if (u < ta + tc + tb) {
    const x = u - ta - tc;
    const b = data[o + B]!;
    out.speed = Math.max(0, v - b * x);
    out.km = d0 + da + (v * tc) / 3600 + (v * x - (b * x * x) / 2) / 3600;
  } else {
    out.speed = 0;
    out.km = d0 + data[o + LEN]!;
  }
  if (out.km > p.km) out.km = p.km;
}

export interface SpeedPeak {
  /** Seconds from the drive's start. */
  readonly at: number;
  readonly speed: number;
  /** Speed limit of that piece of road: urban streets, arterials, the ring road. */
  readonly limit: number;
}

/** Where a piece of road's top speed is above its limit (plus a tolerance). */
export function speedingPeaks(p: Profile, heavy: boolean, tolerance = 5): SpeedPeak[] {
  const out: SpeedPeak[] = [];
  const { data } = p;
  for (let i = 0; i < p.pieces; i++) {
    const o = i * STRIDE;
    const len = data[o + LEN]!;
    const limit = len < 1.2 ? 50 : len < 3 ? 70 : heavy ? 80 : 90;
    const v = data[o + V]!;
    const amp = data[o + AMP]!;
    const w = data[o + W]!;
    const peak = v + Math.abs(amp);
    if (peak <= limit + tolerance) continue;
    // The wave's crest (first one for a positive wave, the trough's neighbour otherwise).
    const x = w > 0 ? (amp >= 0 ? Math.PI / (2 * w) : (3 * Math.PI) / (2 * w)) : 0;
    out.push({ at: data[o + T0]! + data[o + TA]! + Math.min(x, data[o + TC]!), speed: peak, limit });
  }
  return out;
}
