/**
 * Spec 9 leaves the form of deprecation warnings open; ours are the
 * standard headers: RFC 9745 `Deprecation: @<epoch seconds>`, RFC 8594
 * `Sunset: <HTTP-date>`, and `Link: <…>; rel="deprecation"` pointing at the
 * portal's deprecation notes. A route is deprecated by declaring it in its
 * route table (`deprecation`), which puts it in the fastify route config; the
 * app adds the headers to every answer of such a route, errors included.
 */
export interface Deprecation {
  /** When the route was deprecated (ISO 8601). */
  readonly deprecatedAt: string;
  /** When it may stop answering (ISO 8601). */
  readonly sunsetAt: string;
  /** What to use instead, shown in the portal. */
  readonly successor: string;
}

/** Spec 9: "a 90-day warning period with deprecation warnings in responses". */
export const DEPRECATION_WARNING_DAYS = 90;
export const DEPRECATION_NOTES_PATH = '/docs#deprecations';

const DAY_MS = 86_400_000;

export function deprecatedSince(isoDate: string, successor: string): Deprecation {
  const at = Date.parse(isoDate);
  return {
    deprecatedAt: new Date(at).toISOString(),
    sunsetAt: new Date(at + DEPRECATION_WARNING_DAYS * DAY_MS).toISOString(),
    successor,
  };
}

export function deprecationHeaders(d: Deprecation): Record<string, string> {
  return {
    deprecation: `@${Math.floor(Date.parse(d.deprecatedAt) / 1000)}`,
    sunset: new Date(d.sunsetAt).toUTCString(),
    link: `<${DEPRECATION_NOTES_PATH}>; rel="deprecation"; type="text/html"`,
  };
}
