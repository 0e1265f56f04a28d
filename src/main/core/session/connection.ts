import { carriesTokenSafely, PLAIN_TRANSPORT_MESSAGE } from '../../../shared/ipc/secure-transport';
import type { Profile } from '../../../shared/ipc/views';
import type { DeprecationTracker } from '../api/deprecation-tracker';
import { createFleetApi, type FleetApi } from '../api/fleet-api';
import { createHttpClient, type HttpClient } from '../api/http-client';
import { createReportsApi, type ReportsApi } from '../api/reports-api';
import type { AccessTokenSource } from './access-token';
import { SignInError } from './sign-in-error';
import type { ServiceEndpoints } from './service-endpoints';

/** Our local service pages up to 500 (ASSET_PAGE_SIZE_MAX); a real one gets only `page` (spec 4.2). */
const DEMO_PAGE_SIZE = 500;

/**
 * The signed-in connection, for main only: its token source holds the
 * token, nowhere else does. Fleet, history, realtime and the reports client
 * are composed from it.
 */
export interface Connection {
  readonly profile: Profile;
  readonly endpoints: ServiceEndpoints;
  readonly user: { readonly id: number; readonly name: string };
  readonly tokens: AccessTokenSource;
  readonly http: HttpClient;
  readonly fleet: FleetApi;
  readonly reports: ReportsApi;
  /** The service refused the token for good (after a renewal, where one is possible). */
  refused(): void;
}

export interface ConnectionOptions {
  readonly profile: Profile;
  readonly endpoints: ServiceEndpoints;
  readonly user: Connection['user'];
  readonly tokens: AccessTokenSource;
  /** False once the session has moved on (signed out, another sign-in): an old client then sends nothing. */
  readonly isCurrent: () => boolean;
  onRefused(): void;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
  readonly now?: () => number;
  readonly deprecations?: DeprecationTracker;
  readonly onReachability?: (online: boolean) => void;
  /** Aborted when the session closes: every request still under way is cancelled. */
  readonly closed?: AbortSignal;
}

const ENDPOINT_FIELDS = ['base_url', 'ws_url', 'api_url', 'api_ws_url', 'tracking_url'] as const;

/**
 * Every address the token would travel to, checked again here whatever
 * produced them (a form, a stored profile, a service's metadata): TLS, or
 * plain only on loopback (shared/ipc/secure-transport.ts).
 */
export function checkEndpoints(endpoints: ServiceEndpoints): void {
  const errors: Record<string, string[]> = {};
  for (const field of ENDPOINT_FIELDS)
    if (!carriesTokenSafely(endpoints[field])) errors[field] = [PLAIN_TRANSPORT_MESSAGE];
  const fields = Object.keys(errors);
  if (fields.length > 0)
    throw new SignInError(
      'invalid',
      `Fleetdesk does not send your access token over plain http:// or ws:// to another computer (${fields.join(', ')}).`,
      errors,
    );
}

export function openConnection(o: ConnectionOptions): Connection {
  checkEndpoints(o.endpoints);
  const refused = (): void => {
    if (o.isCurrent()) o.onRefused();
  };
  const http = createHttpClient({
    // Read per request: after sign-out or a new sign-in, an old client has no token to send.
    getToken: () => (o.isCurrent() ? o.tokens.current() : null),
    renewToken: (token) => (o.isCurrent() ? o.tokens.renew(token) : Promise.resolve(false)),
    fetch: o.fetch,
    timeoutMs: o.timeoutMs,
    now: o.now,
    deprecations: o.deprecations,
    onUnauthorized: refused,
    onReachability: o.onReachability,
    closed: o.closed,
  });
  const pageSize = o.profile.kind === 'demo' ? DEMO_PAGE_SIZE : undefined;
  return {
    profile: o.profile,
    endpoints: o.endpoints,
    user: o.user,
    tokens: o.tokens,
    http,
    fleet: createFleetApi(http, {
      apiUrl: o.endpoints.api_url,
      accountKey: o.endpoints.account_key,
      pageSize,
    }),
    reports: createReportsApi(http, o.endpoints.base_url),
    refused,
  };
}
