import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { LocalService } from '../../../src/server/local-service';
import { textOf } from './browser';
import { authorizationRequest, discover, oauthService, SCOPE, signIn } from './oauth-client';

const fixture = oauthService({ fleetSize: 6 });
const dana = (): LocalService['users'][number] => fixture.service.users[0]!;
const sam = (): LocalService['users'][number] => fixture.service.users[1]!;

describe('authorization server metadata (RFC 8414)', () => {
  it('is served at both well-known addresses with the issuer, endpoints and S256 only', async () => {
    const schema = z.looseObject({
      issuer: z.string(),
      authorization_endpoint: z.string(),
      token_endpoint: z.string(),
      revocation_endpoint: z.string(),
      jwks_uri: z.string(),
      response_types_supported: z.array(z.string()),
      grant_types_supported: z.array(z.string()),
      code_challenge_methods_supported: z.array(z.string()),
      token_endpoint_auth_methods_supported: z.array(z.string()),
      scopes_supported: z.array(z.string()),
      authorization_response_iss_parameter_supported: z.boolean(),
      fleetdesk_service: z.object({
        base_url: z.string(),
        ws_url: z.string(),
        api_url: z.string(),
        api_ws_url: z.string(),
        tracking_url: z.string(),
        app_key: z.string(),
      }),
    });
    const documents = [];
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      const res = await fetch(`${fixture.service.base_url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      documents.push(schema.parse(await res.json()));
    }
    const [rfc8414, oidc] = documents;
    expect(oidc).toEqual(rfc8414);
    const m = rfc8414!;
    // RFC 8414 §3.3: the issuer is exactly the address the metadata was asked of.
    expect(m.issuer).toBe(fixture.service.base_url);
    expect(m.authorization_endpoint).toBe(`${fixture.service.base_url}/oauth/authorize`);
    expect(m.token_endpoint).toBe(`${fixture.service.base_url}/oauth/token`);
    expect(m.revocation_endpoint).toBe(`${fixture.service.base_url}/oauth/revoke`);
    expect(m.jwks_uri).toBe(`${fixture.service.base_url}/oauth/jwks`);
    expect(m.code_challenge_methods_supported).toEqual(['S256']);
    expect(m.response_types_supported).toEqual(['code']);
    expect(m.grant_types_supported.sort()).toEqual(['authorization_code', 'refresh_token']);
    expect(m.token_endpoint_auth_methods_supported).toEqual(['none']);
    expect(m.scopes_supported).toEqual(expect.arrayContaining(SCOPE.split(' ')));
    expect(m.authorization_response_iss_parameter_supported).toBe(true);
    expect(m.fleetdesk_service).toEqual({
      base_url: fixture.service.base_url,
      ws_url: fixture.service.ws_url,
      api_url: fixture.service.api_url,
      api_ws_url: fixture.service.api_ws_url,
      tracking_url: fixture.service.tracking_url,
      app_key: fixture.service.app_key,
    });
  });

  it('is what openid-client discovers, by either algorithm', async () => {
    for (const algorithm of ['oauth2', 'oidc'] as const) {
      const config = await discover(fixture.service, algorithm);
      expect(config.serverMetadata().issuer).toBe(fixture.service.base_url);
      expect(config.serverMetadata().supportsPKCE('S256')).toBe(true);
    }
  });
});

describe('code flow with PKCE through the sign-in and consent pages', () => {
  it('signs Dana in and gives openid-client an access, refresh and ID token', async () => {
    const config = fixture.config;
    const { tokens, callback } = await signIn(fixture.service, config, dana());
    expect(callback.searchParams.get('iss')).toBe(fixture.service.base_url);
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.expires_in).toBe(600);
    expect(tokens.scope?.split(' ').sort()).toEqual(SCOPE.split(' ').sort());
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(tokens.claims()).toMatchObject({
      iss: fixture.service.base_url,
      aud: 'fleetdesk-desktop',
      sub: '1',
      name: dana().name,
      preferred_username: 'dana',
      email: 'dana@fleetdesk.test',
      account_key: fixture.service.account_key,
    });
  });

  it('shows a sign-in page, then a consent page that names the app and what it may do', async () => {
    const config = fixture.config;
    const request = await authorizationRequest(config);
    const { TestBrowser } = await import('./browser');
    const browser = new TestBrowser(new URL(fixture.service.base_url).origin);
    const signInPage = await browser.open(request.url.href);
    if (signInPage.kind !== 'page') throw new Error('expected the sign-in page');
    expect(signInPage.status).toBe(200);
    expect(signInPage.response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(signInPage.response.headers.get('x-frame-options')).toBe('DENY');
    expect(textOf(signInPage.html)).toContain('Sign in to Fleetdesk Demo Logistics');

    const wrong = await browser.submit(signInPage, { username: 'sam', password: 'not-the-password' });
    if (wrong.kind !== 'page') throw new Error('expected the sign-in page again');
    expect(wrong.status).toBe(401);
    expect(textOf(wrong.html)).toContain('That user name and password do not match.');

    const consent = await browser.submit(wrong, { username: 'SAM@fleetdesk.test', password: sam().password });
    if (consent.kind !== 'page') throw new Error('expected the consent page');
    const text = textOf(consent.html);
    expect(text).toContain('Allow Fleetdesk desktop app?');
    expect(text).toContain('Signed in as Sam Okafor (dispatcher), user sam');
    expect(text).toContain('Use the fleet service as you');
    expect(text).toContain('Stay signed in');

    const back = await browser.submit(consent, { decision: 'allow' });
    if (back.kind !== 'left') throw new Error('expected the redirect to the app');
    const tokens = await client.authorizationCodeGrant(config, new URL(back.location), {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
    });
    expect(tokens.claims()?.sub).toBe('2');
  });

  it('skips the password for a browser already signed in, never the consent (RFC 8252 §8.6)', async () => {
    const config = fixture.config;
    const first = await signIn(fixture.service, config, dana());
    const again = await authorizationRequest(config);
    const landing = await first.browser.open(again.url.href);
    if (landing.kind !== 'page') throw new Error('expected the consent page');
    expect(textOf(landing.html)).toContain('Allow Fleetdesk desktop app?');
    expect(textOf(landing.html)).toContain('Signed in as Dana Reyes (operator), user dana');
    const back = await first.browser.submit(landing, { decision: 'allow' });
    if (back.kind !== 'left') throw new Error('expected the redirect to the app');
    const tokens = await client.authorizationCodeGrant(config, new URL(back.location), {
      pkceCodeVerifier: again.verifier,
      expectedState: again.state,
    });
    expect(tokens.claims()?.sub).toBe('1');
  });
});
