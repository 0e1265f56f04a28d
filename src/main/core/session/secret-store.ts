import type { SecretStorageKind } from '../../../shared/ipc/views';

/**
 * Where the bearer token is kept (architecture.md §3). `kind` tells the UI how
 * safe that is: an OS keychain, Linux's basic_text (obfuscation, not
 * encryption), or memory only (nothing on disk).
 */
export interface SecretStore {
  readonly kind: SecretStorageKind;
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

export function createMemorySecretStore(): SecretStore {
  const values = new Map<string, string>();
  return {
    kind: 'memory',
    get: async (key) => values.get(key) ?? null,
    set: async (key, value) => void values.set(key, value),
    delete: async (key) => void values.delete(key),
  };
}
