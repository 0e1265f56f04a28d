import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../../src/server';
import { openOfflineCache, type OfflineCache } from '../../../src/main/core/cache/offline-cache';
import { endpointsOfLocal, operatorOf } from '../../../src/main/demo/demo-of-service';
import { localDemoService } from '../../../src/main/demo/local-demo-service';
import { createEncryptedFileSecretStore } from '../../../src/main/core/session/encrypted-file-secret-store';
import { createMemorySecretStore, type SecretStore } from '../../../src/main/core/session/secret-store';
import {
  createSession,
  SignInError,
  type Session,
  type SessionOptions,
} from '../../../src/main/core/session/session';
import type { Notice, RemoteProfile, SessionView } from '../../../src/shared/ipc/views';
import { fakeEncryption } from './fake-encryption';

describe('session: demo and remote sign-in, secrets, 401 and sign-out', () => {
  let service: LocalService;
  let dir: string;
  let cache: OfflineCache;
  let sessions: Session[] = [];
  /** Every view any session produced: none may ever contain a token. */
  const views: SessionView[] = [];
  const tokens = new Set<string>();
  const notices: Notice[] = [];
  /** Rewrites the Authorization header, as if the token had been revoked on the service. */
  let revoked = false;
  const revocableFetch: typeof fetch = (input, init) => {
    if (!revoked) return fetch(input, init);
    const headers = new Headers(init?.headers);
    headers.set('Authorization', 'Bearer revoked-token-0000000000');
    return fetch(input, { ...init, headers });
  };

  const operatorToken = (): string => operatorOf(service).token;
  const profile = (): RemoteProfile => ({
    kind: 'remote',
    name: 'Local service as a remote',
    ...endpointsOfLocal(service),
  });
  const open = (secrets: SecretStore, extra: Partial<SessionOptions> = {}): Session => {
    const s = createSession({
      secrets,
      state: cache.settings,
      startDemo: localDemoService({ fleetSize: 20 }),
      fetch: revocableFetch,
      timeoutMs: 5000,
      onNotice: (n) => notices.push(n),
      ...extra,
    });
    s.subscribe((v) => views.push(v));
    sessions.push(s);
    return s;
  };

  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 20 });
    tokens.add(operatorToken());
  });
  afterAll(async () => {
    await service.stop();
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleetdesk-session-'));
    cache = openOfflineCache(join(dir, 'cache.db'));
    revoked = false;
  });
  afterEach(async () => {
    for (const s of sessions) await s.dispose();
    sessions = [];
    cache.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts the local service and signs in as its operator on first run', async () => {
    const session = open(createMemorySecretStore());
    const view = await session.restore();
    expect(view).toMatchObject({
      signedIn: true,
      needsSignIn: false,
      profile: { kind: 'demo' },
      tokenPersisted: false,
    });
    expect(view.user?.name).toMatch(/operator/);
    const conn = session.connection();
    tokens.add(conn?.tokens.peek() ?? '');
    expect((await conn?.fleet.allAssets())?.length).toBe(20);
  });

  it('signs in to a remote service with a token, keeps it in the keychain and restores it after a restart', async () => {
    const path = join(dir, 'secrets.json');
    const encryption = fakeEncryption('keychain');
    const first = open(await createEncryptedFileSecretStore(path, encryption));
    const view = await first.signInRemote({ profile: profile(), token: operatorToken() });
    expect(view).toMatchObject({
      signedIn: true,
      secretStorage: 'keychain',
      tokenPersisted: true,
      user: { id: 1 },
    });
    expect(existsSync(path)).toBe(true);

    const second = open(await createEncryptedFileSecretStore(path, encryption));
    const restored = await second.restore();
    expect(restored).toMatchObject({
      signedIn: true,
      profile: { kind: 'remote', name: 'Local service as a remote' },
    });
    expect((await second.connection()?.fleet.assetPage(1))?.meta.total).toBe(20);
  });

  it('restores to "needs sign-in", saying why, when the saved token cannot be read now', async () => {
    const first = open(await createEncryptedFileSecretStore(join(dir, 'secrets.json'), fakeEncryption()));
    await first.signInRemote({ profile: profile(), token: operatorToken() });
    await first.dispose();
    const locked: SecretStore = {
      kind: 'keychain',
      get: async () => {
        throw new Error('The saved sign-in could not be read: EBUSY: resource busy or locked');
      },
      set: async () => undefined,
      delete: async () => undefined,
    };
    const view = await open(locked).restore();
    expect(view).toMatchObject({ signedIn: false, needsSignIn: true, profile: { kind: 'remote' } });
    expect(notices.at(-1)).toMatchObject({
      kind: 'error',
      message:
        'The saved sign-in could not be read: EBUSY: resource busy or locked. Sign in again to keep working.',
    });
  });

  it('with basic_text keeps the token in memory only, unless the user opts in', async () => {
    const path = join(dir, 'secrets.json');
    const secrets = await createEncryptedFileSecretStore(path, fakeEncryption('basic_text'));
    const session = open(secrets);
    const view = await session.signInRemote({ profile: profile(), token: operatorToken() });
    expect(view).toMatchObject({ signedIn: true, secretStorage: 'basic_text', tokenPersisted: false });
    expect(existsSync(path)).toBe(false);
    expect(notices.some((n) => n.kind === 'keyring')).toBe(true);

    const optedIn = await session.signInRemote({
      profile: profile(),
      token: operatorToken(),
      persistToken: true,
    });
    expect(optedIn.tokenPersisted).toBe(true);
    expect(existsSync(path)).toBe(true);
  });

  it('refuses a wrong token with a clear message and stays signed out', async () => {
    const session = open(createMemorySecretStore());
    const wrong = 'not-the-right-token-at-all';
    tokens.add(wrong);
    const err = await session.signInRemote({ profile: profile(), token: wrong }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SignInError);
    expect((err as Error).message).toMatch(/refused this access token/);
    expect(session.view()).toMatchObject({ signedIn: false, needsSignIn: false });
  });

  it('explains what is wrong with a bad profile', async () => {
    const session = open(createMemorySecretStore());
    const err = await session
      .signInRemote({ profile: { ...profile(), api_ws_url: 'http://nope' }, token: operatorToken() })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SignInError);
    expect((err as SignInError).errors).toHaveProperty('api_ws_url');
  });

  it('asks for a new sign-in after a 401 without losing the profile or the cache', async () => {
    const session = open(createMemorySecretStore());
    await session.signInRemote({ profile: profile(), token: operatorToken() });
    cache.assets.replaceAll((await session.connection()?.fleet.allAssets()) ?? []);
    revoked = true;
    await expect(session.connection()?.fleet.location(1)).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(session.view()).toMatchObject({ signedIn: true, needsSignIn: true, profile: { kind: 'remote' } });
    expect(cache.assets.list().assets.length).toBe(20);

    revoked = false;
    const again = await session.signInRemote({ profile: profile(), token: operatorToken() });
    expect(again.needsSignIn).toBe(false);
  });

  it('keeps the token when the service cannot be reached, and signs in offline', async () => {
    const secrets = await createEncryptedFileSecretStore(
      join(dir, 'secrets.json'),
      fakeEncryption('keychain'),
    );
    const session = open(secrets);
    const unreachable = { ...profile(), base_url: 'http://127.0.0.1:9', api_url: 'http://127.0.0.1:9' };
    const view = await session.signInRemote({ profile: unreachable, token: operatorToken() });
    expect(view).toMatchObject({ signedIn: true, needsSignIn: false, tokenPersisted: true });
    await expect(session.connection()?.fleet.location(1)).rejects.toMatchObject({ kind: 'offline' });
    expect(session.view().needsSignIn).toBe(false);
    expect(await secrets.get('session.token')).toBe(operatorToken());
  });

  it('wipes the token on sign-out, from memory and from disk', async () => {
    const path = join(dir, 'secrets.json');
    const secrets = await createEncryptedFileSecretStore(path, fakeEncryption('keychain'));
    const session = open(secrets);
    await session.signInRemote({ profile: profile(), token: operatorToken() });
    const conn = session.connection();
    const out = await session.signOut();
    expect(out).toMatchObject({ signedIn: false, tokenPersisted: false, user: null });
    expect(session.connection()).toBeNull();
    expect(existsSync(path)).toBe(false);
    // A client kept from before has nothing to send any more.
    await expect(conn?.fleet.location(1)).rejects.toMatchObject({ kind: 'unauthorized', status: null });
  });

  it('never shows a token in any view the renderer received', () => {
    expect(views.length).toBeGreaterThan(10);
    for (const v of views) {
      const json = JSON.stringify(v);
      for (const t of tokens) expect(json).not.toContain(t);
    }
  });
});
