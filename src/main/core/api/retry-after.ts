/** Spec 7 / 8: the 503 body asks the client to retry in 30 seconds. */
export const DEFAULT_UNAVAILABLE_RETRY_MS = 30_000;

/**
 * RFC 9110 §10.2.3 Retry-After: delay-seconds or an HTTP-date. Null when the
 * header is absent or unreadable; negative dates count as "now".
 */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
