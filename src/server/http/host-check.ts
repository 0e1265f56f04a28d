import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/** `name`, `name:port`, `[v6]` or `[v6]:port`: the forms of RFC 9110 §7.2's Host. */
const HOST_HEADER = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9.-]+))(?::\d{1,5})?$/i;

const WILDCARDS = new Set(['0.0.0.0', '::']);

const isLoopback = (host: string): boolean =>
  host === 'localhost' ||
  // RFC 6761 §6.3: browsers resolve every *.localhost name to loopback themselves.
  host.endsWith('.localhost') ||
  (isIP(host) === 4 && host.startsWith('127.')) ||
  host === '::1' ||
  host.startsWith('::ffff:127.');

const bare = (host: string): string => host.toLowerCase().replace(/^\[|\]$/g, '');

/**
 * Which Host headers the service answers. A page on an attacker's domain can
 * make its name resolve to 127.0.0.1 (DNS rebinding) and then read this
 * service as "same origin"; the browser still sends the attacker's name as
 * Host, so answering only the names the service was started for closes that
 * door. Allowed: loopback names and addresses, the configured listen host, and
 * when listening on every interface (0.0.0.0, ::) the machine's own addresses.
 * A request without Host (HTTP/1.0, never a browser) is not foreign.
 */
export function hostAllowlist(listenHost: string): (hostHeader: string | undefined) => boolean {
  const allowed = new Set<string>();
  const configured = bare(listenHost);
  if (WILDCARDS.has(configured)) {
    for (const addresses of Object.values(networkInterfaces()))
      for (const a of addresses ?? []) allowed.add(bare(a.address));
  } else allowed.add(configured);
  return (hostHeader) => {
    if (hostHeader === undefined) return true;
    const m = HOST_HEADER.exec(hostHeader.trim());
    if (!m) return false;
    const host = bare(m[1] ?? m[2] ?? '').replace(/\.$/, '');
    return isLoopback(host) || allowed.has(host);
  };
}
