/**
 * How far past this computer's clock a fix may be stamped and still count as now: trackers and computers
 * disagree by seconds, not minutes. Past it a fix is "ahead of this computer's clock" (a skewed tracker
 * clock, a wrong time zone on the device): it is shown as such and never replaces a fix stamped in the past
 * (docs/architecture.md "Live positions").
 */
export const CLOCK_AHEAD_TOLERANCE_MS = 2 * 60_000;

export const isAheadOfClock = (t: number, now: number): boolean => t - now > CLOCK_AHEAD_TOLERANCE_MS;

/**
 * Whether a fix stamped `t` replaces one stamped `before`: the later wins, except that a fix ahead of the
 * clock never wins over one that is not, and always loses to one.
 */
export function replacesFix(t: number, before: number, now: number): boolean {
  const ahead = isAheadOfClock(t, now);
  if (ahead !== isAheadOfClock(before, now)) return !ahead;
  return before <= t;
}
