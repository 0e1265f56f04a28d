/**
 * A float column as small integers, when that loses nothing. The browser shell's socket carries a
 * month of history (2.3 million floats) to a page in Chromium, whose loopback WebSocket moves about
 * 80 MB/s on the 2-core build machine: every byte is time the operator waits (bench:history --app).
 * The service sends coordinates to 1e-6° and altitude, speed and heading to 0.1 (location-json.ts),
 * and times are whole milliseconds 10 s apart, so each such column is a decimal scale and a run of
 * small steps: one or two bytes a value where the float takes four or eight.
 *
 * Lossless by construction: a column is packed at `decimals` only if every value, rebuilt the way
 * `unpackFloats` rebuilds it (an integer divided by 10^decimals, rounded to the column's own float
 * type), is the same value (Object.is: -0 and NaN included). Anything else — more decimals, ±Infinity,
 * steps wider than int32 — is not packed and crosses as its raw bytes.
 */
export type FloatKind = 'Float64Array' | 'Float32Array';
export type StepWidth = 1 | 2 | 4;

export interface PackedFloats {
  readonly decimals: number;
  /** The first value that is not NaN, as an integer at `decimals`; 0 when every value is NaN. */
  readonly base: number;
  /** Each value's integer minus the previous one's (`base` before the first); NaN is the width's minimum. */
  readonly steps: Int8Array | Int16Array | Int32Array;
}

/** 1e-7°, about a centimetre: more than any tracker means. */
export const MAX_DECIMALS = 7;
const STEP_ARRAYS = { 1: Int8Array, 2: Int16Array, 4: Int32Array } as const;
const stepMin = (width: StepWidth): number => -(2 ** (width * 8 - 1));
const stepMax = (width: StepWidth): number => 2 ** (width * 8 - 1) - 1;

export const stepArray = (width: StepWidth, buffer: ArrayBuffer, offset: number, count: number) =>
  new STEP_ARRAYS[width](buffer, offset, count);

/**
 * `v` as an integer at `scale`, or NaN when that integer would not come back as `v` the way
 * `unpackFloats` rebuilds it (divided by `scale`, in the column's own float kind). Plain comparisons:
 * it runs over millions of values. `+ 0` makes -0 a plain 0, which rebuilds as 0, so a -0 is refused
 * (the `k === 0` case), not lost; an unsafe integer is refused by its size.
 */
function integerAt(v: number, scale: number, f32: boolean): number {
  const k = Math.round(v * scale) + 0;
  const back = f32 ? Math.fround(k / scale) : k / scale;
  if (back !== v || (k === 0 && 1 / v < 0) || k > Number.MAX_SAFE_INTEGER || k < -Number.MAX_SAFE_INTEGER)
    return Number.NaN;
  return k;
}

/** The fewest decimals at which `v` comes back the same; null when none up to the most packed. */
function decimalsOf(v: number, from: number, f32: boolean): number | null {
  for (let decimals = from; decimals <= MAX_DECIMALS; decimals++)
    if (!Number.isNaN(integerAt(v, 10 ** decimals, f32))) return decimals;
  return null;
}

/** What one pass found: the steps' range, or the index of a value that needs more decimals. */
interface Pass {
  base: number;
  lo: number;
  hi: number;
  /** -1 when every value came back the same; else the first that did not. */
  failedAt: number;
  /** A step wider than int32: no number of decimals packs the column. */
  tooWide: boolean;
}

/** Each value's step at `scale`, into `wide`. */
function stepsAt(values: Float64Array | Float32Array, scale: number, f32: boolean, wide: Int32Array): Pass {
  const pass: Pass = { base: 0, lo: 0, hi: 0, failedAt: -1, tooWide: false };
  const nan = stepMin(4);
  const max = stepMax(4);
  let prev = Number.NaN;
  let last = Number.NaN;
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v !== v) {
      wide[i] = nan;
      continue;
    }
    // A parked tracker repeats its fix: the value last packed is a step of 0, without the rounding and
    // division that check it (a -0 after a 0 is not a repeat: `last` was checked, so it is never -0).
    if (v === last && (v !== 0 || 1 / v > 0)) {
      wide[i] = 0;
      continue;
    }
    last = v;
    const k = integerAt(v, scale, f32);
    if (k !== k) {
      pass.failedAt = i;
      return pass;
    }
    if (prev !== prev) prev = pass.base = k;
    const step = k - prev;
    prev = k;
    // The width's minimum is NaN's mark, so a step must stay above it.
    if (step <= nan || step > max) {
      pass.tooWide = true;
      return pass;
    }
    wide[i] = step;
    if (step < lo) lo = step;
    else if (step > hi) hi = step;
  }
  pass.lo = lo;
  pass.hi = hi;
  return pass;
}

/**
 * One pass at the decimals the values seen so far need; a value that needs more starts the pass
 * again at its own (columns are uniform, so that is at most once or twice).
 */
export function packFloats(kind: FloatKind, values: Float64Array | Float32Array): PackedFloats | null {
  const wide = new Int32Array(values.length);
  const f32 = kind === 'Float32Array';
  let decimals = 0;
  for (;;) {
    const pass = stepsAt(values, 10 ** decimals, f32, wide);
    if (pass.tooWide) return null;
    if (pass.failedAt >= 0) {
      const more = decimalsOf(values[pass.failedAt]!, decimals + 1, f32);
      if (more === null) return null;
      decimals = more;
      continue;
    }
    const { base, lo, hi } = pass;
    const width = ([1, 2] as const).find((w) => lo > stepMin(w) && hi <= stepMax(w));
    if (width === undefined) return { decimals, base, steps: wide };
    const steps = new STEP_ARRAYS[width](values.length);
    const [nan, narrowNan] = [stepMin(4), stepMin(width)];
    for (let i = 0; i < wide.length; i++) {
      const step = wide[i]!;
      steps[i] = step === nan ? narrowNan : step;
    }
    return { decimals, base, steps };
  }
}

export function unpackFloats(
  kind: FloatKind,
  packed: PackedFloats,
): Float64Array<ArrayBuffer> | Float32Array<ArrayBuffer> {
  const { decimals, base, steps } = packed;
  const nan = stepMin(steps.BYTES_PER_ELEMENT as StepWidth);
  const scale = 10 ** decimals;
  // A Float32Array rounds each value as it is stored, as `integerAt` checked it would.
  const out = kind === 'Float32Array' ? new Float32Array(steps.length) : new Float64Array(steps.length);
  let k = base;
  let value = k / scale;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (step === nan) {
      out[i] = Number.NaN;
      continue;
    }
    // A step of 0 is the value before it again: no division.
    if (step !== 0) {
      k += step;
      value = k / scale;
    }
    out[i] = value;
  }
  return out;
}
