import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rng } from '../../../src/server/sim/random';
import { TestBrowser } from './browser';
import {
  anyPort,
  assetsWith,
  authorizationRequest,
  CLIENT_ID,
  loopbackRedirect,
  oauthService,
  signIn,
} from './oauth-client';

/**
 * The sign-in routes under seeded random input: parameters the RFCs name with
 * values they do not allow, duplicates, unknown grant types, bodies of every
 * type and size, with and without a real sign-in in progress. Nothing may
 * answer 5xx; errors are RFC 6749 JSON (endpoints) or pages (pages, the
 * authorization endpoint), and the service signs people in afterwards.
 */
const SEED = 20_261_126;
const CASES = 120;
const fixture = oauthService();

type Random = () => number;
const pick = <T>(r: Random, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;

const VALUES = [
  '',
  ' ',
  'x'.repeat(5000),
  '%00',
  '\u0000',
  '💥',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'null',
  '-1',
  '1e308',
  'S256',
  'plain',
  'code',
  'token',
  'id_token',
  'none',
  'openid',
  'openid offline_access api',
  'api unknown_scope',
  CLIENT_ID,
  'someone-else',
  'http://evil.example/callback',
  'http://127.0.0.1:1/callback',
  'http://[::1]:65535/callback',
  'javascript:alert(1)',
  'authorization_code',
  'refresh_token',
  'client_credentials',
  'urn:ietf:params:oauth:grant-type:device_code',
  'refresh_token',
  'access_token',
] as const;

const AUTHORIZE_PARAMS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'prompt',
  'login_hint',
  'nonce',
  'response_mode',
  'max_age',
  'request',
  'request_uri',
  'claims',
  'resource',
] as const;
const TOKEN_PARAMS = [
  'grant_type',
  'client_id',
  'client_secret',
  'code',
  'code_verifier',
  'redirect_uri',
  'refresh_token',
  'token',
  'token_type_hint',
  'scope',
  'resource',
] as const;

function params(r: Random, names: readonly string[], base: Record<string, string>): URLSearchParams {
  const out = new URLSearchParams(base);
  for (let i = Math.floor(r() * 6); i > 0; i--) {
    const name = pick(r, names);
    // Sometimes twice (RFC 6749 §3.1: parameters must not repeat).
    if (r() < 0.2) out.append(name, pick(r, VALUES));
    else out.set(name, pick(r, VALUES));
  }
  if (r() < 0.2) out.delete(pick(r, names));
  return out;
}

const BODY_TYPES = [
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=utf-16',
  'application/json',
  'text/plain',
  'multipart/form-data; boundary=x',
  'garbage',
] as const;

interface Outcome {
  readonly request: string;
  readonly status: number;
  readonly problem: string | null;
}

async function judge(request: string, res: Response, endpoint: boolean): Promise<Outcome> {
  return { request, status: res.status, problem: await problemOf(res, endpoint) };
}

async function problemOf(res: Response, endpoint: boolean): Promise<string | null> {
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  if (res.status >= 500) return `${res.status} ${text.slice(0, 200)}`;
  if (res.status >= 400) {
    if (type.startsWith('text/html') && !endpoint) return null;
    if (!type.includes('application/json')) return `${res.status} answered ${type}`;
    const body = z.union([z.looseObject({ error: z.string() }), z.looseObject({ message: z.string() })]);
    if (!body.safeParse(JSON.parse(text)).success) return `${res.status} ${text.slice(0, 200)}`;
  }
  return null;
}

describe('the sign-in routes under random and malformed input', () => {
  it('never answer 5xx, answer errors as their RFCs or as pages, and still sign people in', async () => {
    const s = fixture.service;
    const r = rng(SEED);
    const good = {
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: loopbackRedirect(anyPort()),
      scope: 'openid offline_access api',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: 's',
    };
    // A sign-in in progress, so the pages' forms reach past the interaction check.
    const browser = new TestBrowser(new URL(s.base_url).origin);
    const started = await browser.open((await authorizationRequest(fixture.config)).url.href);
    if (started.kind !== 'page') throw new Error('expected the sign-in page');
    const uid = /\/oauth\/interaction\/([^/"]+)\/sign-in/.exec(started.html)?.[1] ?? 'x';
    const cookie = await browser.jar.getCookieString(`${s.base_url}/oauth/interaction/${uid}/sign-in`);

    const outcomes: Outcome[] = [];
    for (let i = 0; i < CASES; i++) {
      const roll = r();
      if (roll < 0.35) {
        const query = params(r, AUTHORIZE_PARAMS, r() < 0.7 ? good : {});
        const url = `${s.base_url}/oauth/authorize?${query.toString()}`;
        outcomes.push(
          await judge(`GET ${url.slice(0, 160)}`, await fetch(url, { redirect: 'manual' }), false),
        );
      } else if (roll < 0.8) {
        const path = pick(r, ['/oauth/token', '/oauth/revoke']);
        const form = params(
          r,
          TOKEN_PARAMS,
          r() < 0.6 ? { client_id: CLIENT_ID, grant_type: 'authorization_code' } : {},
        );
        const type = pick(r, BODY_TYPES);
        const body =
          r() < 0.1
            ? `${form.toString()}&pad=${'y'.repeat(60_000)}`
            : r() < 0.1
              ? '%%%&&=='
              : form.toString();
        const headers: Record<string, string> = { 'content-type': type };
        if (r() < 0.2)
          headers.authorization = pick(r, [
            'Basic Og==',
            'Basic !!!',
            'Bearer x',
            'Basic ZmxlZXRkZXNrLWRlc2t0b3A6',
          ]);
        const res = await fetch(`${s.base_url}${path}`, { method: 'POST', headers, body });
        outcomes.push(await judge(`POST ${path} ${type} ${body.slice(0, 120)}`, res, true));
      } else {
        const path = `/oauth/interaction/${r() < 0.7 ? uid : pick(r, VALUES).slice(0, 80)}/${pick(r, ['sign-in', 'consent'])}`;
        const form = new URLSearchParams();
        for (const name of ['username', 'password', 'action', 'decision'])
          if (r() < 0.6) form.set(name, pick(r, [...VALUES, 'sign-in', 'cancel', 'allow', 'deny', 'dana']));
        const res = await fetch(`${s.base_url}${encodeURI(path)}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': pick(r, BODY_TYPES), ...(r() < 0.7 && cookie ? { cookie } : {}) },
          body: form.toString(),
        });
        outcomes.push(await judge(`POST ${path} ${form.toString().slice(0, 120)}`, res, false));
      }
    }
    expect(outcomes.filter((o) => o.problem !== null)).toEqual([]);
    // The input reached the handlers: refused as invalid (400), unauthenticated client (401), sent on (303).
    const statuses = new Set(outcomes.map((o) => o.status));
    for (const status of [303, 400, 401]) expect(statuses, String(status)).toContain(status);

    // Still signing people in, and their tokens still work.
    const { tokens } = await signIn(s, fixture.config, s.users[0]!);
    expect((await assetsWith(s, tokens.access_token)).status).toBe(200);
  });
});
