/**
 * A file the operator picked in the page (the browser shell has no native open dialog: docs/architecture.md
 * "The renderer"), on its way to main over the typed IPC.
 */

/** The file a file input's change event carries; the input is emptied, so that the same file picked again after a fix fires change again. */
export function takePickedFile(e: Event): File | null {
  const target = e.target;
  if (!(target instanceof HTMLInputElement)) return null;
  const file = target.files?.[0] ?? null;
  target.value = '';
  return file;
}

/** Bytes as base64 without building one huge string argument (5 MiB would overflow the call stack). */
export function base64Of(bytes: Uint8Array): string {
  const CHUNK = 0x8000;
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}
