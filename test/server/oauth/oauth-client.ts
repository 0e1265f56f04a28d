import * as client from 'openid-client';
import { afterAll, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import { startLocalService, type LocalService, type ReadyUser } from '../../../src/server/local-service';
import type { LocalServiceOptions } from '../../../src/server/options';
import { TestBrowser, type Landing } from './browser';

/**
 * The independent client of these tests: openid-client 6 (certified, not
 * the app's code), configured as a native app is (RFC 8252): public client,
 * PKCE S256, a loopback redirect on a port of its choosing.
 */
export const CLIENT_ID = 'fleetdesk-desktop';
export const SCOPE = 'openid profile email offline_access api';

export const loopbackRedirect = (port: number, host = '127.0.0.1'): string =>
  `http://${host}:${port}/callback`;

/** Any port: RFC 8252 §7.3 leaves it to the app, and the server must accept each. */
export const anyPort = (): number => 49_152 + Math.floor(Math.random() * 16_000);

export async function discover(
  service: Pick<LocalService, 'base_url'>,
  algorithm?: 'oauth2' | 'oidc',
): Promise<client.Configuration> {
  return client.discovery(new URL(service.base_url), CLIENT_ID, undefined, client.None(), {
    execute: [client.allowInsecureRequests],
    ...(algorithm ? { algorithm } : {}),
  });
}

export interface AuthorizationRequest {
  readonly url: URL;
  readonly verifier: string;
  readonly state: string;
  readonly redirectUri: string;
}

export async function authorizationRequest(
  config: client.Configuration,
  extra: Record<string, string> = {},
  redirectUri = loopbackRedirect(anyPort()),
): Promise<AuthorizationRequest> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: SCOPE,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    // OpenID Connect Core §11: offline_access (a refresh token) counts only with prompt=consent.
    prompt: 'consent',
    ...extra,
  });
  return { url, verifier, state, redirectUri };
}

export interface SignedIn {
  readonly tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
  readonly browser: TestBrowser;
  readonly callback: URL;
}

/** Signs `user` in through the real pages, as a person in a browser: sign-in form, then consent. */
export async function browseToCallback(
  service: Pick<LocalService, 'base_url'>,
  request: AuthorizationRequest,
  user: Pick<ReadyUser, 'username' | 'password'>,
  browser = new TestBrowser(new URL(service.base_url).origin),
): Promise<{ callback: URL; browser: TestBrowser }> {
  let at: Landing = await browser.open(request.url.href);
  for (let step = 0; at.kind === 'page' && step < 4; step++) {
    expect(at.status, at.html.slice(0, 500)).toBe(200);
    at = at.html.includes('name="password"')
      ? await browser.submit(at, { username: user.username, password: user.password, action: 'sign-in' })
      : await browser.submit(at, { decision: 'allow' });
  }
  if (at.kind !== 'left') throw new Error(`the sign-in did not go back to the app: ${at.html.slice(0, 300)}`);
  return { callback: new URL(at.location), browser };
}

export async function signIn(
  service: Pick<LocalService, 'base_url'>,
  config: client.Configuration,
  user: Pick<ReadyUser, 'username' | 'password'>,
  extra: Record<string, string> = {},
): Promise<SignedIn> {
  const request = await authorizationRequest(config, extra);
  const { callback, browser } = await browseToCallback(service, request, user);
  expect(callback.origin + callback.pathname).toBe(
    request.redirectUri.replace(/\/callback$/, '') + '/callback',
  );
  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
  });
  return { tokens, browser, callback };
}

/** A form post to one of the service's OAuth endpoints, raw: for the refusals a good client never causes. */
export async function postForm(
  url: string,
  form: Record<string, string>,
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text === '' ? null : (JSON.parse(text) as unknown),
    headers: res.headers,
  };
}

/** RFC 6749 §5.2's error body. */
export const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

/** The asset list with a token: the API request the tests use to see whether a token is accepted. */
export const assetsWith = (
  s: Pick<LocalService, 'api_url' | 'account_key'>,
  token: string,
): Promise<Response> =>
  fetch(`${s.api_url}/api/${s.account_key}/asset`, { headers: { authorization: `Bearer ${token}` } });

export interface OAuthFixture {
  readonly service: LocalService;
  /** openid-client's configuration, discovered from the service. */
  readonly config: client.Configuration;
}

/** A small local service for the file's tests (started before them, stopped after), and its discovery. */
export function oauthService(options: LocalServiceOptions = {}): OAuthFixture {
  let service: LocalService | null = null;
  let config: client.Configuration | null = null;
  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 4, tickMs: 60_000, ...options });
    config = await discover(service);
  });
  afterAll(async () => {
    await service?.stop();
  });
  const started = <T>(v: T | null): T => {
    if (v === null) throw new Error('the service is not started yet (use the fixture inside tests)');
    return v;
  };
  return {
    get service() {
      return started(service);
    },
    get config() {
      return started(config);
    },
  };
}
