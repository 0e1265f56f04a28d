/**
 * Writers of ASCII text straight into a chunk's bytes (text-chunks.ts
 * `reserve`), for the hot loops of long tables: a 30-day trail is 1.8
 * million cells, and a string per cell, concatenated and then encoded,
 * cost more than the digits themselves. Each takes the buffer and the index
 * to write at and returns the index after what it wrote.
 */

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

/** A number as String(value) writes it (24 bytes of room): six-decimal values as digits, others through String. */
export function writeNumber(buf: Uint8Array, at: number, value: number): number {
  const end = writeDecimal(buf, at, value);
  return end >= 0 ? end : writeAscii(buf, at, String(value));
}

/**
 * Pre-encoded bytes, e.g. a column's `,"lat":`, or the first `length` of them; a byte loop beats
 * TypedArray.set for a token's few bytes.
 */
export function copyBytes(buf: Uint8Array, at: number, bytes: Uint8Array, length = bytes.length): number {
  const n = length;
  for (let i = 0; i < n; i++) buf[at + i] = bytes[i]!;
  return at + n;
}

/** Text known to be ASCII (a number's String()), one byte a character. */
export function writeAscii(buf: Uint8Array, at: number, text: string): number {
  const n = text.length;
  for (let i = 0; i < n; i++) buf[at + i] = text.charCodeAt(i);
  return at + n;
}

/** ASCII text as bytes, once, for copyBytes. */
export const asciiBytes = (text: string): Uint8Array => Buffer.from(text, 'latin1');
