/** Without a word from the upstream on freshness, a tile is fresh for a week (the OSM tile policy's minimum). */
export const DEFAULT_FRESH_MS = 7 * 24 * 3600 * 1000;

/** What the upstream's cache headers allow (RFC 9111 §5.2, §5.3): keep it at all, and fresh until when. */
export interface Freshness {
  readonly store: boolean;
  readonly freshUntil: number;
}

/**
 * Reads Cache-Control and Expires. `no-store` is kept out of the cache;
 * `no-cache` and `max-age=0` are kept but stale at once (asked again whenever
 * the upstream answers, served only while it does not).
 */
export function freshnessOf(headers: Headers, now: number): Freshness {
  const cc = (headers.get('cache-control') ?? '').toLowerCase();
  const directives = new Map<string, string>();
  for (const part of cc.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name) directives.set(name, (value ?? '').replace(/^"|"$/g, ''));
  }
  if (directives.has('no-store')) return { store: false, freshUntil: now };
  if (directives.has('no-cache')) return { store: true, freshUntil: now };
  const maxAge = directives.get('s-maxage') ?? directives.get('max-age');
  if (maxAge !== undefined && /^\d+$/.test(maxAge))
    return { store: true, freshUntil: now + Number(maxAge) * 1000 };
  const expires = headers.get('expires');
  if (expires !== null) {
    const at = Date.parse(expires);
    // An unparseable Expires means "already expired" (RFC 9111 §5.3).
    return { store: true, freshUntil: Number.isNaN(at) ? now : at };
  }
  return { store: true, freshUntil: now + DEFAULT_FRESH_MS };
}
