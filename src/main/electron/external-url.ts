const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * What may leave the app for the system browser (Electron security checklist
 * §15): https anywhere, and plain http only on loopback — the local fleet
 * service's tracking page. Never file:, javascript:, custom schemes or
 * credentials in the URL.
 */
export function externalUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a valid address';
  }
  if (url.username || url.password) return 'addresses with credentials are not opened';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return `${url.protocol} addresses are not opened, only https`;
}
