/**
 * The app as the service's OAuth client (docs/interface-decisions.md,
 * "Sign-in (OAuth 2.0)"): a public native client (RFC 8252) registered with
 * this id, asking for these scopes, redirected to a loopback address with
 * this path on a port of its choosing.
 */
export const DESKTOP_CLIENT_ID = 'fleetdesk-desktop';

/**
 * `api` to use the fleet service; `offline_access` for a refresh token (OpenID Connect Core §11:
 * only with prompt=consent); `openid profile` for who signed in (sub, name) and the account key.
 */
export const SIGN_IN_SCOPE = 'openid profile email offline_access api';

/** RFC 8252 §7.3: the port is the app's to choose, the host and path are registered. */
export const LOOPBACK_HOST = '127.0.0.1';
export const LOOPBACK_PATH = '/callback';

/** How long a request to the authorization server may take (openid-client counts in seconds). */
export const OAUTH_TIMEOUT_SECONDS = 20;
