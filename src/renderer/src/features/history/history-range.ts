/** The contract's history.get answers at most 31 days per request. */
export const MAX_HISTORY_DAYS = 31;
const DAY_MS = 86_400_000;

export type RangePreset = 'today' | 'yesterday' | 'last7' | 'custom';

export const RANGE_PRESETS: readonly { readonly id: RangePreset; readonly label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'yesterday', label: 'Yesterday' },
  { id: 'last7', label: 'Last 7 days' },
  { id: 'custom', label: 'Custom' },
];

export interface TimeRange {
  readonly start: number;
  readonly end: number;
}

/** Local midnight of the day `ms` falls in: the operator's day, not UTC's (DST-safe). */
export function startOfLocalDay(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

function shiftLocalDays(dayStart: number, days: number): number {
  const d = new Date(dayStart);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days).getTime();
}

/** Today and the last 7 days end now (the future holds no fixes); yesterday is the whole day. */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now: number): TimeRange {
  const today = startOfLocalDay(now);
  switch (preset) {
    case 'today':
      return { start: today, end: Math.max(now, today + 1) };
    case 'yesterday':
      return { start: shiftLocalDays(today, -1), end: today };
    case 'last7':
      return { start: shiftLocalDays(today, -6), end: Math.max(now, today + 1) };
  }
}

const MINUTE_MS = 60_000;
/** Either side of a moment replayed from an alarm: the approach and what followed. */
export const MOMENT_MARGIN_MS = 30 * MINUTE_MS;

/**
 * The range replayed around a moment (an alarm's): half an hour either side,
 * on whole minutes, since the range form shows minutes. It is not cut at
 * "now": the service's clock, which stamps the moment, may run ahead of ours.
 */
export function rangeAround(at: number): TimeRange {
  return {
    start: Math.floor((at - MOMENT_MARGIN_MS) / MINUTE_MS) * MINUTE_MS,
    end: Math.ceil((at + MOMENT_MARGIN_MS) / MINUTE_MS) * MINUTE_MS,
  };
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** The value an <input type="datetime-local"> shows for an instant, in local time. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Parses a datetime-local value as local time; null when it is not a real date and time. */
export function parseLocalInput(value: string): number | null {
  const m = LOCAL_RE.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((k) => Number(m[k] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(y, mo - 1, d, h, mi, s);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  if (h > 23 || mi > 59 || s > 59) return null;
  return date.getTime();
}

/** Why a range cannot be asked for, in the operator's words; null when it can. */
export function rangeProblem(range: TimeRange): string | null {
  if (!Number.isFinite(range.start) || !Number.isFinite(range.end)) return 'Enter a start and an end';
  if (range.start < 0) return 'The start is before 1970';
  if (range.end <= range.start) return 'The end must be after the start';
  if (range.end - range.start > MAX_HISTORY_DAYS * DAY_MS)
    return `History covers at most ${MAX_HISTORY_DAYS} days at a time`;
  return null;
}
