import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { createMemorySecretStore, type SecretStore } from './secret-store';

/**
 * What the Electron glue passes in: safeStorage's async API (Electron ≥ 36)
 * and its backend, so this module stays Electron-free and testable.
 */
export interface EncryptionAdapter {
  isEncryptionAvailable(): boolean | Promise<boolean>;
  /** 'basic_text' is Linux without a keyring: obfuscation with a hard-coded key, not encryption. */
  readonly backend: 'keychain' | 'basic_text';
  encrypt(plain: string): Promise<Buffer>;
  /** Electron's decryptStringAsync answers {result, shouldReEncrypt} (key rotation); a plain string works too. */
  decrypt(cipher: Buffer): Promise<string | { readonly result: string; readonly shouldReEncrypt: boolean }>;
}

const fileSchema = z.object({
  version: z.literal(1),
  entries: z.record(z.string(), z.string()),
});

/**
 * Secrets encrypted by the adapter, as base64 in one JSON file readable by
 * the user only (0600), replaced atomically (temp file + rename) so a crash
 * never leaves half a file. Without encryption there is no file at all: the
 * store is memory-only. A file that exists but cannot be read fails the call and is left as it is.
 */
export async function createEncryptedFileSecretStore(
  path: string,
  adapter: EncryptionAdapter,
): Promise<SecretStore> {
  if (!(await adapter.isEncryptionAvailable())) return createMemorySecretStore();

  const readEntries = async (): Promise<Record<string, string>> => {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (err) {
      // Only a missing file holds nothing. One that cannot be read now (locked by a scanner, say) is an
      // error: read as empty, the next write would replace it without the secrets it holds.
      if (err instanceof Error && 'code' in err && err.code === 'ENOENT') return {};
      throw new Error(
        `The saved sign-in could not be read: ${err instanceof Error ? err.message : String(err)}`,
        { cause: err },
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    // A damaged file loses the stored token (the user signs in again); it never stops the app.
    const parsed = fileSchema.safeParse(json);
    return parsed.success ? parsed.data.entries : {};
  };

  const writeEntries = async (entries: Record<string, string>): Promise<void> => {
    if (Object.keys(entries).length === 0) {
      await rm(path, { force: true });
      return;
    }
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(JSON.stringify({ version: 1, entries }), 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  };

  // Writes run one after another: two sign-ins racing must not lose either write.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    kind: adapter.backend,
    get: (key) =>
      serial(async () => {
        const cipher = (await readEntries())[key];
        if (cipher === undefined) return null;
        let plain: string;
        try {
          const out = await adapter.decrypt(Buffer.from(cipher, 'base64'));
          if (typeof out === 'string') return out;
          plain = out.result;
          if (!out.shouldReEncrypt) return plain;
        } catch {
          // Encrypted under another keychain entry or user: unusable, so forget it.
          const entries = await readEntries();
          delete entries[key];
          await writeEntries(entries);
          return null;
        }
        // The key was rotated: store the secret again under the new one.
        const fresh = await adapter.encrypt(plain);
        await writeEntries({ ...(await readEntries()), [key]: fresh.toString('base64') });
        return plain;
      }),
    set: (key, value) =>
      serial(async () => {
        const cipher = await adapter.encrypt(value);
        await writeEntries({ ...(await readEntries()), [key]: cipher.toString('base64') });
      }),
    delete: (key) =>
      serial(async () => {
        const entries = await readEntries();
        if (!(key in entries)) return;
        delete entries[key];
        await writeEntries(entries);
      }),
  };
}
