import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { EncryptionAdapter } from '../../../src/main/core/session/encrypted-file-secret-store';

/**
 * Stands in for Electron's safeStorage in tests: real AES-256-GCM under a key
 * that lives in this process, as the OS keychain's key would.
 */
export function fakeEncryption(
  backend: EncryptionAdapter['backend'] = 'keychain',
  available = true,
): Omit<EncryptionAdapter, 'decrypt'> & {
  decrypt(cipher: Buffer): Promise<string>;
  readonly calls: { encrypt: number; decrypt: number };
} {
  const key = randomBytes(32);
  const calls = { encrypt: 0, decrypt: 0 };
  return {
    backend,
    calls,
    isEncryptionAvailable: async () => available,
    async encrypt(plain) {
      calls.encrypt++;
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    async decrypt(cipher) {
      calls.decrypt++;
      const d = createDecipheriv('aes-256-gcm', key, cipher.subarray(0, 12));
      d.setAuthTag(cipher.subarray(12, 28));
      return Buffer.concat([d.update(cipher.subarray(28)), d.final()]).toString('utf8');
    },
  };
}
