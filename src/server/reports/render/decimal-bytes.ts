/** Digits after the point that writeDecimal writes itself: the simulator's finest (lat/lon) has six. */
const SCALE = 1e6;
const SCALE_DIGITS = 6;
/**
 * Below this magnitude one unit in the last place of a double is smaller
 * than 1e-6 (2^32 would do), so a decimal with at most six fraction digits
 * that round-trips is the only one of its length that does: it is the
 * shortest round-trip form, which is what String(number) writes (ECMA-262
 * Number::toString).
 */
const MAX_MAGNITUDE = 1e9;
const ZERO = 48;
const MINUS = 45;
const POINT = 46;

/**
 * Writes `value` as String(value) would, in ASCII at `at`, and returns the
 * index after it; -1 when the value is not one it handles (more than six
 * fraction digits, a billion or more, not finite), for the caller to write
 * String(value) instead. The buffer must have 24 bytes of room. Number to
 * text through V8 costs a string per cell; here a 30-day trail's 1 million
 * coordinates, speeds and odometers are digits written in place.
 */
export function writeDecimal(buf: Uint8Array, at: number, value: number): number {
  if (!(value > -MAX_MAGNITUDE && value < MAX_MAGNITUDE)) return -1;
  const scaled = Math.round(value * SCALE);
  // Exact for these magnitudes: scaled and scaled / SCALE are correctly rounded.
  if (scaled / SCALE !== value) return -1;
  // -0 and 0 are both "0".
  if (scaled === 0) {
    buf[at] = ZERO;
    return at + 1;
  }
  let units = scaled;
  if (units < 0) {
    buf[at++] = MINUS;
    units = -units;
  }
  const whole = Math.floor(units / SCALE);
  let fraction = units - whole * SCALE;
  at = writeDigits(buf, at, whole);
  if (fraction === 0) return at;
  let digits = SCALE_DIGITS;
  while (fraction % 10 === 0) {
    fraction /= 10;
    digits--;
  }
  buf[at++] = POINT;
  for (let i = digits - 1; i >= 0; i--) {
    buf[at + i] = ZERO + (fraction % 10);
    fraction = Math.floor(fraction / 10);
  }
  return at + digits;
}

/** A non-negative integer's decimal digits; returns the index after them. */
export function writeDigits(buf: Uint8Array, at: number, n: number): number {
  let len = 1;
  for (let p = 10; p <= n; p *= 10) len++;
  for (let i = at + len - 1; i >= at; i--) {
    const q = Math.floor(n / 10);
    buf[i] = ZERO + (n - q * 10);
    n = q;
  }
  return at + len;
}
