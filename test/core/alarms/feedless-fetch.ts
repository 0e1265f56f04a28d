/** Our alarm extension's own paths (docs/service-interface.md §4.3): the feed and geofences. Alert rules are spec 4.3's. */
const EXTENSION = /^\/api\/[^/]+\/(alarm|geofence)(\/|$)/;

export interface FeedlessFetch {
  /** The core's fetch: the real one, except for the extension's routes. */
  readonly fetch: typeof fetch;
  /** Requests answered 404 so far, as `METHOD path?query`. */
  readonly refused: string[];
}

/**
 * The local service as a service from before the alarm extension, seen
 * through the core's own fetch: every request goes through to it unchanged,
 * except the extension's routes, which answer 404 as an unknown route does.
 * Positions, the live channel, assets and alert rules are the real service's.
 * (Not a proxy in front of the service: the Demo signs in by OAuth, and the
 * service's metadata names its own addresses, which the core then uses.)
 */
export function feedlessFetch(): FeedlessFetch {
  const refused: string[] = [];
  return {
    refused,
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      if (!EXTENSION.test(url.pathname)) return fetch(input, init);
      refused.push(`${method} ${url.pathname}${url.search}`);
      return Response.json(
        { status: 'error', message: `Route ${method}:${url.pathname} not found` },
        { status: 404 },
      );
    },
  };
}
