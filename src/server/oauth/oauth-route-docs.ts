import { z } from 'zod';
import type { ResponseDoc, RouteDoc } from '../http/route-doc';
import { DISCOVERY_PATHS, INTERACTION_PREFIX, OAUTH_ROUTES } from './desktop-client';

/**
 * The sign-in routes as the portal documents them (tag "Sign-in (OAuth
 * 2.0)"). The endpoints are oidc-provider's: their answers are the RFCs'
 * (RFC 6749 §5.2 `{error, error_description}` JSON, RFC 7009's empty 200),
 * not spec 7's, and they read their own form bodies, so fastify's 413 and
 * 415 never apply. The pages (sign-in, consent) are for people: HTML, and a
 * 303 after each form.
 */
export const OAUTH_TAG = 'Sign-in (OAuth 2.0)';
const tag = OAUTH_TAG;

const oauthError = z.object({ error: z.string(), error_description: z.string().optional() });
const rfcError = (description: string): ResponseDoc => ({ description, schema: oauthError });
const page = (description: string): ResponseDoc => ({ description, contentType: 'text/html' });
const seeOther = (description: string): ResponseDoc => ({ description: `303 See Other: ${description}` });
/** oidc-provider's redirects carry Koa's small "Redirecting to …" HTML body. */
const providerSeeOther = (description: string): ResponseDoc => ({
  ...seeOther(description),
  contentType: 'text/html',
});

const metadata: ResponseDoc = {
  description:
    'RFC 8414 metadata: issuer, endpoints, `code_challenge_methods_supported` ["S256"], grant and response types, scopes; plus `fleetdesk_service` (the service’s addresses and Pusher app key)',
};

export const PROVIDER_ROUTE_DOCS: readonly RouteDoc[] = [
  ...DISCOVERY_PATHS.map((url): RouteDoc => ({
    method: 'GET',
    url,
    tag,
    summary:
      url === DISCOVERY_PATHS[0]
        ? 'Authorization server metadata (RFC 8414)'
        : 'The same metadata as OpenID Connect Discovery 1.0 names it',
    auth: 'none',
    responses: { 200: metadata },
  })),
  {
    method: 'GET',
    url: OAUTH_ROUTES.authorization,
    tag,
    auth: 'none',
    summary: 'Authorization endpoint (RFC 6749 §4.1.1): code flow with PKCE S256 (RFC 7636), required',
    description:
      'Client `fleetdesk-desktop`; redirect URI `http://127.0.0.1:{port}/callback` or `http://[::1]:{port}/callback` (RFC 8252 §7.3). Errors the client can be told about (no PKCE, a bad scope) go back to the redirect URI with `error` and the request’s `state`; a request that names no registered client or redirect URI gets an error page and is never redirected.',
    query: z.object({
      client_id: z.string(),
      redirect_uri: z.string(),
      response_type: z.literal('code'),
      scope: z.string(),
      state: z.string().optional(),
      code_challenge: z.string(),
      code_challenge_method: z.literal('S256'),
      prompt: z.string().optional(),
      login_hint: z.string().optional(),
      nonce: z.string().optional(),
    }),
    responses: {
      200: page('`response_mode=form_post`: a form that posts the answer to the redirect URI'),
      303: providerSeeOther(
        'to the sign-in or consent page, or back to the redirect URI with `code`, `state` and `iss` (RFC 9207), or with `error`',
      ),
      400: page('No such client, a redirect URI it did not register, or a request too broken to answer'),
    },
  },
  {
    method: 'GET',
    url: `${OAUTH_ROUTES.authorization}/:uid`,
    tag,
    summary: 'Where the sign-in and consent pages send the browser back (the request resumes)',
    auth: 'none',
    responses: {
      200: page('`response_mode=form_post`: a form that posts the answer to the redirect URI'),
      303: providerSeeOther('to the next page, or back to the redirect URI'),
      400: page('No such sign-in in this browser (expired, finished, or started elsewhere)'),
    },
  },
  {
    method: 'POST',
    url: OAUTH_ROUTES.token,
    tag,
    summary: 'Token endpoint (RFC 6749 §3.2): exchange a code (with its PKCE verifier) or a refresh token',
    auth: 'none',
    description:
      'A used refresh token gets a new one in the answer (rotation); presenting the used one again revokes the whole sign-in (RFC 9700 §4.14.2), as does presenting a used code again.',
    body: z.object({
      grant_type: z.enum(['authorization_code', 'refresh_token']),
      client_id: z.string(),
      code: z.string().optional(),
      code_verifier: z.string().optional(),
      redirect_uri: z.string().optional(),
      refresh_token: z.string().optional(),
    }),
    bodyMediaType: 'application/x-www-form-urlencoded',
    bodyReadByRoute: true,
    responses: {
      200: {
        description: 'RFC 6749 §5.1: access_token, token_type, expires_in, scope, refresh_token, id_token',
        schema: z.object({
          access_token: z.string(),
          token_type: z.literal('Bearer'),
          expires_in: z.int(),
          scope: z.string(),
          refresh_token: z.string().optional(),
          id_token: z.string().optional(),
        }),
      },
      400: rfcError(
        'RFC 6749 §5.2: invalid_grant (wrong, used or expired code or refresh token, wrong code_verifier, revoked sign-in), invalid_request, unsupported_grant_type, invalid_scope',
      ),
      401: rfcError(
        'RFC 6749 §5.2: invalid_client (no such client, or a client authentication it does not use)',
      ),
    },
  },
  {
    method: 'POST',
    url: OAUTH_ROUTES.revocation,
    tag,
    summary:
      'Revocation endpoint (RFC 7009): revoking a refresh or access token ends every token of its sign-in',
    auth: 'none',
    body: z.object({
      token: z.string(),
      token_type_hint: z.enum(['access_token', 'refresh_token']).optional(),
      client_id: z.string(),
    }),
    bodyMediaType: 'application/x-www-form-urlencoded',
    bodyReadByRoute: true,
    responses: {
      200: { description: 'Revoked, or nothing to revoke (RFC 7009 §2.2: unknown tokens too); no content' },
      400: rfcError('RFC 7009 §2.2.1: invalid_request, unsupported_token_type'),
      401: rfcError('invalid_client'),
    },
  },
  {
    method: 'GET',
    url: OAUTH_ROUTES.jwks,
    tag,
    summary: 'The public keys ID tokens are signed with (RS256)',
    auth: 'none',
    responses: {
      200: { description: 'JSON Web Key Set (RFC 7517)', contentType: 'application/jwk-set+json' },
    },
  },
];

const uidParams = z.object({ uid: z.string() });

export const INTERACTION_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    method: 'GET',
    url: `${INTERACTION_PREFIX}/:uid`,
    tag,
    summary: 'The sign-in page, or the consent page that names the app and what it may do',
    auth: 'none',
    params: uidParams,
    responses: {
      200: page('The page'),
      400: page('No such sign-in in this browser (expired, finished, or started elsewhere)'),
    },
  },
  {
    method: 'POST',
    url: `${INTERACTION_PREFIX}/:uid/sign-in`,
    tag,
    summary: 'Sign in with user name (or e-mail) and password; `action=cancel` gives up',
    auth: 'none',
    params: uidParams,
    body: z.object({
      username: z.string(),
      password: z.string(),
      action: z.enum(['sign-in', 'cancel']).optional(),
    }),
    bodyMediaType: 'application/x-www-form-urlencoded',
    responses: {
      303: seeOther('on with the authorization request (or, cancelled, back to the app with access_denied)'),
      400: {
        description:
          'Fields missing (the form again), no such sign-in in this browser (a page), or a body that cannot be read (spec 7, JSON)',
        contentType: ['text/html', 'application/json'],
      },
      401: page('Wrong user name or password (the form again)'),
      429: page('Too many failed sign-ins for this user name from this address'),
    },
  },
  {
    method: 'POST',
    url: `${INTERACTION_PREFIX}/:uid/consent`,
    tag,
    summary: 'Allow or deny the app (`decision=allow|deny`)',
    auth: 'none',
    params: uidParams,
    body: z.object({ decision: z.enum(['allow', 'deny']) }),
    bodyMediaType: 'application/x-www-form-urlencoded',
    responses: {
      303: seeOther('on with the authorization request (denied: back to the app with access_denied)'),
      400: {
        description:
          'No decision (the page again), no such sign-in in this browser (a page), or a body that cannot be read (spec 7, JSON)',
        contentType: ['text/html', 'application/json'],
      },
    },
  },
];
