import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEncryptedFileSecretStore } from '../../../src/main/core/session/encrypted-file-secret-store';
import { fakeEncryption } from './fake-encryption';

/** While set, reading the secrets file fails as a file locked by another program does on Windows. */
const locked = vi.hoisted(() => ({ on: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>();
  return {
    ...fs,
    readFile: (async (...args: Parameters<typeof fs.readFile>) => {
      if (locked.on)
        throw Object.assign(new Error('EBUSY: resource busy or locked, open'), { code: 'EBUSY' });
      return fs.readFile(...args);
    }) as typeof fs.readFile,
  };
});

describe('a secrets file that exists but cannot be read now', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleetdesk-secrets-locked-'));
  });
  afterEach(() => {
    locked.on = false;
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails the call, and the next write does not replace it without the secrets it holds', async () => {
    const path = join(dir, 'secrets.json');
    const store = await createEncryptedFileSecretStore(path, fakeEncryption());
    await store.set('session.token', 'tok_kept_across_the_lock_0000000');
    const before = readFileSync(path, 'utf8');

    locked.on = true;
    await expect(store.get('session.token')).rejects.toThrow(/The saved sign-in could not be read: EBUSY/);
    await expect(store.set('session.refresh', 'another-secret')).rejects.toThrow(/EBUSY/);
    await expect(store.delete('session.token')).rejects.toThrow(/EBUSY/);
    expect(readFileSync(path, 'utf8')).toBe(before);

    locked.on = false;
    expect(await store.get('session.token')).toBe('tok_kept_across_the_lock_0000000');
  });
});
