import type { ClientMetadata } from 'oidc-provider';

/** docs/interface-decisions.md, "Sign-in (OAuth 2.0)": the one client, the paths and the scopes. */
export const DESKTOP_CLIENT_ID = 'fleetdesk-desktop';
export const DESKTOP_CLIENT_NAME = 'Fleetdesk desktop app';

/** The path of the loopback redirect URI (RFC 8252 §7.3: only the port is the app's to choose). */
export const LOOPBACK_REDIRECT_PATH = '/callback';

export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
} as const;

export const DISCOVERY_PATHS = [
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
] as const;

/** The sign-in and consent pages of one authorization request. */
export const INTERACTION_PREFIX = '/oauth/interaction';

/** Use the fleet service as the signed-in user: the scope an access token needs at the API. */
export const API_SCOPE = 'api';

/** In the order the consent page lists them: what matters most first. */
export const SCOPES = [API_SCOPE, 'offline_access', 'openid', 'profile', 'email'] as const;
export type Scope = (typeof SCOPES)[number];

/** What the consent page says each scope lets the app do. */
export const SCOPE_PERMISSIONS: Readonly<Record<Scope, string>> = {
  api: 'Use the fleet service as you, with your access: see the positions, history and details of your assets, request and download reports, create tracking links, and manage fleet records',
  offline_access:
    'Stay signed in until you sign out in the app (without this, you sign in again every few minutes)',
  openid: 'Know which user you are',
  profile: 'See your name and user name',
  email: 'See your e-mail address',
};

/**
 * RFC 8252: a native app is a public client (no secret it could keep), so
 * PKCE and loopback redirects on any port. oidc-provider matches a native
 * client's loopback redirect URIs without their port (its Client model,
 * `redirectUriAllowed`), which is RFC 8252 §7.3's rule.
 */
export const DESKTOP_CLIENT: ClientMetadata = {
  client_id: DESKTOP_CLIENT_ID,
  client_name: DESKTOP_CLIENT_NAME,
  application_type: 'native',
  token_endpoint_auth_method: 'none',
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  redirect_uris: [`http://127.0.0.1${LOOPBACK_REDIRECT_PATH}`, `http://[::1]${LOOPBACK_REDIRECT_PATH}`],
  scope: SCOPES.join(' '),
};
