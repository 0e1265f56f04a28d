/**
 * How far past this computer's clock a fix may be stamped and still count as now: trackers and computers
 * disagree by seconds, not minutes. Past it a fix is "ahead of this computer's clock" (a skewed tracker
 * clock, a wrong time zone on the device): it is shown as such and never replaces a fix stamped in the past
 * (docs/architecture.md "Live positions").
 */
export const CLOCK_AHEAD_TOLERANCE_MS = 2 * 60_000;

export const isAheadOfClock = (t: number, now: number): boolean => t - now > CLOCK_AHEAD_TOLERANCE_MS;

/**
 * Whether a fix stamped `t`, arriving now, replaces one stamped `before` (docs/interface-decisions.md "Fixes
 * ahead of the clock"): the later stamp wins between two fixes on the same side of the clock; across it, a
 * stamp ahead proves nothing, so the one arriving now wins: the next believable fix always replaces a fix
 * from the future, and a whole service whose clock runs ahead of this computer's still moves on the map.
 */
export function replacesFix(t: number, before: number, now: number): boolean {
  if (isAheadOfClock(t, now) !== isAheadOfClock(before, now)) return true;
  return before <= t;
}
