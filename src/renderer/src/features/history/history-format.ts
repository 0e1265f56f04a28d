import type { ClockFormat } from '../../layout/format/clock-format';
import { durationText } from '../../layout/format/duration-format';

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

/** "1 h 05 min", "12 min", "40 s" (from ms); times, dates and measures come from the display format. */
export function formatDuration(ms: number): string {
  return !Number.isFinite(ms) || ms < 0 ? '—' : durationText(ms / 1000);
}

export function formatHeading(deg: number): string {
  if (!Number.isFinite(deg)) return '—';
  const norm = ((deg % 360) + 360) % 360;
  return `${Math.round(norm)}° ${COMPASS[Math.round(norm / 45) % 8]}`;
}

export function formatIgnition(code: number): string {
  return code === 1 ? 'On' : code === 0 ? 'Off' : 'Unknown';
}

export function formatSpeedFactor(speed: number): string {
  return `${speed}×`;
}

/** Each stop with its day's date above the first stop of that day: the rows themselves show only the time. */
export function stopRows<S extends { readonly start: number }>(
  stops: readonly S[],
  fmt: Pick<ClockFormat, 'date' | 'dayKey'>,
): { readonly stop: S; readonly day: string | null }[] {
  // One day key a stop (a month has hundreds, each a time-zone formatToParts), not two.
  let prevDay: string | null = null;
  return stops.map((stop) => {
    const day = fmt.dayKey(stop.start);
    const first = day !== prevDay;
    prevDay = day;
    return { stop, day: first ? fmt.date(stop.start) : null };
  });
}
