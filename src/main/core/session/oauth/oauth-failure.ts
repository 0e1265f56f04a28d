import * as client from 'openid-client';
import { ApiError, kindOfStatus } from '../../api/api-error';
import { SignInError } from '../sign-in-error';

/**
 * What an openid-client failure means to the app:
 * - an OAuth error answer of 400/401 (RFC 6749 §5.2: invalid_grant, invalid_client…) is a refusal:
 *   the grant is spent, revoked or expired, and only a new sign-in helps;
 * - any other status is the service's trouble (503 unavailable, 5xx), worth trying again;
 * - no answer at all (fetch failed, timed out) is offline: it never ends a sign-in;
 * - an answer that breaks the protocol is the service's fault (bad_service).
 */
export type OAuthFailure =
  | { readonly kind: 'refused'; readonly code: string; readonly description: string | null }
  | { readonly kind: 'transient'; readonly error: ApiError }
  | { readonly kind: 'broken'; readonly error: SignInError };

/** Our own error inside openid-client's (an answer past its byte limit, api/body-limit.ts), as thrown. */
export function apiErrorWithin(err: unknown): ApiError | null {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++)
    if (e instanceof ApiError) return e;
  return null;
}

export function classifyOAuthFailure(err: unknown, route: string): OAuthFailure {
  const ours = apiErrorWithin(err);
  if (ours) return { kind: 'transient', error: ours };
  if (err instanceof client.ResponseBodyError) {
    if (err.status === 400 || err.status === 401)
      return { kind: 'refused', code: err.error, description: err.error_description ?? null };
    return {
      kind: 'transient',
      error: new ApiError({
        kind: kindOfStatus(err.status),
        route,
        status: err.status,
        message: `${route} failed with HTTP ${err.status}.`,
        cause: err,
      }),
    };
  }
  if (err instanceof client.ClientError && (err.code === 'OAUTH_TIMEOUT' || err.code === 'OAUTH_ABORT'))
    return {
      kind: 'transient',
      error: new ApiError({
        kind: 'timeout',
        route,
        message: `The service did not answer ${route} in time.`,
        cause: err,
      }),
    };
  // fetch's own failure; openid-client's argument errors are TypeErrors too, with a code.
  if (err instanceof TypeError && !('code' in err)) {
    const reason = err.cause instanceof Error ? err.cause.message : err.message;
    return {
      kind: 'transient',
      error: new ApiError({
        kind: 'offline',
        route,
        message: `The service could not be reached (${reason}).`,
        cause: err,
      }),
    };
  }
  const detail = err instanceof Error ? err.message : String(err);
  return {
    kind: 'broken',
    error: new SignInError(
      'bad_service',
      `The service's sign-in did not answer as OAuth 2.0 says (${detail}).`,
    ),
  };
}

/** The failure in one line for a log or a message: never a token, only the service's error code or our words. */
export const describeOAuthFailure = (failure: OAuthFailure): string =>
  failure.kind === 'refused' ? `refused (${failure.code})` : failure.error.message;
