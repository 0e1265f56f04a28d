import { EventEmitter } from 'node:events';
import { Provider, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Account } from '../accounts/account';
import type { ServiceLog, ServiceUrls } from '../context';
import { DESKTOP_CLIENT, INTERACTION_PREFIX, OAUTH_ROUTES, SCOPES } from './desktop-client';
import type { OAuthKeys } from './oauth-keys';
import { messagePage, SIGN_IN_PAGE_HEADERS } from './sign-in-pages';
import type { OAuthStore } from './sqlite-adapter';

export interface AuthorizationServerOptions {
  readonly issuer: string;
  readonly urls: ServiceUrls;
  readonly appKey: string;
  readonly account: Account;
  readonly store: OAuthStore;
  readonly keys: OAuthKeys;
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlSeconds: number;
  readonly log: ServiceLog;
}

const HOUR = 3600;
const DAY = 24 * HOUR;
/** docs/interface-decisions.md, "Sign-in (OAuth 2.0)": lifetimes in seconds. */
const GRANT_TTL = 90 * DAY;
const SESSION_TTL = 8 * HOUR;
const CODE_TTL = 60;
const INTERACTION_TTL = HOUR;
const ID_TOKEN_TTL = HOUR;

/** The `sub` of a user: its id as a decimal string, as the reports channel names it (spec 6.1). */
export const subjectOf = (userId: number): string => String(userId);

export function userOf(account: Account, sub: string): ReturnType<Account['userById']> {
  return /^[1-9]\d{0,9}$/.test(sub) ? account.userById(Number(sub)) : null;
}

/**
 * The authorization server: oidc-provider (a certified OpenID Connect
 * implementation), configured for one public native client (RFC 8252) and
 * nothing it does not need. What it decides is recorded in
 * docs/interface-decisions.md, "Sign-in (OAuth 2.0)".
 */
export function createAuthorizationServer(o: AuthorizationServerOptions): Provider {
  const configuration: Configuration = {
    adapter: (model: string) => o.store.adapterFor(model),
    clients: [DESKTOP_CLIENT],
    clientAuthMethods: ['none'],
    // Opaque tokens are checked against their stored expiry to the second, as the lifetimes promise.
    clockTolerance: 0,
    // RFC 9700 §2.1.1: PKCE for every authorization code; oidc-provider offers only S256.
    pkce: { required: () => true },
    responseTypes: ['code'],
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        // RFC 7009 §2.1: a client revokes only tokens issued to it; another's is ignored (200, nothing revoked),
        // as oidc-provider does by default for a public client, said here instead of its start-up notice.
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      resourceIndicators: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: false },
    },
    scopes: [...SCOPES],
    // Without a userinfo endpoint, the ID token carries the claims of the granted scopes.
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email', 'email_verified'],
      api: ['account_key'],
    },
    async findAccount(_ctx, sub) {
      const user = userOf(o.account, sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          name: user.name,
          preferred_username: user.username,
          email: user.email,
          email_verified: true,
          account_key: o.account.key,
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PREFIX}/${interaction.uid}` },
    cookies: { keys: [...o.keys.cookieKeys] },
    jwks: { keys: o.keys.jwks.keys.map((k) => ({ ...k })) },
    // RFC 9700 §4.14.2: every refresh gives a new refresh token; a spent one presented again revokes the grant.
    rotateRefreshToken: true,
    ttl: {
      AccessToken: o.accessTokenTtlSeconds,
      AuthorizationCode: CODE_TTL,
      IdToken: ID_TOKEN_TTL,
      Interaction: INTERACTION_TTL,
      Session: SESSION_TTL,
      Grant: GRANT_TTL,
      RefreshToken: o.refreshTokenTtlSeconds,
    },
    routes: { ...OAUTH_ROUTES },
    discovery: {
      // RFC 8414 §2 allows more members: an app given only the service's address learns the rest here.
      fleetdesk_service: {
        base_url: o.urls.base_url,
        ws_url: o.urls.ws_url,
        api_url: o.urls.api_url,
        api_ws_url: o.urls.api_ws_url,
        tracking_url: o.urls.tracking_url,
        app_key: o.appKey,
      },
    },
    renderError(ctx: KoaContextWithOIDC, out, error) {
      ctx.set(SIGN_IN_PAGE_HEADERS);
      ctx.type = 'html';
      const description = typeof out.error_description === 'string' ? out.error_description : '';
      ctx.body = messagePage(
        'Sign-in could not start',
        'The app asked for a sign-in this service cannot accept. Go back to the app and try again.',
        `${out.error}${description ? `: ${description}` : ''}`,
      );
      // Only a fault of ours (a 5xx) is worth a log line; bad requests are the client's.
      if (!('status' in error) || typeof error.status !== 'number' || error.status >= 500)
        o.log.error('oauth error page for an internal error', { path: ctx.path, err: String(error) });
    },
  };
  const provider = new Provider(o.issuer, configuration);
  const logInternal = (ctx: KoaContextWithOIDC | undefined, err: unknown): void =>
    o.log.error('oauth internal error', {
      path: ctx?.path ?? null,
      err: String(err),
      stack: err instanceof Error ? (err.stack ?? null) : null,
    });
  provider.on('server_error', logInternal);
  // Koa's own 'error' event (an error past oidc-provider's handlers): the service's log, not Koa's console.error.
  // (The provider's typings list only its own events; Koa's is on the same emitter.)
  EventEmitter.prototype.on.call(provider, 'error', (err: unknown, ctx?: KoaContextWithOIDC) =>
    logInternal(ctx, err),
  );
  return provider;
}
