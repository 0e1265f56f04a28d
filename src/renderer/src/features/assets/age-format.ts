import { isAheadOfClock } from '../../../../shared/time/clock-ahead';

/** Said of a fix stamped in the future (a tracker's skewed clock): never "just now". */
export const AHEAD_OF_CLOCK = "ahead of this computer's clock";

/**
 * "just now", "45 s ago", "2 min ago", "3 h ago", "4 d ago": short enough for a fixed-width column, where
 * a stamp ahead of the clock reads "clock ahead" (`column`); elsewhere it is said whole.
 */
export function formatAge(thenMs: number | null, nowMs: number, column = false): string {
  if (thenMs === null || !Number.isFinite(thenMs)) return 'never';
  if (isAheadOfClock(thenMs, nowMs)) return column ? 'clock ahead' : AHEAD_OF_CLOCK;
  const s = Math.floor((nowMs - thenMs) / 1000);
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s ago`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.floor(h / 24)} d ago`;
}

/** How often an age needs re-rendering: every second while in seconds, then every 30 s. */
export function ageTickMs(thenMs: number | null, nowMs: number): number {
  if (thenMs === null) return 60_000;
  return nowMs - thenMs < 60_000 ? 1000 : 30_000;
}
