import type { FastifyInstance } from 'fastify';
import type { Provider } from 'oidc-provider';
import type { ServiceUser } from '../accounts/account';
import type { ServiceContext, ServiceModule } from '../context';
import { acceptAccessTokens } from '../http/auth';
import { userForAccessToken } from './access-token-user';
import { createAuthorizationServer } from './authorization-server';
import { registerInteractionRoutes } from './interaction-routes';
import { loadOAuthKeys } from './oauth-keys';
import { registerProviderRoutes } from './provider-routes';
import { createOAuthStore } from './sqlite-adapter';

export interface OAuthModuleOptions {
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlSeconds: number;
}

export interface OAuthModule extends ServiceModule {
  /** The user of an OAuth access token, or null (unknown, expired, revoked, without the API scope). */
  userForAccessToken(token: string): Promise<ServiceUser | null>;
}

/** Expired codes, tokens and sessions are deleted this often. */
const SWEEP_MS = 10 * 60_000;

/**
 * The local service as an OAuth 2.0 authorization server for the desktop app
 * (docs/interface-decisions.md, "Sign-in (OAuth 2.0)"). Its access tokens
 * count wherever a static token does (http/auth.ts). Register it before the
 * routes that take tokens: the hook that looks them up must run first.
 */
export function createOAuthModule(ctx: ServiceContext, options: OAuthModuleOptions): OAuthModule {
  const store = createOAuthStore(ctx.db);
  const keys = loadOAuthKeys(ctx.dataDir, ctx.log);
  let provider: Provider | null = null;
  let sweeper: NodeJS.Timeout | null = null;

  const userFor = async (token: string): Promise<ServiceUser | null> => {
    if (!provider) return null;
    try {
      return await userForAccessToken(provider, ctx.account, token);
    } catch (err) {
      ctx.log.error('looking up an access token failed', { err: String(err) });
      return null;
    }
  };

  return {
    name: 'oauth',
    userForAccessToken: userFor,
    async register(app: FastifyInstance) {
      acceptAccessTokens(app, ctx.account, userFor);
      await registerProviderRoutes(app, () => provider);
      registerInteractionRoutes(app, ctx, () => provider);
    },
    start() {
      // The issuer is the address the service listens on, known only now (port 0 in tests).
      provider = createAuthorizationServer({
        issuer: ctx.urls.base_url,
        urls: ctx.urls,
        appKey: ctx.appKey,
        account: ctx.account,
        store,
        keys,
        accessTokenTtlSeconds: options.accessTokenTtlSeconds,
        refreshTokenTtlSeconds: options.refreshTokenTtlSeconds,
        log: ctx.log,
      });
      store.sweep();
      sweeper = setInterval(() => store.sweep(), SWEEP_MS);
      sweeper.unref();
    },
    stop() {
      if (sweeper) clearInterval(sweeper);
      provider = null;
    },
  };
}
