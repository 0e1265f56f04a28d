import type { DateFormat } from '../../../../shared/ipc';
import { isTimeZone, localeUsesHour24 } from '../../../../shared/time/time-zone';

/**
 * Times and dates in the operator's zone, hour cycle and date format
 * (docs/architecture.md "Formatting"). One Intl formatter per shape, built
 * once per settings: building them is the slow part of Intl.
 */
export interface ClockOptions {
  readonly timeZone: string;
  /** null: as the locale writes times. */
  readonly hour24: boolean | null;
  readonly dateFormat: DateFormat;
  /** The language's words ("Nov", "Thursday"); undefined: the computer's. */
  readonly locale?: string;
}

export interface ClockFormat {
  /** The IANA zone the times are in ("Europe/Berlin", "UTC"). */
  readonly zone: string;
  /** "14:05" or "2:05 PM"; with seconds "14:05:09". */
  time(ms: number, seconds?: boolean): string;
  /** The date alone: "26 Nov 2026", "2026-11-26", "26/11/2026" or "11/26/2026". */
  date(ms: number): string;
  /** The date without its year where the format allows ("26 Nov", "26/11", "11/26"; ISO keeps the year). */
  shortDate(ms: number): string;
  /** "26 Nov 2026, 14:05". */
  dateTime(ms: number, seconds?: boolean): string;
  /** The time alone on the day of `now`, the short date and time on another day, the year too in another year. */
  moment(ms: number, now: number, seconds?: boolean): string;
  /** "Thursday, 26 Nov 2026, 14:05:09 CET": everything, for a tooltip. */
  full(ms: number): string;
  /** "2026-11-26": the day in the zone, for grouping and comparing days. */
  dayKey(ms: number): string;
  /** A YYYY-MM-DD naming a calendar day (the service's UTC days) in the date format, not shifted by the zone. */
  calendarDay(isoDate: string): string;
}

interface Ymd {
  readonly year: string;
  readonly month: string;
  readonly day: string;
}

/** The computer's own zone, what 'system' means. */
export const systemTimeZone = (): string => new Intl.DateTimeFormat().resolvedOptions().timeZone;

function numericDate(ymd: Ymd, format: Exclude<DateFormat, 'locale'>, withYear: boolean): string {
  const { year, month, day } = ymd;
  if (format === 'iso') return `${year}-${month}-${day}`;
  const dm = format === 'dmy' ? `${day}/${month}` : `${month}/${day}`;
  return withYear ? `${dm}/${year}` : dm;
}

export function createClockFormat(o: ClockOptions): ClockFormat {
  // A zone this runtime does not know (a settings file from a newer ICU) falls back to the computer's.
  const zone = o.timeZone !== 'system' && isTimeZone(o.timeZone) ? o.timeZone : systemTimeZone();
  const build = (opts: Intl.DateTimeFormatOptions, timeZone = zone) =>
    new Intl.DateTimeFormat(o.locale, { ...opts, timeZone });
  // hourCycle rather than hour12: hour12 false gives "24:05" after midnight in some locales (h24).
  const hour24 = o.hour24 ?? localeUsesHour24(o.locale);
  const cycle: Intl.DateTimeFormatOptions = { hourCycle: hour24 ? 'h23' : 'h12' };
  const hhmm = build({ hour: hour24 ? '2-digit' : 'numeric', minute: '2-digit', ...cycle });
  const hhmmss = build({
    hour: hour24 ? '2-digit' : 'numeric',
    minute: '2-digit',
    second: '2-digit',
    ...cycle,
  });
  const parts = (timeZone: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const zoneParts = parts(zone);
  const utcParts = parts('UTC');
  const ymd = (f: Intl.DateTimeFormat, ms: number): Ymd => {
    const p = Object.fromEntries(f.formatToParts(ms).map((x) => [x.type, x.value]));
    return { year: p.year ?? '', month: p.month ?? '', day: p.day ?? '' };
  };
  const localeDate = build({ day: 'numeric', month: 'short', year: 'numeric' });
  const localeDayMonth = build({ day: 'numeric', month: 'short' });
  const weekday = build({ weekday: 'long' });
  const zoneName = build({ timeZoneName: 'short' });
  const utcLocaleDate = build({ day: 'numeric', month: 'short', year: 'numeric' }, 'UTC');

  const date = (ms: number): string =>
    o.dateFormat === 'locale' ? localeDate.format(ms) : numericDate(ymd(zoneParts, ms), o.dateFormat, true);
  const shortDate = (ms: number): string =>
    o.dateFormat === 'locale'
      ? localeDayMonth.format(ms)
      : numericDate(ymd(zoneParts, ms), o.dateFormat, false);
  const time = (ms: number, seconds = false): string => (seconds ? hhmmss : hhmm).format(ms);
  const dayKey = (ms: number): string => numericDate(ymd(zoneParts, ms), 'iso', true);
  const dateTime = (ms: number, seconds = false): string => `${date(ms)}, ${time(ms, seconds)}`;

  return {
    zone,
    time,
    date,
    shortDate,
    dateTime,
    moment(ms, now, seconds = false) {
      if (dayKey(ms) === dayKey(now)) return time(ms, seconds);
      const sameYear = dayKey(ms).slice(0, 4) === dayKey(now).slice(0, 4);
      return `${sameYear ? shortDate(ms) : date(ms)}, ${time(ms, seconds)}`;
    },
    full(ms) {
      const name = zoneName.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? zone;
      return `${weekday.format(ms)}, ${date(ms)}, ${time(ms, true)} ${name}`;
    },
    dayKey,
    calendarDay(isoDate) {
      const ms = Date.parse(`${isoDate}T00:00:00Z`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate) || Number.isNaN(ms)) return isoDate;
      return o.dateFormat === 'locale'
        ? utcLocaleDate.format(ms)
        : numericDate(ymd(utcParts, ms), o.dateFormat, true);
    },
  };
}
