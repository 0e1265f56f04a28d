import { copyBytes, writeAscii } from './ascii-writers';
import { isoDateTime } from './cell-values';

const MS_PER_HOUR = 3_600_000;
/** Date.toISOString writes four-digit years only in 0000–9999. */
const LAST_FOUR_DIGIT_YEAR_MS = 253_402_300_800_000;

const ZERO = 48;
const [COLON, DOT, Z] = [58, 46, 90];
/** "YYYY-MM-DDTHH:mm:ss.sssZ" */
const ISO_TIME_BYTES = 24;

/**
 * Epoch ms as toISOString() would write them, as ASCII into `buf` at `at`
 * (which has ISO_TIME_BYTES of room), for long runs of nearby times (a
 * trail's fixes): the "YYYY-MM-DDTHH:" part is computed once per hour, the
 * rest digit by digit. Date.toISOString costs about a microsecond and a
 * string, which a 30-day trail pays 259,200 times. Returns the index after
 * the text, or -1 for a time it leaves to toISOString (not a whole ms,
 * outside years 0000–9999).
 */
export function isoTimeByteWriter(): (buf: Uint8Array, at: number, ms: number) => number {
  let hour = NaN;
  const prefix = new Uint8Array(14);
  return (buf, at, ms) => {
    if (!Number.isInteger(ms) || ms < 0 || ms >= LAST_FOUR_DIGIT_YEAR_MS) return -1;
    const h = Math.floor(ms / MS_PER_HOUR);
    if (h !== hour) {
      hour = h;
      writeAscii(prefix, 0, isoDateTime(h * MS_PER_HOUR).slice(0, 14));
    }
    copyBytes(buf, at, prefix);
    let rest = ms - h * MS_PER_HOUR;
    const minute = Math.floor(rest / 60_000);
    rest -= minute * 60_000;
    const second = Math.floor(rest / 1000);
    const milli = rest - second * 1000;
    buf[at + 14] = ZERO + Math.floor(minute / 10);
    buf[at + 15] = ZERO + (minute % 10);
    buf[at + 16] = COLON;
    buf[at + 17] = ZERO + Math.floor(second / 10);
    buf[at + 18] = ZERO + (second % 10);
    buf[at + 19] = DOT;
    buf[at + 20] = ZERO + Math.floor(milli / 100);
    buf[at + 21] = ZERO + (Math.floor(milli / 10) % 10);
    buf[at + 22] = ZERO + (milli % 10);
    buf[at + 23] = Z;
    return at + ISO_TIME_BYTES;
  };
}
