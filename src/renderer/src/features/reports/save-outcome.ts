/** What the list says after Save, in the terms of the shell the user sees. */
export function saveMessage(
  result: { saved: boolean; path: string | null },
  filename: string | null,
): string {
  if (!result.saved) return 'Save cancelled';
  if (result.path !== null) return `Saved to ${result.path}`;
  // The browser shell (contract: saved with no path): the browser downloaded it, where only it knows.
  return `Downloaded ${filename ?? 'the report'}`;
}
