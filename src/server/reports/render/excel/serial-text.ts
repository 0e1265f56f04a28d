import { asciiBytes, copyBytes, writeAscii, writeDigits, writeNumber } from '../ascii-writers';

/**
 * Serials of 1989-09-17 to 2079-06-06 (32,768 to 65,536 days): one binade,
 * where every double has the same spacing, 2^-37, and whole days are
 * multiples of it.
 */
const LOW = 2 ** 15;
const HIGH = 2 ** 16;
/** Times of day remembered; a trail of 10 s fixes has 8,640. */
const MAX_REMEMBERED = 100_000;

/**
 * Writes Excel date serials (excel-cells.ts) as String(serial) would, a
 * 30-day trail's 259,200 of them. Within one binade a serial's digits after
 * the point depend only on its fraction: the shortest decimal that rounds
 * back (ECMA-262 Number::toString) is the whole day's digits and the
 * shortest fraction within the same half-spacing on either side, and the
 * tie-breaking parity is the fraction's, since whole days are even
 * multiples of the spacing. So each time of day is turned into bytes once,
 * not once a day; the fraction is compared exactly, as a double.
 */
export function serialWriter(): (buf: Uint8Array, at: number, serial: number) => number {
  const fractions = new Map<number, Uint8Array>();
  return (buf, at, serial) => {
    if (!(serial >= LOW && serial < HIGH)) return writeNumber(buf, at, serial);
    const whole = Math.floor(serial);
    const fraction = serial - whole;
    const digits = fractions.get(fraction);
    if (digits !== undefined) return copyBytes(buf, writeDigits(buf, at, whole), digits);
    const text = String(serial);
    if (fractions.size < MAX_REMEMBERED)
      fractions.set(fraction, asciiBytes(text.slice(String(whole).length)));
    return writeAscii(buf, at, text);
  };
}
