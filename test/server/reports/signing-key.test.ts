import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceLog } from '../../../src/server/context';
import { loadSigningKey, SIGNING_KEY_FILE } from '../../../src/server/reports/signing-key';

let dir: string;
let warnings: string[];
const log: ServiceLog = {
  info: () => undefined,
  warn: (m) => void warnings.push(m),
  error: () => undefined,
};
const posix = process.platform !== 'win32';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fleetdesk-signing-key-'));
  warnings = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the download signing key in the data directory', () => {
  it('is created once, readable by its owner only, and the same at every later start', () => {
    const first = loadSigningKey(dir, log);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = join(dir, SIGNING_KEY_FILE);
    if (posix) expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSigningKey(dir, log)).toBe(first);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(warnings).toEqual([]);
  });

  it('replaces a damaged key with a new one and says so', () => {
    writeFileSync(join(dir, SIGNING_KEY_FILE), 'not a key\n');
    const key = loadSigningKey(dir, log);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(loadSigningKey(dir, log)).toBe(key);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('did not hold a signing key');
  });

  it.runIf(posix)('takes a key other users could read back to mode 0600', () => {
    const key = loadSigningKey(dir, log);
    const file = join(dir, SIGNING_KEY_FILE);
    chmodSync(file, 0o644);
    expect(loadSigningKey(dir, log)).toBe(key);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(warnings[0]).toContain('mode is now 0600');
  });
});
