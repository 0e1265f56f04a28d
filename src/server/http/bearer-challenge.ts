/**
 * RFC 6750 §3: every 401 of a Bearer-protected resource carries
 * `WWW-Authenticate: Bearer realm="…"`, and says `error="invalid_token"`
 * when a token was sent but is not accepted (unknown, expired, revoked or malformed);
 * a request without one gets the bare challenge, so a client knows to
 * authenticate rather than to fetch a new token. An Authorization header of
 * another scheme (Basic …) counts as no token. We keep 401 where RFC 6750
 * allows 400 for a malformed request: spec 7 gives 401 to every token problem.
 */
export const BEARER_REALM = 'fleetdesk';

export type BearerError = 'invalid_token';

const quoted = (value: string): string => `"${value.replace(/["\\]/g, '\\$&')}"`;

export function bearerChallenge(error?: BearerError): string {
  const params = [`realm=${quoted(BEARER_REALM)}`];
  if (error === 'invalid_token')
    params.push(
      `error=${quoted(error)}`,
      `error_description=${quoted('The access token is unknown, expired, revoked or malformed.')}`,
    );
  return `Bearer ${params.join(', ')}`;
}
