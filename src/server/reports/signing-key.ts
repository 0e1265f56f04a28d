import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServiceLog } from '../context';

export const SIGNING_KEY_FILE = 'download-signing.key';

const KEY = /^[0-9a-f]{64}$/;

/**
 * The secret of the pre-signed download addresses (spec 2.4: valid 1 hour).
 * It lives with the data it protects, in `<data-dir>/download-signing.key`
 * (mode 0600, created once), so an address handed out before a restart still
 * works after it. A temporary data directory gets a key of its own, which is
 * all a service that forgets its reports at stop needs.
 */
export function loadSigningKey(dataDir: string, log: ServiceLog): string {
  const file = join(dataDir, SIGNING_KEY_FILE);
  const fresh = randomBytes(32).toString('hex');
  try {
    // 'wx': only the first start creates it, even if two starts race.
    writeFileSync(file, fresh + '\n', { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (err) {
    if (!(err instanceof Error && 'code' in err && err.code === 'EEXIST')) throw err;
  }
  const stored = readFileSync(file, 'utf8').trim();
  if (!KEY.test(stored)) {
    // A damaged key only costs the addresses already handed out; clients ask for new ones (spec 2.4).
    log.warn(`${file} did not hold a signing key; a new one replaces it`);
    writeFileSync(file, fresh + '\n', { mode: 0o600 });
    chmodSync(file, 0o600);
    return fresh;
  }
  if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) {
    log.warn(`${file} was readable by other users; its mode is now 0600`);
    chmodSync(file, 0o600);
  }
  return stored;
}
