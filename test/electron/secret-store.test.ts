import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { safeStorage } from '../mocks/electron';
import { createAppCore, type AppCore } from '../../src/main/core/app-core';
import { createSafeStorageSecretStore } from '../../src/main/electron/secret-store';
import { startLocalService, type LocalService } from '../../src/server';
import { operatorOf } from '../../src/main/demo/demo-of-service';
import { attachedDemoService } from '../../src/main/demo/local-demo-service';
import { fakeShell, remoteProfileOf } from '../core/app-core.harness';

vi.mock('electron', () => import('../mocks/electron'));

const dirs: string[] = [];
const userData = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'fleetdesk-userdata-'));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  safeStorage.backend = 'gnome_libsecret';
  safeStorage.available = true;
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the safeStorage secret store', () => {
  it('keeps the token encrypted in a file only the user can read', async () => {
    const dir = userData();
    const store = await createSafeStorageSecretStore(dir);
    expect(store.kind).toBe('keychain');
    await store.set('token', 'bearer-abc-123');
    const file = join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain('bearer-abc-123');
    expect(await (await createSafeStorageSecretStore(dir)).get('token')).toBe('bearer-abc-123');
    await store.delete('token');
    expect(existsSync(file)).toBe(false);
  });

  it('tells the core when Linux has no keyring (basic_text), and keeps nothing on disk without encryption', async () => {
    safeStorage.backend = 'basic_text';
    expect((await createSafeStorageSecretStore(userData(), 'linux')).kind).toBe('basic_text');
    // Only Linux has the basic_text fallback; elsewhere safeStorage always means the OS keychain.
    expect((await createSafeStorageSecretStore(userData(), 'darwin')).kind).toBe('keychain');

    safeStorage.available = false;
    const dir = userData();
    const memoryOnly = await createSafeStorageSecretStore(dir);
    expect(memoryOnly.kind).toBe('memory');
    await memoryOnly.set('token', 'bearer-abc-123');
    expect(existsSync(join(dir, 'secrets.json'))).toBe(false);
  });
});

describe('a remote sign-in on Linux without a keyring', () => {
  let service: LocalService;
  const cores: AppCore[] = [];

  beforeAll(async () => {
    service = await startLocalService({ port: 0, host: '127.0.0.1', fleetSize: 5 });
  });
  afterAll(async () => {
    for (const core of cores) await core.stop();
    await service.stop();
  });

  const signIn = async (persistToken: boolean): Promise<string> => {
    safeStorage.backend = 'basic_text';
    const dir = userData();
    const core = createAppCore({
      dataDir: dir,
      secretStore: await createSafeStorageSecretStore(dir, 'linux'),
      shell: fakeShell(dir),
      push: () => undefined,
      startDemo: attachedDemoService(service),
      log: { warn: () => undefined },
    });
    cores.push(core);
    const view = await core.handlers['session.signInRemote']({
      profile: remoteProfileOf(service, 'Depot'),
      token: operatorOf(service).token,
      persistToken,
    });
    expect(view).toMatchObject({ signedIn: true, secretStorage: 'basic_text', tokenPersisted: persistToken });
    return dir;
  };

  it('keeps the token in memory only, unless the user opts in', async () => {
    expect(existsSync(join(await signIn(false), 'secrets.json'))).toBe(false);
    const optedIn = join(await signIn(true), 'secrets.json');
    expect(statSync(optedIn).mode & 0o777).toBe(0o600);
  });
});
