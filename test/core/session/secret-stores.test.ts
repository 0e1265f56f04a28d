import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEncryptedFileSecretStore } from '../../../src/main/core/session/encrypted-file-secret-store';
import { createMemorySecretStore } from '../../../src/main/core/session/secret-store';
import { fakeEncryption } from './fake-encryption';

const TOKEN = 'tok_live_6f1d2c3b4a5e6f7a8b9c0d1e2f3a4b5c';

describe('secret stores', () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleetdesk-secrets-'));
    path = join(dir, 'secrets.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a token in memory only with the memory store', async () => {
    const store = createMemorySecretStore();
    expect(store.kind).toBe('memory');
    await store.set('session.token', TOKEN);
    expect(await store.get('session.token')).toBe(TOKEN);
    await store.delete('session.token');
    expect(await store.get('session.token')).toBeNull();
  });

  it('writes the token encrypted, readable by the user only, and reads it back in a new process', async () => {
    const store = await createEncryptedFileSecretStore(path, fakeEncryption());
    expect(store.kind).toBe('keychain');
    await store.set('session.token', TOKEN);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).not.toContain(TOKEN);
    expect(readdirSync(dir)).toEqual(['secrets.json']); // no temp file left behind
    expect(await store.get('session.token')).toBe(TOKEN);
  });

  it('wipes the file when the last secret is deleted', async () => {
    const store = await createEncryptedFileSecretStore(path, fakeEncryption());
    await store.set('session.token', TOKEN);
    await store.delete('session.token');
    expect(existsSync(path)).toBe(false);
    expect(await store.get('session.token')).toBeNull();
  });

  it('survives concurrent writes without losing one', async () => {
    const store = await createEncryptedFileSecretStore(path, fakeEncryption());
    await Promise.all([
      store.set('a', 'first-secret'),
      store.set('b', 'second-secret'),
      store.set('c', 'third'),
    ]);
    expect([await store.get('a'), await store.get('b'), await store.get('c')]).toEqual([
      'first-secret',
      'second-secret',
      'third',
    ]);
  });

  it('treats a damaged file or a token encrypted under another key as absent, without failing', async () => {
    writeFileSync(path, '{"version": 1, "entries": {"session.token": 42}', { mode: 0o600 });
    const store = await createEncryptedFileSecretStore(path, fakeEncryption());
    expect(await store.get('session.token')).toBeNull();
    await store.set('session.token', TOKEN);
    const otherKey = await createEncryptedFileSecretStore(path, fakeEncryption());
    expect(await otherKey.get('session.token')).toBeNull();
    expect(existsSync(path)).toBe(false);
  });

  it('writes nothing to disk when encryption is not available', async () => {
    const store = await createEncryptedFileSecretStore(path, fakeEncryption('keychain', false));
    expect(store.kind).toBe('memory');
    await store.set('session.token', TOKEN);
    expect(existsSync(path)).toBe(false);
    expect(await store.get('session.token')).toBe(TOKEN);
  });

  it('reports basic_text so the session can keep the token in memory unless the user opts in', async () => {
    const store = await createEncryptedFileSecretStore(path, fakeEncryption('basic_text'));
    expect(store.kind).toBe('basic_text');
  });

  it('stores a secret again when the keychain says its key was rotated', async () => {
    const base = fakeEncryption();
    let rotated = true;
    const store = await createEncryptedFileSecretStore(path, {
      ...base,
      decrypt: async (cipher) => {
        const result = await base.decrypt(cipher);
        const shouldReEncrypt = rotated;
        rotated = false;
        return { result, shouldReEncrypt };
      },
    });
    await store.set('session.token', TOKEN);
    const before = readFileSync(path, 'utf8');
    expect(await store.get('session.token')).toBe(TOKEN);
    const after = readFileSync(path, 'utf8');
    expect(after).not.toBe(before);
    expect(await store.get('session.token')).toBe(TOKEN);
    expect(readFileSync(path, 'utf8')).toBe(after);
  });
});
