import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore, type SecretStore } from '../../src/main/core/session/secret-store';
import { startLocalService, type LocalService, type LocalServiceOptions } from '../../src/server';
import {
  createHarness,
  recordingFetch,
  serviceAsDemo,
  assetWithTrips,
  yesterday,
  type FetchRecord,
  type Harness,
} from './app-core.harness';
import { operatorBrowser, type OperatorBrowser } from './session/oauth/operator-browser';
import { secretWatchingFetch } from '../support/secret-watch';

/** Seconds: short enough to watch several renewals, long enough for a busy machine. */
const ACCESS_TOKEN_TTL = 3;

describe(
  'the app core signed in through the browser: renewal, 401, revocation, sign-out',
  { timeout: 120_000 },
  () => {
    const serviceDir = mkdtempSync(join(tmpdir(), 'fleetdesk-oauth-svc-'));
    let service: LocalService;
    let port = 0;
    let h: Harness;
    let browser: OperatorBrowser;
    const http: FetchRecord[] = [];
    const secrets = new Set<string>();
    // As an OS keychain would: the test reads the refresh token the app keeps there.
    const keychain: SecretStore = { ...createMemorySecretStore(), kind: 'keychain' };

    const options = (): LocalServiceOptions => ({
      port,
      host: '127.0.0.1',
      dataDir: serviceDir,
      fleetSize: 10,
      tickMs: 300,
      // The same users and passwords after the restart below, as a real service keeps them.
      passwords: { operator: 'operator-password-0123', restricted: 'restricted-password-0123' },
      reportWorkers: 1,
      accessTokenTtlSeconds: ACCESS_TOKEN_TTL,
    });
    const tokenRequests = (): FetchRecord[] =>
      http.filter((r) => r.method === 'POST' && r.url.endsWith('/oauth/token'));
    const signIn = async (): Promise<void> => {
      const view = await h.call('session.signInWithBrowser', { address: service.base_url });
      expect(view).toMatchObject({ signedIn: true, needsSignIn: false, profile: { kind: 'oauth' } });
      await browser.idle();
    };
    /** RFC 7009 at the service, as an administrator ending the sign-in would, with the token the app keeps. */
    const revokeAtService = async (token: string): Promise<number> =>
      (
        await fetch(`${service.base_url}/oauth/revoke`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token, client_id: 'fleetdesk-desktop' }).toString(),
        })
      ).status;

    beforeAll(async () => {
      service = await startLocalService(options());
      port = service.port;
      browser = operatorBrowser(service.users[0]!);
      h = createHarness({
        startDemo: serviceAsDemo(service),
        secretStore: keychain,
        fetch: secretWatchingFetch(recordingFetch(http), secrets),
        browser: (url) => browser.open(url),
        timing: { reportPollMs: 500 },
      });
      await h.core.start();
    });
    afterAll(async () => {
      await h.stop();
      await service.stop();
      rmSync(serviceDir, { recursive: true, force: true });
    });

    it('renews the access token before it expires, again and again, while live positions keep arriving', async () => {
      await signIn();
      // From here on, the channels are the new sign-in's (the Demo's were stopped with it).
      const signedIn = h.pushes.length;
      await h.waitForPush(
        'connection.changed',
        (s) => s.live.state === 'connected' && s.reports.state === 'connected',
        20_000,
        signedIn,
      );
      const mark = h.pushes.length;
      const sent = http.length;
      const renewalsBefore = tokenRequests().length;
      // Three lifetimes: the sign-in's own access token is long dead by the end.
      for (let lifetime = 1; lifetime <= 3; lifetime++) {
        await expect
          .poll(() => tokenRequests().length, { timeout: 15_000 })
          .toBeGreaterThanOrEqual(renewalsBefore + lifetime);
        await h.waitForPush('live.positions', undefined, 10_000, h.pushes.length);
      }
      // Each renewal came before expiry: nothing the app sent was refused, and the channels never dropped.
      expect(http.slice(sent).filter((r) => r.status === 401)).toEqual([]);
      const after = h.pushes.slice(mark);
      const dropped = h
        .pushesOf('connection.changed')
        .filter((p) => after.includes(p) && p.payload.live.state !== 'connected');
      expect(dropped).toEqual([]);
      expect(after.some((p) => p.event === 'session.changed')).toBe(false);
      const day = yesterday();
      const assetId = assetWithTrips(service.context.fleet, day);
      expect(await h.call('fleet.location', { assetId })).toHaveProperty('latitude');
    });

    it('authorizes its channels with the current token when it reconnects (the service restarted)', async () => {
      const down = h.pushes.length;
      await service.stop();
      await h.waitForPush('connection.changed', (s) => s.live.state !== 'connected', 20_000, down);
      const mark = h.pushes.length;
      service = await startLocalService(options());
      // The token of the sign-in, or of any renewal but the last, is expired: pusher-js must ask with the current one.
      const back = await h.waitForPush(
        'connection.changed',
        (s) => s.live.state === 'connected' && s.reports.state === 'connected',
        30_000,
        mark,
      );
      expect(back.live.reason).toBeNull();
      await h.waitForPush('live.positions', undefined, 10_000, h.pushes.length);
      expect(await h.call('session.get')).toMatchObject({ needsSignIn: false });
    });

    it('renews once after a 401 and sends the request again', async () => {
      // The service forgets every access token (as after a key change), but not the sign-in itself.
      service.context.db.prepare("DELETE FROM oauth_store WHERE model = 'AccessToken'").run();
      const mark = http.length;
      const day = yesterday();
      const assetId = assetWithTrips(service.context.fleet, day);
      expect(await h.call('fleet.location', { assetId })).toHaveProperty('latitude');
      const exchange = http.slice(mark).map((r) => `${r.method} ${new URL(r.url).pathname} ${r.status}`);
      const location = `GET /api/${service.account_key}/asset/${assetId}/location`;
      expect(exchange).toContain(`${location} 401`);
      const refused = exchange.indexOf(`${location} 401`);
      // Background requests (alarms, fleet refresh) sent with the forgotten token are refused too, and
      // the first 401 to come back starts the one renewal the others wait for: its answer can be
      // logged before this request's 401. What matters is that the retry went out with a new token.
      const renewed = exchange.indexOf('POST /oauth/token 200');
      expect(renewed).toBeGreaterThanOrEqual(0);
      expect(exchange.indexOf(`${location} 200`, refused)).toBeGreaterThan(Math.max(refused, renewed));
      expect((await h.call('session.get')).needsSignIn).toBe(false);
    });

    it('signs out cleanly when the sign-in is revoked at the service: a notice, and nothing lost', async () => {
      const day = yesterday();
      const assetId = assetWithTrips(service.context.fleet, day);
      const link = await h.call('links.create', {
        request: {
          asset_id: assetId,
          name: 'Before the revocation',
          access_type: 'public',
          show_eta: false,
          show_history: false,
          allowed_viewers: [],
        },
      });
      const done = await h.call('reports.submit', {
        request: { type: 'trip', format: 'json', asset_id: assetId, date_from: day, date_to: day },
      });
      await h.waitForPush(
        'reports.changed',
        (r) => r.localId === done.localId && r.state === 'completed',
        60_000,
      );

      const mark = h.pushes.length;
      expect(await revokeAtService((await keychain.get('session.refreshToken'))!)).toBe(200);
      const out = await h.waitForPush('session.changed', (v) => v.needsSignIn, 20_000, mark);
      expect(out).toMatchObject({ needsSignIn: true, profile: { kind: 'oauth', address: service.base_url } });
      const notice = await h.waitForPush(
        'notice',
        (n) => n.kind === 'error' && /sign-in .* has ended/.test(n.message),
        5000,
        mark,
      );
      expect(notice.message).toMatch(/reports, tracking links and cached history are kept/);
      expect(await keychain.get('session.refreshToken')).toBeNull();

      // Signed out, the operator's data is all there, and a new request waits to be sent.
      const other = assetWithTrips(service.context.fleet, day, [assetId]);
      const waiting = await h.call('reports.submit', {
        request: { type: 'trip', format: 'json', asset_id: other, date_from: day, date_to: day },
      });
      expect(waiting.state).toBe('waiting');
      expect((await h.call('reports.list')).map((r) => r.localId)).toEqual([done.localId, waiting.localId]);
      expect((await h.call('links.list')).map((l) => l.id)).toContain(link.id);
      expect((await h.call('fleet.snapshot')).assets).toHaveLength(10);

      // Back in: the waiting report goes out by itself, and the notice that said it had ended is gone.
      const back = h.pushes.length;
      await signIn();
      expect(await h.waitForPush('notice.withdrawn', (w) => w.id === notice.id, 5000, back)).toEqual({
        id: notice.id,
      });
      expect((await h.call('notices.list')).map((n) => n.id)).not.toContain(notice.id);
      await h.waitForPush(
        'reports.changed',
        (r) => r.localId === waiting.localId && r.state === 'completed',
        60_000,
      );
    });

    it('revokes the grant at the service on sign-out (RFC 7009)', async () => {
      const refresh = (await keychain.get('session.refreshToken'))!;
      expect(refresh).toBeTruthy();
      const view = await h.call('session.signOut');
      expect(view).toMatchObject({ signedIn: false, tokenPersisted: false });
      expect(await keychain.get('session.refreshToken')).toBeNull();
      expect(http.at(-1)).toMatchObject({
        method: 'POST',
        url: `${service.base_url}/oauth/revoke`,
        status: 200,
      });
      const res = await fetch(`${service.base_url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refresh,
          client_id: 'fleetdesk-desktop',
        }).toString(),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
    });

    it('never lets an access token, a refresh token or an authorization code reach the renderer or the log', () => {
      for (const c of browser.callbacks) for (const code of c.searchParams.getAll('code')) secrets.add(code);
      // Sign-ins, renewals and codes: each one a secret the renderer must never see.
      expect(secrets.size).toBeGreaterThan(10);
      const seen = JSON.stringify({ pushes: h.pushes.map((p) => p.payload), warnings: h.warnings });
      for (const s of secrets) expect(seen).not.toContain(s);
    });
  },
);
