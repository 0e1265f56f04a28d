import { HttpError } from './http-error';

/**
 * Spec 9 leaves the form of deprecation warnings open; ours are the
 * standard headers: RFC 9745 `Deprecation: @<epoch seconds>`, RFC 8594
 * `Sunset: <HTTP-date>`, and `Link: <…>; rel="deprecation"` pointing at the
 * portal's deprecation notes. A route is deprecated by declaring it in its
 * route table (`deprecation`), which puts it in the fastify route config; the
 * app adds the headers to every answer of such a route, errors included.
 * From its Sunset on, the route is removed (spec 9: "removal after the
 * warning period"): it answers 410 with spec 7's body, still with the headers,
 * so a client learns both that it is gone and where the notes are.
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

/** RFC 8594: at and after the Sunset instant the route no longer does its work. */
export const isPastSunset = (d: Deprecation, nowMs: number): boolean => nowMs >= Date.parse(d.sunsetAt);

export function removedRoute(d: Deprecation): HttpError {
  return new HttpError(410, {
    status: 'error',
    message:
      `This route was deprecated on ${d.deprecatedAt.slice(0, 10)} and removed on ${d.sunsetAt.slice(0, 10)}; ` +
      `use ${d.successor} (see ${DEPRECATION_NOTES_PATH}).`,
  });
}
