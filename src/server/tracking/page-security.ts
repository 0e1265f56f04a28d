/** Default map tiles: OpenStreetMap's standard layer (its tile usage policy asks for the attribution we show). */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The scheme and host a tile URL template loads from, for the CSP's img-src; null when unusable. */
export function tileOrigin(tileUrl: string): string | null {
  try {
    const u = new URL(tileUrl.replace(/\{[a-z]\}/gi, 'a'));
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * Headers of every tracking page response (docs/architecture.md "Tracking pages"): scripts, styles and
 * connections only from this service, images also from the tile host, no
 * framing, no referrer (the address carries the link's secret uuid).
 */
export function pageSecurityHeaders(tileHost: string | null): Record<string, string> {
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data:${tileHost ? ` ${tileHost}` : ''}`,
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'geolocation=(), camera=(), microphone=()',
  };
}
