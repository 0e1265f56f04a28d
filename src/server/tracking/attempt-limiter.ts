/**
 * Counts attempts per key in a fixed window and refuses once `max` is reached
 * until the window ends. Kept in memory: a restart forgets the counts, which
 * only gives an attacker one more window, and nothing about a viewer is kept.
 */
export interface AttemptLimiter {
  /** ms until the key may try again, or 0 when it may now. */
  blockedFor(key: string, now: number): number;
  /** Records one attempt (a failure, or a send); returns ms blocked from now on (0 while under the limit). */
  record(key: string, now: number): number;
  reset(key: string): void;
}

interface Window {
  start: number;
  count: number;
}

const MAX_KEYS = 10_000;

export function createAttemptLimiter(rule: { max: number; windowMs: number }): AttemptLimiter {
  const windows = new Map<string, Window>();
  const current = (key: string, now: number): Window | undefined => {
    const w = windows.get(key);
    if (w && now - w.start >= rule.windowMs) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  const prune = (now: number): void => {
    if (windows.size < MAX_KEYS) return;
    for (const [k, w] of windows) if (now - w.start >= rule.windowMs) windows.delete(k);
    // Still full of live windows (a flood of keys): drop the oldest rather than grow without bound.
    for (const k of windows.keys()) {
      if (windows.size < MAX_KEYS) break;
      windows.delete(k);
    }
  };
  const remaining = (w: Window | undefined, now: number): number =>
    w && w.count >= rule.max ? w.start + rule.windowMs - now : 0;

  return {
    blockedFor(key, now) {
      return remaining(current(key, now), now);
    },
    record(key, now) {
      let w = current(key, now);
      if (!w) {
        prune(now);
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      return remaining(w, now);
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
