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
