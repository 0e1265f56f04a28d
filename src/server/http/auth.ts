import type { FastifyRequest } from 'fastify';
import type { Account, ServiceUser } from '../accounts/account';
import { bearerChallenge } from './bearer-challenge';
import { forbidden, unauthorized } from './http-error';

const BEARER = /^Bearer\s+(\S{1,512})\s*$/i;
/** A credential in the Bearer scheme, well-formed or not (RFC 6750 §2.1). */
const BEARER_SCHEME = /^Bearer\s+\S/i;

/**
 * Spec 5: every request carries Authorization: Bearer; missing or unknown →
 * 401 `{message}`, with RFC 6750's challenge (bearer-challenge.ts).
 */
export function requireUser(account: Account, request: FastifyRequest): ServiceUser {
  const header = request.headers.authorization;
  const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
  const user = token === undefined ? null : account.authenticate(token);
  if (user) return user;
  const tokenSent = typeof header === 'string' && BEARER_SCHEME.test(header);
  throw unauthorized(bearerChallenge(tokenSent ? 'invalid_token' : undefined));
}

/** Spec 5: access to an asset is checked per user → 403. */
export function requireAssetAccess(account: Account, user: ServiceUser, assetId: number): void {
  if (!account.canAccess(user, assetId)) throw forbidden();
}
