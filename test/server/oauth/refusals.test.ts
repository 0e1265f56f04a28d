import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { LocalService } from '../../../src/server/local-service';
import { textOf } from './browser';
import {
  anyPort,
  assetsWith,
  authorizationRequest,
  browseToCallback,
  CLIENT_ID,
  loopbackRedirect,
  oauthErrorSchema as oauthError,
  oauthService,
  postForm,
  SCOPE,
} from './oauth-client';

/**
 * Every way a request can be wrong, each refused with its RFC's error code
 * (RFC 6749 §4.1.2.1, §5.2; RFC 7636 §4.4.1, §4.6; RFC 8252 §7.3) and
 * never a crash. Raw HTTP where a good client (openid-client) would not
 * even send the request.
 */
const fixture = oauthService();
const dana = (): LocalService['users'][number] => fixture.service.users[0]!;
const tokenUrl = (): string => `${fixture.service.base_url}/oauth/token`;

/** A code for Dana, not yet exchanged. */
async function freshCode(): Promise<{
  code: string;
  verifier: string;
  redirectUri: string;
  callback: URL;
  state: string;
}> {
  const request = await authorizationRequest(fixture.config);
  const { callback } = await browseToCallback(fixture.service, request, dana());
  return {
    code: callback.searchParams.get('code') ?? '',
    verifier: request.verifier,
    redirectUri: request.redirectUri,
    callback,
    state: request.state,
  };
}

const exchange = (
  c: { code: string; verifier: string; redirectUri: string },
  override: Record<string, string> = {},
) =>
  postForm(tokenUrl(), {
    grant_type: 'authorization_code',
    client_id: CLIENT_ID,
    code: c.code,
    code_verifier: c.verifier,
    redirect_uri: c.redirectUri,
    ...override,
  });

/** Opens the authorization endpoint raw, without following anything. */
async function authorize(params: Record<string, string>): Promise<Response> {
  const url = new URL(`${fixture.service.base_url}/oauth/authorize`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return fetch(url, { redirect: 'manual' });
}

const goodParams = async (redirectUri = loopbackRedirect(anyPort())): Promise<Record<string, string>> => ({
  client_id: CLIENT_ID,
  response_type: 'code',
  redirect_uri: redirectUri,
  scope: SCOPE,
  state: 'st-123',
  code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
  code_challenge_method: 'S256',
});

describe('the authorization endpoint refuses', () => {
  it('a request without PKCE: invalid_request, sent back to the app with its state', async () => {
    const { code_challenge: _c, code_challenge_method: _m, ...noPkce } = await goodParams();
    const res = await authorize(noPkce);
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location') ?? '');
    expect(back.origin + back.pathname).toBe(new URL(noPkce.redirect_uri!).href);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/PKCE/i);
    expect(back.searchParams.get('state')).toBe('st-123');
  });

  it('PKCE with the plain method (S256 only, RFC 9700 §2.1.1)', async () => {
    const res = await authorize({ ...(await goodParams()), code_challenge_method: 'plain' });
    const back = new URL(res.headers.get('location') ?? '');
    expect(back.searchParams.get('error')).toBe('invalid_request');
  });

  it('a redirect URI the client did not register: an error page, never a redirect to it', async () => {
    for (const redirect of [
      'http://evil.example/callback',
      `http://127.0.0.1:${anyPort()}/elsewhere`,
      `https://127.0.0.1:${anyPort()}/callback`,
      `http://localhost:${anyPort()}/callback`,
      `http://127.0.0.1.evil.example:${anyPort()}/callback`,
      'fleetdesk://callback',
    ]) {
      const res = await authorize(await goodParams(redirect));
      expect(res.status, redirect).toBe(400);
      expect(res.headers.get('location'), redirect).toBeNull();
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(textOf(await res.text())).toContain('redirect_uri');
    }
  });

  it('an unknown client: an error page, never a redirect', async () => {
    const res = await authorize({ ...(await goodParams()), client_id: 'someone-else' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(textOf(await res.text())).toContain('invalid_client');
  });

  it('accepts the loopback redirect on any port, IPv4 and IPv6 (RFC 8252 §7.3)', async () => {
    for (const redirect of [
      loopbackRedirect(anyPort()),
      loopbackRedirect(anyPort(), '[::1]'),
      loopbackRedirect(1),
    ]) {
      const res = await authorize(await goodParams(redirect));
      expect(res.status, redirect).toBe(303);
      expect(res.headers.get('location'), redirect).toMatch(/\/oauth\/interaction\//);
    }
  });
});

describe('state', () => {
  it('comes back unchanged, byte for byte; comparing it is the client’s check, which openid-client makes', async () => {
    const state = 'a b&c=d/é?#%25+';
    const request = await authorizationRequest(fixture.config, { state });
    const { callback } = await browseToCallback(fixture.service, request, dana());
    expect(callback.searchParams.get('state')).toBe(state);
    const refused = await client
      .authorizationCodeGrant(fixture.config, callback, {
        pkceCodeVerifier: request.verifier,
        expectedState: 'another-state',
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(refused).toBeInstanceOf(Error);
    const cause = refused instanceof Error ? refused.cause : null;
    expect(cause instanceof Error ? cause.message : String(cause)).toMatch(/"state"/);
  });
});

describe('the token endpoint refuses', () => {
  it('a wrong code: invalid_grant', async () => {
    const c = await freshCode();
    const res = await exchange(c, { code: 'not-a-code' });
    expect(res.status).toBe(400);
    expect(oauthError.parse(res.body).error).toBe('invalid_grant');
  });

  it('a wrong code_verifier: invalid_grant, and no tokens', async () => {
    const c = await freshCode();
    const wrong = await exchange(c, { code_verifier: client.randomPKCECodeVerifier() });
    expect(wrong.status).toBe(400);
    expect(oauthError.parse(wrong.body).error).toBe('invalid_grant');
    const missing = await postForm(tokenUrl(), {
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      code: c.code,
      redirect_uri: c.redirectUri,
    });
    expect(oauthError.parse(missing.body).error).toBe('invalid_grant');
  });

  it('a code sent with another redirect URI than its request’s: invalid_grant', async () => {
    const c = await freshCode();
    const res = await exchange(c, { redirect_uri: loopbackRedirect(anyPort()) });
    expect(oauthError.parse(res.body).error).toBe('invalid_grant');
  });

  it('a reused code: invalid_grant, and the tokens issued from it stop working (RFC 6749 §4.1.2)', async () => {
    const c = await freshCode();
    const first = await exchange(c);
    expect(first.status).toBe(200);
    const tokens = z.object({ access_token: z.string(), refresh_token: z.string() }).parse(first.body);
    expect((await assetsWith(fixture.service, tokens.access_token)).status).toBe(200);

    const again = await exchange(c);
    expect(again.status).toBe(400);
    expect(oauthError.parse(again.body).error).toBe('invalid_grant');

    const refused = await assetsWith(fixture.service, tokens.access_token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const refresh = await postForm(tokenUrl(), {
      grant_type: 'refresh_token',
      client_id: CLIENT_ID,
      refresh_token: tokens.refresh_token,
    });
    expect(oauthError.parse(refresh.body).error).toBe('invalid_grant');
  });

  it('an unknown client: invalid_client (401)', async () => {
    const c = await freshCode();
    const res = await exchange(c, { client_id: 'someone-else' });
    expect(res.status).toBe(401);
    expect(oauthError.parse(res.body).error).toBe('invalid_client');
  });

  it('an unknown grant type, a missing one, a body that is not a form', async () => {
    const unknown = await postForm(tokenUrl(), { grant_type: 'password', client_id: CLIENT_ID });
    expect(oauthError.parse(unknown.body).error).toBe('unsupported_grant_type');
    const missing = await postForm(tokenUrl(), { client_id: CLIENT_ID });
    expect(oauthError.parse(missing.body).error).toBe('invalid_request');
    const json = await fetch(tokenUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'authorization_code', client_id: CLIENT_ID }),
    });
    expect(json.status).toBe(400);
    expect(oauthError.parse(await json.json()).error).toBe('invalid_request');
  });
});
