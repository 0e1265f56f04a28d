import type { Options } from 'pusher-js';

export interface PusherEndpoint {
  /** ws_url (reports, spec 6.1) or api_ws_url (live positions, spec 6.2). */
  readonly wsUrl: string;
  /** {base_url}/api/broadcasting/auth or {api_url}/broadcasting/auth. */
  readonly authEndpoint: string;
  /** The access token as of each authorization: an OAuth grant renews it while the socket stays open. */
  readonly token: () => string | null;
}

/**
 * Spec 6.1's client settings, derived from the profile instead of the hosted
 * defaults: host and port from the ws(s) URL, TLS only for wss:// (443 when no
 * port is given), transports ws and wss, no stats, an empty cluster, and the
 * Bearer token on channel authorization (spec 5), read when pusher-js
 * authorizes (its headersProvider), so a (re)subscription after a refresh
 * sends the current token.
 */
export function pusherSettings(endpoint: PusherEndpoint): Options {
  const url = new URL(endpoint.wsUrl);
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:')
    throw new Error(`A WebSocket address must start with ws:// or wss:// (got ${endpoint.wsUrl}).`);
  const tls = url.protocol === 'wss:';
  const port = url.port === '' ? (tls ? 443 : 80) : Number(url.port);
  const path = url.pathname.replace(/\/+$/, '');
  return {
    cluster: '',
    ...(path === '' ? {} : { wsPath: path }),
    wsHost: url.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    channelAuthorization: {
      endpoint: endpoint.authEndpoint,
      transport: 'ajax',
      headersProvider: () => {
        const token = endpoint.token();
        return token === null ? {} : { Authorization: `Bearer ${token}` };
      },
    },
  };
}

export const reportsAuthEndpoint = (baseUrl: string): string =>
  `${baseUrl.replace(/\/+$/, '')}/api/broadcasting/auth`;
export const liveAuthEndpoint = (apiUrl: string): string => `${apiUrl.replace(/\/+$/, '')}/broadcasting/auth`;
