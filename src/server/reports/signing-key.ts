import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { ServiceLog } from '../context';
import { loadSecretFile } from '../store/secret-file';

export const SIGNING_KEY_FILE = 'download-signing.key';

const KEY = /^[0-9a-f]{64}$/;

/**
 * The secret of the pre-signed download addresses (spec 2.4: valid 1 hour).
 * It lives in `<data-dir>/download-signing.key` (secret-file.ts), so an
 * address handed out before a restart still works after it; a damaged key
 * only costs the addresses already handed out, and clients ask for new ones
 * (spec 2.4). A temporary data directory gets a key of its own, which is all
 * a service that forgets its reports at stop needs.
 */
export function loadSigningKey(dataDir: string, log: ServiceLog): string {
  return loadSecretFile(
    join(dataDir, SIGNING_KEY_FILE),
    {
      holds: 'a signing key',
      create: () => {
        const value = randomBytes(32).toString('hex');
        return { value, text: value + '\n' };
      },
      parse: (text) => (KEY.test(text.trim()) ? text.trim() : null),
    },
    log,
  );
}
