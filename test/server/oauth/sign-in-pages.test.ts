import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { TestBrowser, textOf, type Landing } from './browser';
import { authorizationRequest, oauthService } from './oauth-client';

const fixture = oauthService();
const origin = (): string => new URL(fixture.service.base_url).origin;
const page = (l: Landing): Extract<Landing, { kind: 'page' }> => {
  if (l.kind !== 'page') throw new Error(`expected a page, left for ${l.location}`);
  return l;
};
const left = (l: Landing): URL => {
  if (l.kind !== 'left')
    throw new Error(`expected a redirect to the app, got ${l.status}: ${textOf(l.html)}`);
  return new URL(l.location);
};

/** A browser on the sign-in page of a fresh request. */
async function onSignInPage(extra: Record<string, string> = {}) {
  const request = await authorizationRequest(fixture.config, extra);
  const browser = new TestBrowser(origin());
  const signIn = page(await browser.open(request.url.href));
  return { request, browser, signIn };
}

async function onConsentPage() {
  const { request, browser, signIn } = await onSignInPage();
  const consent = page(
    await browser.submit(signIn, { username: 'dana', password: fixture.service.users[0]!.password }),
  );
  expect(textOf(consent.html)).toContain('Allow Fleetdesk desktop app?');
  return { request, browser, consent };
}

describe('the sign-in and consent pages', () => {
  it('send access_denied and the state back to the app when the user denies or cancels', async () => {
    const denied = await onConsentPage();
    const back = left(await denied.browser.submit(denied.consent, { decision: 'deny' }));
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(denied.request.state);
    expect(back.searchParams.get('code')).toBeNull();

    const cancelled = await onSignInPage();
    const away = left(await cancelled.browser.submit(cancelled.signIn, { action: 'cancel' }));
    expect(away.searchParams.get('error')).toBe('access_denied');
    expect(away.searchParams.get('state')).toBe(cancelled.request.state);
  });

  it('refuse a form posted from another site or from a browser that did not start the sign-in (CSRF)', async () => {
    const { browser, consent } = await onConsentPage();
    const crossSite = page(await browser.submit(consent, { decision: 'allow' }, 'http://evil.example'));
    expect(crossSite.status).toBe(400);
    expect(textOf(crossSite.html)).toContain('This sign-in has expired');

    // Another browser (no interaction cookie) posting the same form, as a forged request would.
    const other = new TestBrowser(origin());
    const forged = page(await other.submit(consent, { decision: 'allow' }));
    expect(forged.status).toBe(400);
    expect(textOf(forged.html)).toContain('This sign-in has expired');

    // The real browser can still finish.
    expect(left(await browser.submit(consent, { decision: 'allow' })).searchParams.get('code')).toEqual(
      expect.any(String),
    );
  });

  it('lock a user name out after five wrong passwords from one address (429 with Retry-After)', async () => {
    const { browser, signIn } = await onSignInPage();
    let at = signIn;
    for (let i = 0; i < 4; i++) {
      at = page(await browser.submit(at, { username: 'sam', password: `wrong-${i}` }));
      expect(at.status).toBe(401);
    }
    at = page(await browser.submit(at, { username: 'sam', password: 'wrong-4' }));
    expect(at.status).toBe(429);
    expect(Number(at.response.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right password waits out the lock.
    at = page(await browser.submit(at, { username: 'sam', password: fixture.service.users[1]!.password }));
    expect(at.status).toBe(429);
    expect(textOf(at.html)).toContain('Too many failed sign-ins');
  });

  it('escape what the request carries: a login_hint full of markup fills the field as text', async () => {
    const hint = '"><script>alert(1)</script>';
    const { signIn } = await onSignInPage({ login_hint: hint });
    expect(signIn.html).not.toContain('<script>');
    expect(signIn.html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    const csp = signIn.response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(signIn.response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(signIn.response.headers.get('cache-control')).toBe('no-store');
  });

  it('answer an unknown or finished sign-in with a page, not an error body', async () => {
    const res = await fetch(`${fixture.service.base_url}/oauth/interaction/not-a-sign-in`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(textOf(await res.text())).toContain('This sign-in has expired');
  });
});

/** A request with a Host header fetch would not let us set. */
function withHost(path: string, host: string, method = 'GET'): Promise<number> {
  const url = new URL(fixture.service.base_url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, method, headers: { host } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the Host check (DNS rebinding)', () => {
  it('answers 421 on every OAuth route to a Host that is not the service’s', async () => {
    for (const [method, path] of [
      ['GET', '/.well-known/oauth-authorization-server'],
      ['GET', '/.well-known/openid-configuration'],
      ['GET', '/oauth/authorize?client_id=fleetdesk-desktop'],
      ['POST', '/oauth/token'],
      ['POST', '/oauth/revoke'],
      ['GET', '/oauth/jwks'],
      ['GET', '/oauth/interaction/x'],
      ['POST', '/oauth/interaction/x/sign-in'],
    ] as const) {
      expect(await withHost(path, 'attacker.example', method), path).toBe(421);
      expect(
        await withHost(path, `localhost:${new URL(fixture.service.base_url).port}`, method),
        path,
      ).not.toBe(421);
    }
  });
});
