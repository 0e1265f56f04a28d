import type { FastifyRequest } from 'fastify';
import type { ServiceUser } from '../accounts/account';
import { requireAssetAccess, requireUser } from '../http/auth';
import { HttpError } from '../http/http-error';
import type { StoredTrackingLink } from './tracking-link-store';
import { clientKey, minutes, type TrackingPageDeps } from './tracking-page-deps';

/**
 * Spec 5: an authorized_only link "requires API authentication to view", so
 * its JSON endpoints (state, events) accept the API's own
 * `Authorization: Bearer <token>` as well as the page's session cookie. The
 * rule is the sign-in form's: a user of the account who may access the asset
 * (per user, spec 5), and wrong tokens count toward the same lock, so the
 * header is no way around it.
 *
 * Returns the user, null when the request sends no Authorization header, or
 * throws spec 7's 401 (bad token), 403 (no access to the asset) or 429 (locked).
 */
export function bearerViewer(
  deps: TrackingPageDeps,
  request: FastifyRequest,
  link: StoredTrackingLink,
  now: number,
): ServiceUser | null {
  if (link.accessType !== 'authorized_only' || request.headers.authorization === undefined) return null;
  const key = clientKey(request, link.uuid);
  const blocked = deps.signInLimiter.blockedFor(key, now);
  if (blocked > 0) {
    throw new HttpError(
      429,
      { status: 'error', message: `Too many failed sign-ins. Try again in ${minutes(blocked)} min.` },
      { 'Retry-After': String(Math.ceil(blocked / 1000)) },
    );
  }
  let user: ServiceUser;
  try {
    user = requireUser(deps.ctx.account, request);
  } catch (err) {
    deps.signInLimiter.record(key, now);
    throw err;
  }
  requireAssetAccess(deps.ctx.account, user, link.assetId);
  deps.signInLimiter.reset(key);
  return user;
}
