import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startLocalService, type LocalService } from '../../../src/server/local-service';
import {
  assetsWith,
  CLIENT_ID,
  discover,
  oauthErrorSchema as oauthError,
  oauthService,
  postForm,
  signIn,
} from './oauth-client';

const api = assetsWith;
const refreshRaw = (s: LocalService, refreshToken: string) =>
  postForm(`${s.base_url}/oauth/token`, {
    grant_type: 'refresh_token',
    client_id: CLIENT_ID,
    refresh_token: refreshToken,
  });

/** Resolves once `check` holds, asking again every 100 ms: waits for the moment that matters, not for a time. */
async function until<T>(probe: () => Promise<T>, check: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (check(v)) return v;
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('refresh and revocation', () => {
  const fixture = oauthService();
  const dana = (): LocalService['users'][number] => fixture.service.users[0]!;

  it('rotates the refresh token at every use; the new tokens work', async () => {
    const { tokens } = await signIn(fixture.service, fixture.config, dana());
    const first = await client.refreshTokenGrant(fixture.config, tokens.refresh_token!);
    expect(first.refresh_token).toEqual(expect.any(String));
    expect(first.refresh_token).not.toBe(tokens.refresh_token);
    expect(first.access_token).not.toBe(tokens.access_token);
    expect(first.expires_in).toBe(600);
    const second = await client.refreshTokenGrant(fixture.config, first.refresh_token!);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await api(fixture.service, second.access_token)).status).toBe(200);
    // Rotation alone does not end the older access tokens: they run out by themselves.
    expect((await api(fixture.service, tokens.access_token)).status).toBe(200);
  });

  it('revokes the whole sign-in when a spent refresh token comes back (reuse detection)', async () => {
    const { tokens } = await signIn(fixture.service, fixture.config, dana());
    const rotated = await client.refreshTokenGrant(fixture.config, tokens.refresh_token!);

    const reused = await refreshRaw(fixture.service, tokens.refresh_token!);
    expect(reused.status).toBe(400);
    expect(oauthError.parse(reused.body).error).toBe('invalid_grant');

    // The thief's or the app's: whoever holds the newer refresh token cannot go on either.
    const newer = await refreshRaw(fixture.service, rotated.refresh_token!);
    expect(oauthError.parse(newer.body).error).toBe('invalid_grant');
    for (const token of [tokens.access_token, rotated.access_token]) {
      const res = await api(fixture.service, token);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
  });

  it('revoking the refresh token (RFC 7009) ends the sign-in: its access tokens and refresh are refused', async () => {
    const { tokens } = await signIn(fixture.service, fixture.config, dana());
    expect((await api(fixture.service, tokens.access_token)).status).toBe(200);
    await client.tokenRevocation(fixture.config, tokens.refresh_token!, { token_type_hint: 'refresh_token' });
    const res = await api(fixture.service, tokens.access_token);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="fleetdesk", error="invalid_token"/);
    expect(await res.json()).toEqual({ message: 'Unauthenticated.' });
    const refresh = await refreshRaw(fixture.service, tokens.refresh_token!);
    expect(refresh.status).toBe(400);
    expect(oauthError.parse(refresh.body).error).toBe('invalid_grant');
    // RFC 7009 §2.2: revoking again, or a token nobody issued, is still a 200.
    await client.tokenRevocation(fixture.config, tokens.refresh_token!);
    const unknown = await postForm(`${fixture.service.base_url}/oauth/revoke`, {
      token: 'never-issued',
      client_id: CLIENT_ID,
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toBeNull();
  });

  it('revoking an access token ends the tokens of its sign-in too (RFC 7009 §2.1, oidc-provider’s policy)', async () => {
    const { tokens } = await signIn(fixture.service, fixture.config, dana());
    await client.tokenRevocation(fixture.config, tokens.access_token, { token_type_hint: 'access_token' });
    expect((await api(fixture.service, tokens.access_token)).status).toBe(401);
    const refresh = await refreshRaw(fixture.service, tokens.refresh_token!);
    expect(oauthError.parse(refresh.body).error).toBe('invalid_grant');
  });

  it('refuses a token without the api scope at the API', async () => {
    const { tokens } = await signIn(fixture.service, fixture.config, dana(), {
      scope: 'openid offline_access',
    });
    expect(tokens.scope).not.toContain('api');
    expect((await api(fixture.service, tokens.access_token)).status).toBe(401);
  });
});

describe('lifetimes', () => {
  const fixture = oauthService({ accessTokenTtlSeconds: 2, refreshTokenTtlSeconds: 3 });

  it('takes an access token lifetime from the options: 401 invalid_token once it has passed, not before', async () => {
    const before = Date.now();
    const { tokens } = await signIn(fixture.service, fixture.config, fixture.service.users[0]!);
    const after = Date.now();
    expect(tokens.expires_in).toBe(2);
    // Issued at a whole second between `before` and `after` (oidc-provider counts in seconds).
    const earliestExpiry = (Math.floor(before / 1000) + 2) * 1000;
    const latestExpiry = (Math.floor(after / 1000) + 2) * 1000;
    const refused = await until(
      async () => ({ at: Date.now(), res: await api(fixture.service, tokens.access_token) }),
      (v) => v.res.status !== 200,
    );
    expect(refused.res.status).toBe(401);
    expect(refused.res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(refused.at).toBeGreaterThanOrEqual(earliestExpiry - 150);
    expect(refused.at).toBeLessThanOrEqual(latestExpiry + 1000);
    // The refresh token outlives it and gives a new one.
    const refreshed = await client.refreshTokenGrant(fixture.config, tokens.refresh_token!);
    expect((await api(fixture.service, refreshed.access_token)).status).toBe(200);
  });

  it('refuses an expired refresh token with invalid_grant', async () => {
    const { tokens } = await signIn(fixture.service, fixture.config, fixture.service.users[1]!);
    const refused = await until(
      () => refreshRaw(fixture.service, tokens.refresh_token!),
      (r) => r.status !== 200,
    );
    expect(refused.status).toBe(400);
    expect(oauthError.parse(refused.body).error).toBe('invalid_grant');
  });
});

describe('a restart with the same data directory', () => {
  it('keeps sign-ins: the refresh token, the access token and the ID token keys', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleetdesk-oauth-restart-'));
    const passwords = { operator: 'operator-password-1', restricted: 'restricted-password-1' };
    try {
      const first = await startLocalService({ port: 0, fleetSize: 4, tickMs: 60_000, dataDir, passwords });
      expect(first.users[0]!.password).toBe(passwords.operator);
      const config = await discover(first);
      const { tokens } = await signIn(first, config, first.users[0]!);
      const jwks = await (await fetch(`${first.base_url}/oauth/jwks`)).json();
      if (process.platform !== 'win32')
        expect(statSync(join(dataDir, 'oauth-keys.json')).mode & 0o777).toBe(0o600);
      await first.stop();

      // Another port (a fresh address, so no pooled connection of the first run is reused): the
      // stored state is what carries the sign-in over; the issuer in new ID tokens is the new address.
      const second = await startLocalService({ port: 0, fleetSize: 4, tickMs: 60_000, dataDir, passwords });
      try {
        expect((await api(second, tokens.access_token)).status).toBe(200);
        expect(await (await fetch(`${second.base_url}/oauth/jwks`)).json()).toEqual(jwks);
        const again = await discover(second);
        const refreshed = await client.refreshTokenGrant(again, tokens.refresh_token!);
        expect(refreshed.claims()?.sub).toBe('1');
        expect((await api(second, refreshed.access_token)).status).toBe(200);
        // The fixed password still signs in.
        const { tokens: more } = await signIn(second, again, second.users[0]!);
        expect((await api(second, more.access_token)).status).toBe(200);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('lets a refresh under way when it stops finish, or refuses it unspent: the app can refresh after the restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleetdesk-oauth-stop-'));
    const start = (): Promise<LocalService> =>
      startLocalService({
        port: 0,
        fleetSize: 4,
        tickMs: 60_000,
        dataDir,
        passwords: { operator: 'operator-password-2', restricted: 'restricted-password-2' },
      });
    let service = await start();
    try {
      let held = (await signIn(service, await discover(service), service.users[0]!)).tokens.refresh_token!;
      // stop() at different points of the refresh's way through the service: before it is read, while
      // the provider spends the token and stores the new one, after it has answered.
      for (let turns = 0; turns <= 12; turns += 2) {
        const refreshing = refreshRaw(service, held).catch(() => null);
        for (let t = 0; t < turns; t++) await new Promise((r) => setImmediate(r));
        await service.stop();
        const answer = await refreshing;
        if (answer?.status === 200)
          held = z.object({ refresh_token: z.string() }).parse(answer.body).refresh_token;
        else if (answer !== null) {
          // Refused before any work: the client keeps what it had and comes back later.
          expect(answer.status, `after ${turns} turns`).toBe(503);
          expect(answer.headers.get('retry-after')).toBe('5');
        }
        service = await start();
        const next = await refreshRaw(service, held);
        expect(next.status, `after ${turns} turns: ${JSON.stringify(next.body)}`).toBe(200);
        held = z.object({ refresh_token: z.string() }).parse(next.body).refresh_token;
      }
    } finally {
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
