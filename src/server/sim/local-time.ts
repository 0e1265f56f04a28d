/**
 * Milan local time (Europe/Rome) without Intl: the EU rule puts summer time
 * (CEST, UTC+2) between 01:00 UTC on the last Sunday of March and 01:00 UTC
 * on the last Sunday of October; otherwise CET (UTC+1). Local days are the
 * simulation's unit of work, so this must be cheap and identical everywhere.
 */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const transitions = new Map<number, readonly [number, number]>();

function lastSundayAt0100Utc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  const weekday = new Date(lastDay).getUTCDay();
  return lastDay - weekday * DAY_MS + HOUR_MS;
}

function summerTime(year: number): readonly [number, number] {
  let t = transitions.get(year);
  if (!t) {
    t = [lastSundayAt0100Utc(year, 2), lastSundayAt0100Utc(year, 9)];
    transitions.set(year, t);
  }
  return t;
}

// The last interval with a constant offset: almost every call falls in it.
let spanFrom = 0;
let spanTo = -1;
let spanOffset = HOUR_MS;

/** Offset of Milan local time from UTC at instant t. */
export function romeOffsetMs(t: number): number {
  if (t >= spanFrom && t < spanTo) return spanOffset;
  const year = new Date(t).getUTCFullYear();
  const [start, end] = summerTime(year);
  if (t >= start && t < end) {
    spanFrom = start;
    spanTo = end;
    spanOffset = 2 * HOUR_MS;
  } else if (t < start) {
    spanFrom = summerTime(year - 1)[1];
    spanTo = start;
    spanOffset = HOUR_MS;
  } else {
    spanFrom = end;
    spanTo = summerTime(year + 1)[0];
    spanOffset = HOUR_MS;
  }
  return spanOffset;
}

/** Days since 1970-01-01 in Milan local time. */
export function localDay(t: number): number {
  return Math.floor((t + romeOffsetMs(t)) / DAY_MS);
}

/**
 * The instant of local midnight starting `day`. The switch happens at 02:00/03:00
 * local, so midnight is never ambiguous; one hour before UTC midnight is on its side.
 */
export function localDayStart(day: number): number {
  return day * DAY_MS - romeOffsetMs(day * DAY_MS - HOUR_MS);
}

/** The instant of a local wall-clock time (hours from midnight, >= 03:00 or before any switch). */
export function localInstant(day: number, hours: number): number {
  const wall = day * DAY_MS + hours * HOUR_MS;
  return wall - romeOffsetMs(wall - HOUR_MS);
}

/** 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday). */
export const weekdayOf = (day: number): number => (((day + 3) % 7) + 7) % 7;
