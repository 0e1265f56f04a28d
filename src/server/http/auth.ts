import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Account, ServiceUser } from '../accounts/account';
import { bearerChallenge } from './bearer-challenge';
import { forbidden, unauthorized } from './http-error';

const BEARER = /^Bearer\s+(\S{1,512})\s*$/i;
/** A credential in the Bearer scheme, well-formed or not (RFC 6750 §2.1). */
const BEARER_SCHEME = /^Bearer\s+\S/i;

/** The user of an OAuth access token a request carried, found before any route ran (acceptAccessTokens). */
const accessTokenUsers = new WeakMap<FastifyRequest, ServiceUser>();

const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  return typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
};

/** Who an OAuth access token belongs to, or null when it is unknown, expired, revoked or lacks the API scope. */
export type AccessTokenResolver = (token: string) => Promise<ServiceUser | null>;

/**
 * Makes OAuth access tokens (src/server/oauth) count wherever a static token
 * does. Looking one up is asynchronous (the authorization server's store),
 * so it happens once per request in a global onRequest hook, before any
 * route's own hooks, and `requireUser` stays the one synchronous check every
 * route makes. Registered before the routes it protects.
 */
export function acceptAccessTokens(
  app: FastifyInstance,
  account: Account,
  resolve: AccessTokenResolver,
): void {
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (token === undefined || account.authenticate(token) !== null) return;
    const user = await resolve(token);
    if (user) accessTokenUsers.set(request, user);
  });
}

/**
 * Spec 5: every request carries Authorization: Bearer (a static token or an
 * OAuth access token); missing or unknown → 401 `{message}`, with RFC 6750's
 * challenge (bearer-challenge.ts).
 */
export function requireUser(account: Account, request: FastifyRequest): ServiceUser {
  const token = bearerToken(request);
  const user =
    token === undefined ? null : (account.authenticate(token) ?? accessTokenUsers.get(request) ?? null);
  if (user) return user;
  const header = request.headers.authorization;
  const tokenSent = typeof header === 'string' && BEARER_SCHEME.test(header);
  throw unauthorized(bearerChallenge(tokenSent ? 'invalid_token' : undefined));
}

/** Spec 5: access to an asset is checked per user → 403. */
export function requireAssetAccess(account: Account, user: ServiceUser, assetId: number): void {
  if (!account.canAccess(user, assetId)) throw forbidden();
}
