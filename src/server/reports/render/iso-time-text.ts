import { isoDateTime } from './cell-values';

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
const MS_PER_HOUR = 3_600_000;
/** Date.toISOString writes four-digit years only in 0000–9999. */
const LAST_FOUR_DIGIT_YEAR_MS = 253_402_300_800_000;

/**
 * A formatter of epoch ms as toISOString() would write them, for long runs
 * of nearby times (a trail's fixes): the "YYYY-MM-DDTHH:" part is computed
 * once per hour, the rest from digit tables. Date.toISOString costs about a
 * microsecond, which a 30-day trail pays 259,200 times.
 */
export function isoTimeFormatter(): (ms: number) => string {
  let hour = NaN;
  let prefix = '';
  return (ms) => {
    if (!Number.isInteger(ms) || ms < 0 || ms >= LAST_FOUR_DIGIT_YEAR_MS) return isoDateTime(ms);
    const h = Math.floor(ms / MS_PER_HOUR);
    if (h !== hour) {
      hour = h;
      prefix = isoDateTime(h * MS_PER_HOUR).slice(0, 14);
    }
    const inHour = ms - h * MS_PER_HOUR;
    const minute = Math.floor(inHour / 60_000);
    const inMinute = inHour - minute * 60_000;
    const second = Math.floor(inMinute / 1000);
    return `${prefix}${TWO_DIGITS[minute]!}:${TWO_DIGITS[second]!}.${THREE_DIGITS[inMinute - second * 1000]!}Z`;
  };
}
