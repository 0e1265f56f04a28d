import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { ServiceLog } from '../context';

export interface SecretFileKind<T> {
  /** What the file holds, for the log: "a signing key". */
  readonly holds: string;
  /** A new secret, and the text the file stores it as. */
  create(): { readonly value: T; readonly text: string };
  /** The secret a file's text holds, or null when the text is not one. */
  parse(text: string): T | null;
}

/**
 * A secret that lives with the data it protects, in the data directory
 * (mode 0600, created once), so what it signed before a restart still holds
 * after it. A damaged file is replaced, which costs only what the old
 * secret had signed; a file other users could read is taken back to 0600.
 */
export function loadSecretFile<T>(file: string, kind: SecretFileKind<T>, log: ServiceLog): T {
  const fresh = kind.create();
  try {
    // 'wx': only the first start creates it, even if two starts race.
    writeFileSync(file, fresh.text, { flag: 'wx', mode: 0o600 });
    return fresh.value;
  } catch (err) {
    if (!(err instanceof Error && 'code' in err && err.code === 'EEXIST')) throw err;
  }
  const stored = kind.parse(readFileSync(file, 'utf8'));
  if (stored === null) {
    log.warn(`${file} did not hold ${kind.holds}; a new one replaces it`);
    writeFileSync(file, fresh.text, { mode: 0o600 });
    chmodSync(file, 0o600);
    return fresh.value;
  }
  if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) {
    log.warn(`${file} was readable by other users; its mode is now 0600`);
    chmodSync(file, 0o600);
  }
  return stored;
}
