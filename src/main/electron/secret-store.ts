import { join } from 'node:path';
import { safeStorage } from 'electron';
import {
  createEncryptedFileSecretStore,
  type EncryptionAdapter,
} from '../core/session/encrypted-file-secret-store';
import type { SecretStore } from '../core/session/secret-store';

/**
 * safeStorage's async API (Electron ≥ 36) as the core's EncryptionAdapter.
 * Must be created after app 'ready': on Linux the backend is only known then.
 */
export function safeStorageAdapter(platform: NodeJS.Platform = process.platform): EncryptionAdapter {
  // Linux without a keyring falls back to basic_text: a hard-coded key, obfuscation only (docs/architecture.md §3).
  const backend = platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text';
  return {
    isEncryptionAvailable: () => safeStorage.isAsyncEncryptionAvailable(),
    backend: backend ? 'basic_text' : 'keychain',
    encrypt: (plain) => safeStorage.encryptStringAsync(plain),
    // shouldReEncrypt is ignored: the token is rewritten at the next sign-in anyway.
    decrypt: async (cipher) => (await safeStorage.decryptStringAsync(cipher)).result,
  };
}

/** The token file under userData, 0600, written atomically by the core's store. */
export function createSafeStorageSecretStore(
  userDataDir: string,
  platform: NodeJS.Platform = process.platform,
): Promise<SecretStore> {
  return createEncryptedFileSecretStore(join(userDataDir, 'secrets.json'), safeStorageAdapter(platform));
}
