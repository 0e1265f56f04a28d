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

/** A parcel announced before its frame is encoded: the page's request for it crosses meanwhile. */
export interface AnnouncedParcel {
  readonly url: string;
  /** The frame, for the request that waits for it (or the next one). */
  fill(frame: string | Uint8Array): void;
  /** There is no frame after all: a request for it gets nothing. */
  fail(): void;
}

export interface ReplyParcels {
  /** The path the page fetches `frame` from, or null when too much is held already. */
  offer(frame: string | Uint8Array, owner: object): string | null;
  /**
   * A path for a frame about to be encoded, or null when too much is held already. Its bytes count
   * against the limit once filled; a fill past the limit fails the parcel.
   */
  announce(owner: object): AnnouncedParcel | null;
  /**
   * The parcel behind a token, once (when announced, as soon as it is filled): a second fetch, a
   * foreign or an expired token, or a parcel that failed get null.
   */
  take(token: string): Promise<Parcel | null>;
  /** Whether a token is still good, without spending it (an HTTP HEAD). */
  has(token: string): boolean;
  /** Everything `owner` (a page's socket) was offered and has not fetched. */
  dropOwner(owner: object): void;
  clear(): void;
  /** Bytes held now (for tests and the shell's own accounting). */
  heldBytes(): number;
}

interface Held {
  /** Null until an announced parcel is filled. */
  parcel: Parcel | null;
  readonly owner: object;
  readonly timer: ReturnType<typeof setTimeout>;
  /** The request that came before the fill (a second one gets nothing, as for a spent token). */
  waiter: ((parcel: Parcel | null) => void) | null;
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

  /** Gone from the map, its bytes uncounted, and whoever still waits for it told there is nothing. */
  const remove = (token: string): Held | null => {
    const entry = held.get(token);
    if (!entry) return null;
    held.delete(token);
    clearTimeout(entry.timer);
    if (entry.parcel) bytes -= entry.parcel.body.byteLength;
    const waiter = entry.waiter;
    entry.waiter = null;
    waiter?.(null);
    return entry;
  };

  const parcelOf = (frame: string | Uint8Array): Parcel => {
    const text = typeof frame === 'string';
    return {
      text,
      body: text ? Buffer.from(frame, 'utf8') : Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength),
    };
  };

  const hold = (parcel: Parcel | null, owner: object): string => {
    const token = randomBytes(18).toString('base64url');
    const timer = setTimeout(() => remove(token), ttlMs);
    timer.unref();
    held.set(token, { parcel, owner, timer, waiter: null });
    if (parcel) bytes += parcel.body.byteLength;
    return token;
  };

  return {
    offer(frame, owner) {
      const parcel = parcelOf(frame);
      if (bytes + parcel.body.byteLength > maxHeldBytes) return null;
      return `${PARCEL_PATH}${hold(parcel, owner)}`;
    },
    announce(owner) {
      if (bytes >= maxHeldBytes) return null;
      const token = hold(null, owner);
      const entry = held.get(token)!;
      return {
        url: `${PARCEL_PATH}${token}`,
        fill(frame) {
          if (held.get(token) !== entry || entry.parcel) return;
          const parcel = parcelOf(frame);
          if (bytes + parcel.body.byteLength > maxHeldBytes) return void remove(token);
          const waiter = entry.waiter;
          if (!waiter) {
            entry.parcel = parcel;
            bytes += parcel.body.byteLength;
            return;
          }
          // The request that waits takes it at once: spent, never held.
          entry.waiter = null;
          remove(token);
          waiter(parcel);
        },
        fail() {
          remove(token);
        },
      };
    },
    take(token) {
      const entry = held.get(token);
      if (!entry) return Promise.resolve(null);
      if (entry.parcel) return Promise.resolve(remove(token)?.parcel ?? null);
      // Announced and not yet filled: only the first request waits for it.
      if (entry.waiter) return Promise.resolve(null);
      return new Promise((resolve) => (entry.waiter = resolve));
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
