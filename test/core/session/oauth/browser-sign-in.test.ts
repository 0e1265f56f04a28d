import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openOfflineCache, type OfflineCache } from '../../../../src/main/core/cache/offline-cache';
import { createMemorySecretStore, type SecretStore } from '../../../../src/main/core/session/secret-store';
import { createSession, type Session } from '../../../../src/main/core/session/session';
import { SignInError } from '../../../../src/main/core/session/sign-in-error';
import { startLocalService, type LocalService } from '../../../../src/server';
import { PLAIN_TRANSPORT_MESSAGE } from '../../../../src/shared/ipc/secure-transport';
import type { Notice, SessionView } from '../../../../src/shared/ipc/views';
import { recordingFetch, type FetchRecord } from '../../app-core.harness';
import { operatorBrowser, type OperatorBrowser } from './operator-browser';
import { secretWatchingFetch } from '../../../support/secret-watch';

const RFC8414 = '/.well-known/oauth-authorization-server';
const OIDC = '/.well-known/openid-configuration';

/** Refused by now: nothing listens there any more. */
const closed = (url: URL): Promise<boolean> =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    () => false,
    () => true,
  );

describe(
  'sign-in through the system browser (RFC 8252) against the local service',
  { timeout: 60_000 },
  () => {
    let service: LocalService;
    let dir: string;
    let cache: OfflineCache;
    let sessions: Session[] = [];
    let browser: OperatorBrowser;
    let http: FetchRecord[];
    /** Answers instead of the network, for a test's chosen request. */
    let intercept: (method: string, url: string) => Response | null;
    /** Every Bearer the app sent, and every token or code it got: none may reach a view or a notice. */
    const secrets = new Set<string>();
    const views: SessionView[] = [];
    const notices: Notice[] = [];

    const dana = (): LocalService['users'][number] => service.users[0]!;
    const keychain = (): SecretStore => ({ ...createMemorySecretStore(), kind: 'keychain' });
    const watchingFetch: typeof fetch = (input, init) =>
      secretWatchingFetch(
        recordingFetch(http, (m, u) => intercept(m, u)),
        secrets,
      )(input, init);
    const open = (store: SecretStore = keychain()): Session => {
      const s = createSession({
        secrets: store,
        state: cache.settings,
        startDemo: () => Promise.reject(new Error('no Demo in these tests')),
        openBrowser: (url) => browser.open(url),
        fetch: watchingFetch,
        timeoutMs: 5000,
        onNotice: (n) => notices.push(n),
        log: { warn: (m) => notices.push({ id: 'log', kind: 'info', message: m, at: 0 }) },
      });
      s.subscribe((v) => views.push(v));
      sessions.push(s);
      return s;
    };
    const paths = (): string[] => http.map((r) => `${r.method} ${new URL(r.url).pathname}`);

    beforeAll(async () => {
      service = await startLocalService({ port: 0, fleetSize: 5, tickMs: 60_000 });
    });
    afterAll(async () => {
      await service.stop();
    });
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'fleetdesk-oauth-'));
      cache = openOfflineCache(join(dir, 'cache.sqlite'));
      browser = operatorBrowser(dana());
      http = [];
      intercept = () => null;
    });
    afterEach(async () => {
      await browser.idle();
      for (const s of sessions) await s.dispose();
      sessions = [];
      cache.close();
      rmSync(dir, { recursive: true, force: true });
      for (const c of browser.callbacks) for (const v of c.searchParams.getAll('code')) secrets.add(v);
    });

    it('signs in with only the service address: metadata, PKCE, the page in the browser, the code on a loopback listener that then closes', async () => {
      const store = keychain();
      const session = open(store);
      const view = await session.signInWithBrowser({ address: `${service.base_url}/` });
      expect(view).toMatchObject({
        signedIn: true,
        needsSignIn: false,
        profile: { kind: 'oauth', address: service.base_url, name: new URL(service.base_url).host },
        user: { id: 1, name: 'Dana Reyes (operator)' },
        tokenPersisted: true,
        pendingSignIn: null,
      });
      expect(paths()[0]).toBe(`GET ${RFC8414}`);

      const [opened] = browser.opened;
      const asked = new URL(opened!).searchParams;
      expect(asked.get('client_id')).toBe('fleetdesk-desktop');
      expect(asked.get('response_type')).toBe('code');
      expect(asked.get('code_challenge_method')).toBe('S256');
      expect(asked.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(asked.get('state')).toMatch(/^[\w-]{20,}$/);
      expect(asked.get('scope')?.split(' ')).toEqual(
        expect.arrayContaining(['openid', 'offline_access', 'api']),
      );
      expect(asked.has('code_verifier')).toBe(false);
      const redirect = new URL(asked.get('redirect_uri')!);
      expect(redirect.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(redirect.pathname).toBe('/callback');

      await browser.idle();
      expect(browser.landings).toEqual([
        {
          status: 200,
          title: 'Signed in to Fleetdesk',
          text: expect.stringContaining('You can close this tab and go back to Fleetdesk.'),
        },
      ]);
      expect(await closed(redirect)).toBe(true);

      expect((await session.connection()?.fleet.assetPage(1))?.meta.total).toBe(5);
      expect(await store.get('session.refreshToken')).toMatch(/\S{20,}/);
      expect(await store.get('session.token')).toBeNull();
    });

    it('refuses an answer that comes back with another state: the browser is told, and the code is never exchanged', async () => {
      browser.choice = 'tamper-state';
      const session = open();
      const err = await session.signInWithBrowser({ address: service.base_url }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SignInError);
      expect(err).toMatchObject({
        kind: 'refused',
        message: expect.stringMatching(/does not belong to this sign-in/),
      });
      await browser.idle();
      expect(browser.landings).toEqual([
        {
          status: 400,
          title: 'Fleetdesk could not sign you in',
          text: expect.stringContaining('This answer does not belong to the sign-in Fleetdesk started.'),
        },
      ]);
      expect(paths()).not.toContain('POST /oauth/token');
      expect(session.view()).toMatchObject({ signedIn: false, pendingSignIn: null });
    });

    it('says so when the operator does not allow Fleetdesk on the consent page', async () => {
      browser.choice = 'deny';
      const session = open();
      const err = await session.signInWithBrowser({ address: service.base_url }).catch((e: unknown) => e);
      expect(err).toMatchObject({
        kind: 'refused',
        message: expect.stringMatching(/cancelled or Fleetdesk was not allowed/),
      });
      await browser.idle();
      expect(browser.landings[0]).toMatchObject({
        status: 400,
        text: expect.stringContaining('was not allowed'),
      });
      expect(session.view().signedIn).toBe(false);
    });

    it('waits for the browser with the page one click away, and stops listening when the operator cancels', async () => {
      browser.choice = 'walk-away';
      const session = open();
      const signingIn = session.signInWithBrowser({ address: service.base_url }).catch((e: unknown) => e);
      await expect.poll(() => session.view().pendingSignIn).toEqual({ address: service.base_url });
      await expect.poll(() => browser.opened.length).toBe(1);
      await session.openSignInPage();
      expect(browser.opened).toHaveLength(2);
      expect(browser.opened[1]).toBe(browser.opened[0]);
      session.cancelSignIn();
      expect(await signingIn).toMatchObject({ kind: 'cancelled' });
      expect(session.view().pendingSignIn).toBeNull();
      const redirect = new URL(new URL(browser.opened[0]!).searchParams.get('redirect_uri')!);
      expect(await closed(redirect)).toBe(true);
      await expect(session.openSignInPage()).rejects.toBeInstanceOf(SignInError);
    });

    it("falls back to OpenID Connect discovery when RFC 8414's address has nothing", async () => {
      intercept = (_m, url) =>
        new URL(url).pathname === RFC8414 ? new Response('Not found', { status: 404 }) : null;
      const view = await open().signInWithBrowser({ address: service.base_url });
      expect(view.signedIn).toBe(true);
      expect(paths().slice(0, 2)).toEqual([`GET ${RFC8414}`, `GET ${OIDC}`]);
    });

    it('stops reading sign-in metadata that never ends, and says why', async () => {
      let pulled = 0;
      let cancelled = false;
      intercept = (_m, url) =>
        [RFC8414, OIDC].includes(new URL(url).pathname)
          ? new Response(
              new ReadableStream<Uint8Array>({
                pull(controller) {
                  pulled += 64 * 1024;
                  controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
                },
                cancel() {
                  cancelled = true;
                },
              }),
              { headers: { 'content-type': 'application/json' } },
            )
          : null;
      const err = await open()
        .signInWithBrowser({ address: service.base_url })
        .catch((e: unknown) => e);
      expect(err).toMatchObject({ message: expect.stringMatching(/is larger than 1 MiB/) });
      expect(cancelled).toBe(true);
      expect(pulled).toBeLessThan(4 * 1024 * 1024);
      expect(browser.opened).toEqual([]);
    });

    it('says to sign in with a token when the service has no OAuth metadata at all', async () => {
      intercept = (_m, url) =>
        [RFC8414, OIDC].includes(new URL(url).pathname)
          ? new Response('<h1>Not found</h1>', { status: 404 })
          : null;
      const err = await open()
        .signInWithBrowser({ address: service.base_url })
        .catch((e: unknown) => e);
      expect(err).toMatchObject({
        kind: 'unsupported',
        message: expect.stringMatching(/Sign in with an access token instead \(More options\)/),
      });
      expect(browser.opened).toEqual([]);
    });

    it('refuses plain http:// to another computer before any request, saying why', async () => {
      const err = await open()
        .signInWithBrowser({ address: 'http://fleet.example.com' })
        .catch((e: unknown) => e);
      expect(err).toMatchObject({ kind: 'invalid', errors: { address: [PLAIN_TRANSPORT_MESSAGE] } });
      expect(http).toEqual([]);
    });

    it('refuses metadata that would send the token in the clear to another computer', async () => {
      // The service's own metadata, with a plain ws:// address elsewhere in its fleetdesk_service member.
      const real = (await (await fetch(`${service.base_url}${RFC8414}`)).json()) as Record<string, unknown>;
      const service_ = real.fleetdesk_service as Record<string, string>;
      intercept = (_m, url) =>
        new URL(url).pathname === RFC8414
          ? Response.json({
              ...real,
              fleetdesk_service: { ...service_, api_ws_url: 'ws://ws.fleet.example.com' },
            })
          : null;
      const session = open();
      const err = await session.signInWithBrowser({ address: service.base_url }).catch((e: unknown) => e);
      expect(err).toMatchObject({ kind: 'invalid', errors: { api_ws_url: [PLAIN_TRANSPORT_MESSAGE] } });
      expect(session.view().signedIn).toBe(false);
    });

    it('comes back after a restart from the keychain: the first request renews the access token first', async () => {
      const store = keychain();
      await open(store).signInWithBrowser({ address: service.base_url });
      const kept = await store.get('session.refreshToken');
      await sessions[0]!.dispose();
      http.length = 0;

      const again = open(store);
      expect(await again.restore()).toMatchObject({
        signedIn: true,
        needsSignIn: false,
        profile: { kind: 'oauth' },
      });
      expect((await again.connection()?.fleet.assetPage(1))?.meta.total).toBe(5);
      expect(paths().slice(0, 2)).toEqual(['POST /oauth/token', `GET /api/${service.account_key}/asset`]);
      // Rotation (RFC 9700 §4.14.2): the keychain holds the new refresh token, not the spent one.
      expect(await store.get('session.refreshToken')).not.toBe(kept);
      expect(browser.opened).toHaveLength(1);
    });

    it('never puts a token or a code in a view, a notice or a log line', () => {
      expect(secrets.size).toBeGreaterThan(5);
      const shown = JSON.stringify({ views, notices });
      for (const s of secrets) expect(shown).not.toContain(s);
    });
  },
);
