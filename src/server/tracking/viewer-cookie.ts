export const VIEWER_COOKIE = 'fd_view';

/** The viewer cookie's value from a Cookie header, or null. */
export function readViewerCookie(header: string | string[] | undefined): string | null {
  const raw = Array.isArray(header) ? header.join('; ') : header;
  if (!raw) return null;
  for (const part of raw.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== VIEWER_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (/^[A-Za-z0-9_-]{20,100}$/.test(value)) return value;
  }
  return null;
}

/**
 * A session cookie bound to one link: its Path is the link's page, so the
 * browser sends it to that page, its state and its events only. HttpOnly
 * (no script reads it), SameSite=Lax, Secure when the page is served over https.
 */
export function viewerCookie(linkUuid: string, value: string, maxAgeMs: number, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor(maxAgeMs / 1000));
  return [
    `${VIEWER_COOKIE}=${value}`,
    `Path=/track/${linkUuid}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
