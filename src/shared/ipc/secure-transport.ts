/**
 * Where the app may send a bearer token (or a refresh token, or a password
 * typed into a sign-in page it opens): over TLS only, except to this
 * computer. Plain http:// or ws:// to another host lets anyone on the path
 * read the token and use it (RFC 6750 §5.3, RFC 9700 §4.1). A service on
 * this computer is reached over loopback, which never leaves the machine
 * (RFC 8252 §8.3 relies on the same).
 */

/** The message the form and the core give for an address that would send a token in the clear. */
export const PLAIN_TRANSPORT_MESSAGE =
  'must use https:// or wss://: Fleetdesk sends your access token to this address, and over plain http:// or ws:// anyone on the network could read it (plain addresses are allowed only for a service on this computer: localhost, 127.x.x.x, ::1)';

/**
 * 127.0.0.0/8, ::1 and the name localhost (RFC 6761 §6.3), as the WHATWG URL
 * parser leaves a hostname: `http://127.1/` and `http://0x7f.0.0.1/` are
 * already 127.0.0.1 there, and IPv6 keeps its brackets.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]') return true;
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return octets !== null && octets.slice(1).every((o) => Number(o) <= 255);
}

const CLEAR = new Set(['http:', 'ws:']);
const SECURE = new Set(['https:', 'wss:']);

/** Whether a token may travel to `raw`: TLS anywhere, clear text only over loopback. */
export function carriesTokenSafely(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (SECURE.has(url.protocol)) return true;
  return CLEAR.has(url.protocol) && isLoopbackHost(url.hostname);
}
