import { randomBytes, randomUUID } from 'node:crypto';
import type { SecretStore } from '../session/secret-store';

/**
 * Writes a random secret through the store the app keeps its token in, reads
 * it back and deletes it. Memory-only means the platform offered no
 * encryption at all: the app still runs, but asks for a sign-in after every
 * restart, which is what a support engineer needs to hear.
 */
export async function keychainRoundTrip(store: SecretStore): Promise<string> {
  if (store.kind === 'memory')
    throw new Error('no encryption is available: the access token would be kept in memory only');
  const key = `self-test.${randomUUID()}`;
  const value = randomBytes(24).toString('base64url');
  try {
    await store.set(key, value);
    if ((await store.get(key)) !== value) throw new Error('the stored secret did not read back as written');
  } finally {
    await store.delete(key);
  }
  if ((await store.get(key)) !== null) throw new Error('the stored secret was not deleted');
  return store.kind === 'keychain'
    ? 'encrypted with the system keychain, read back and deleted'
    : 'basic_text: no keyring, so a stored token is only obfuscated (architecture.md §3); read back and deleted';
}
