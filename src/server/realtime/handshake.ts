import { randomInt } from 'node:crypto';
import { CloseCode, SUPPORTED_PROTOCOLS } from './pusher-protocol';

const APP_PATH = /^\/app\/([^/?#]+)$/;

export interface Refusal {
  readonly code: number;
  readonly message: string;
}

/** Pusher's socket id form (`\d+.\d+`), which broadcastingAuthRequestSchema expects back. */
export const newSocketId = (): string => `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;

/**
 * Why a connection to `rawUrl` must be refused, with the protocol's close
 * code, or null to accept it: `/app/<key>?protocol=<5..7>` only.
 */
export function handshakeRefusal(rawUrl: string, appKey: string): Refusal | null {
  let url: URL;
  let key: string;
  try {
    url = new URL(rawUrl, 'http://local');
    const match = APP_PATH.exec(url.pathname);
    if (!match)
      return { code: CloseCode.pathNotFound, message: `Path not found: ${url.pathname.slice(0, 60)}` };
    key = decodeURIComponent(match[1] ?? '');
  } catch {
    // Malformed percent-escapes and the like: no app could have that key.
    return { code: CloseCode.applicationDoesNotExist, message: 'Application does not exist.' };
  }
  if (key !== appKey)
    return { code: CloseCode.applicationDoesNotExist, message: 'Application does not exist.' };
  const protocol = url.searchParams.get('protocol');
  if (protocol === null || protocol === '') {
    return { code: CloseCode.noProtocolVersion, message: 'No protocol version supplied.' };
  }
  if (!/^\d{1,3}$/.test(protocol) || !SUPPORTED_PROTOCOLS.includes(Number(protocol))) {
    return {
      code: CloseCode.unsupportedProtocol,
      message: `Unsupported protocol version ${protocol.slice(0, 10)}.`,
    };
  }
  return null;
}
