import { randomBytes } from 'node:crypto';
import { PARCEL_PATH, PARCEL_TTL_MS } from '../../shared/ipc/socket-frames';

/**
 * Past this size a reply goes to the page as a parcel. In Chromium a large WebSocket message
 * holds the page's next frame back after its handler has run, about 6–7 ms per MB on the
 * 2-core build machine (25 ms for a month of history, 3.9 MB), where the same bytes fetched
 * over HTTP hold nothing back (docs/architecture.md §1 and "History and replay"). Below it the extra
 * request costs more than it saves.
 */
export const PARCEL_MIN_BYTES = 1024 * 1024;
/** Held at most at once; past it a reply goes on the socket, as it would without parcels. */
export const PARCEL_MAX_HELD_BYTES = 256 * 1024 * 1024;

export interface Parcel {
  readonly body: Buffer;
  /** A JSON frame (text/plain) rather than the codec's bytes. */
  readonly text: boolean;
}

export interface ReplyParcels {
  /** The path the page fetches `frame` from, or null when too much is held already. */
  offer(frame: string | Uint8Array, owner: object): string | null;
  /** The parcel behind a token, once: a second fetch, a foreign or an expired token get null. */
  take(token: string): Parcel | null;
  /** Whether a token is still good, without spending it (an HTTP HEAD). */
  has(token: string): boolean;
  /** Everything `owner` (a page's socket) was offered and has not fetched. */
  dropOwner(owner: object): void;
  clear(): void;
  /** Bytes held now (for tests and the shell's own accounting). */
  heldBytes(): number;
}

interface Held extends Parcel {
  readonly owner: object;
  readonly timer: ReturnType<typeof setTimeout>;
}

/**
 * Large replies handed to the browser-shell page over HTTP instead of its socket (the bridge
 * sends a `parcel` frame with the URL). Each token is 144 random bits, reaches only the page
 * whose socket knew the run's secret, and is good for one fetch; the host's Host and Origin
 * checks (browser-shell.ts) apply as to every other path.
 */
export function createReplyParcels(
  ttlMs = PARCEL_TTL_MS,
  maxHeldBytes = PARCEL_MAX_HELD_BYTES,
): ReplyParcels {
  const held = new Map<string, Held>();
  let bytes = 0;

  const remove = (token: string): Held | null => {
    const parcel = held.get(token);
    if (!parcel) return null;
    held.delete(token);
    clearTimeout(parcel.timer);
    bytes -= parcel.body.byteLength;
    return parcel;
  };

  return {
    offer(frame, owner) {
      const text = typeof frame === 'string';
      const body = text
        ? Buffer.from(frame, 'utf8')
        : Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength);
      if (bytes + body.byteLength > maxHeldBytes) return null;
      const token = randomBytes(18).toString('base64url');
      const timer = setTimeout(() => remove(token), ttlMs);
      timer.unref();
      held.set(token, { body, text, owner, timer });
      bytes += body.byteLength;
      return `${PARCEL_PATH}${token}`;
    },
    take(token) {
      const parcel = remove(token);
      return parcel && { body: parcel.body, text: parcel.text };
    },
    has: (token) => held.has(token),
    dropOwner(owner) {
      for (const [token, parcel] of held) if (parcel.owner === owner) remove(token);
    },
    clear() {
      for (const token of [...held.keys()]) remove(token);
    },
    heldBytes: () => bytes,
  };
}
