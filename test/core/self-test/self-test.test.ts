import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createEncryptedFileSecretStore,
  type EncryptionAdapter,
} from '../../../src/main/core/session/encrypted-file-secret-store';
import { createMemorySecretStore } from '../../../src/main/core/session/secret-store';
import { runSelfTest, selfTestExitCode } from '../../../src/main/core/self-test/self-test';
import { localDemoService } from '../../../src/main/demo/local-demo-service';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'fleetdesk-self-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Real encryption (AES-256-GCM under a key of this run) where Electron would use the OS keychain. */
function aesAdapter(): EncryptionAdapter {
  const key = randomBytes(32);
  return {
    backend: 'keychain',
    isEncryptionAvailable: () => true,
    async encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    async decrypt(sealed) {
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
      decipher.setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

describe('the self-test', () => {
  it('passes every check against the in-process demo service, with one report from the worker, and exits 0', async () => {
    const dir = tempDir();
    const secretsFile = join(dir, 'secrets.json');
    const summary = await runSelfTest({
      dataDir: dir,
      secretStore: await createEncryptedFileSecretStore(secretsFile, aesAdapter()),
      version: '9.9.9',
      startDemo: localDemoService(),
    });
    expect(summary.checks.map((c) => [c.name, c.ok, c.detail])).toEqual([
      ['keychain', true, expect.stringMatching(/system keychain, read back and deleted/)],
      ['start', true, expect.stringMatching(/signed in to the Demo as .*operator/)],
      ['demo-service', true, expect.stringMatching(/^50 assets listed; live positions arriving/)],
      [
        'report',
        true,
        expect.stringMatching(/^trail of \d{4}-\d{2}-\d{2} for asset \d+: \d+ rows, saved as .+\.json$/),
      ],
      ['cache', true, expect.stringMatching(/reopened it and read the setting back/)],
    ]);
    expect(summary).toMatchObject({
      ok: true,
      version: '9.9.9',
      platform: process.platform,
      arch: process.arch,
    });
    expect(selfTestExitCode(summary)).toBe(0);
    // The round trip leaves no secret behind, and the report file is where the headless Save put it.
    expect(existsSync(secretsFile)).toBe(false);
    expect(readdirSync(join(dir, 'saved'))).toEqual([expect.stringMatching(/\.json$/)]);
    // What --self-test prints is one line of JSON that reads back as the same summary.
    expect(JSON.parse(JSON.stringify(summary))).toEqual(summary);
  }, 180_000);

  it('reports each failure in its own words, still runs what it can, and exits 1', async () => {
    const summary = await runSelfTest({
      dataDir: tempDir(),
      secretStore: createMemorySecretStore(),
      version: '9.9.9',
      startDemo: () => Promise.reject(new Error('port 0 could not be bound')),
    });
    expect(summary.checks.map((c) => [c.name, c.ok, c.detail])).toEqual([
      ['keychain', false, expect.stringMatching(/no encryption is available/)],
      ['start', false, expect.stringMatching(/port 0 could not be bound/)],
      ['demo-service', false, 'not run: the app did not start'],
      ['report', false, 'not run: the app did not start'],
      ['cache', true, expect.any(String)],
    ]);
    expect(summary.ok).toBe(false);
    expect(selfTestExitCode(summary)).toBe(1);
  });
});
