/**
 * The longest wait setTimeout keeps (HTML's timer initialisation steps, Node's TIMEOUT_MAX): a longer one
 * fires after 1 ms. A timer set for a moment further off is set for this long and looks again then.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** The delay to give setTimeout for a wait of `ms`: never negative, never past what it keeps. */
export const timerDelay = (ms: number): number => Math.min(MAX_TIMER_MS, Math.max(0, ms));
