/** Spec 7 / 8: the 503 body asks the client to retry in 30 seconds. */
export const DEFAULT_UNAVAILABLE_RETRY_MS = 30_000;

/**
 * The longest wait a Retry-After is read as. Past about 24.8 days a timer fires at once (and a wait
 * that long is no service's real request), and past about 8.6 × 10^15 ms there is no date to show.
 */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60_000;

/**
 * RFC 9110 §10.2.3 Retry-After: delay-seconds or an HTTP-date. Null when the
 * header is absent or unreadable; negative dates count as "now".
 */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(MAX_RETRY_AFTER_MS, Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.min(MAX_RETRY_AFTER_MS, Math.max(0, at - now));
}
