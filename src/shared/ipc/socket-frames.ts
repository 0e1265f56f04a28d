import { z } from 'zod';
import { IPC_ERROR_CODES, type IpcErrorCode } from './contract';

/**
 * The browser shell's wire format: the contract carried over a loopback
 * WebSocket between the host (src/main/browser-shell, Node) and the page's
 * preload (src/preload/browser.ts). Each side parses what it receives with
 * these schemas: the host is ours, but every byte off a socket is still
 * checked before use (architecture.md §3).
 */

/** The path of the contract's WebSocket on the browser-shell host. */
export const BRIDGE_SOCKET_PATH = '/__fleetdesk/ipc';
/** Where the host serves a parcel: this path, then its one-shot token (base64url). */
export const PARCEL_PATH = '/__fleetdesk/parcel/';
/** How long a parcel waits to be fetched: the host drops it then, and the page stops waiting for it. */
export const PARCEL_TTL_MS = 60_000;
const PARCEL_TOKEN = /^[\w-]{1,64}$/;
/**
 * The socket URL's query flag by which a page says it fetches parcels (a `parcel` frame's URL).
 * A client without it (a test's bare socket) gets every reply on the socket.
 */
export const PARCELS_QUERY_KEY = 'parcels';
/** The page-URL fragment key that carries the per-run secret. */
export const SECRET_FRAGMENT_KEY = 'fleetdesk';

const frameId = z.int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** Page → host: the only frame a page may send; everything else is answered with an error frame. */
export const invokeFrameSchema = z.object({
  type: z.literal('invoke'),
  id: frameId,
  // The router checks the name against the contract and parses args with the method's schema.
  method: z.string().min(1).max(100),
  args: z.unknown().optional(),
});
export type InvokeFrame = z.infer<typeof invokeFrameSchema>;

const knownCodes: ReadonlySet<string> = new Set(IPC_ERROR_CODES);
const isIpcErrorCode = (code: string): code is IpcErrorCode => knownCodes.has(code);

const ipcErrorSchema = z.object({
  // A code that is a string but unknown to this page (a newer host) still arrives as an error the screens can show.
  code: z.string().transform((code) => (isIpcErrorCode(code) ? code : 'internal')),
  message: z.string(),
  details: z.record(z.string(), z.array(z.string()).readonly()).optional(),
});
const ipcReplySchema = z.discriminatedUnion('ok', [
  // The value's shape is the method's (the contract's result type); the page trusts its own host for that.
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: ipcErrorSchema }),
]);

/**
 * Host → page. Besides replies and the contract's pushes, the host asks the
 * page for the few native things a browser can do itself: start a download
 * (the Save dialog's stand-in), open a tab, copy text.
 */
export const hostFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('reply'), id: frameId, reply: ipcReplySchema }),
  // The reply to call `id` is a large frame the page fetches from `url`, once (reply-parcels.ts):
  // text when the frame is JSON, else the codec's bytes (socket-frame-codec.ts).
  z.object({
    type: z.literal('parcel'),
    id: frameId,
    // Only ever a parcel path on the page's own origin ('//host/…' would be another origin).
    url: z
      .string()
      .refine((url) => url.startsWith(PARCEL_PATH) && PARCEL_TOKEN.test(url.slice(PARCEL_PATH.length)), {
        message: 'not a parcel path',
      }),
    text: z.boolean(),
  }),
  // An event the page does not know reaches no listener.
  z.object({ type: z.literal('push'), event: z.string().min(1).max(100), payload: z.unknown() }),
  z.object({ type: z.literal('download'), url: z.string(), filename: z.string() }),
  z.object({ type: z.literal('open'), url: z.string() }),
  z.object({ type: z.literal('copy'), text: z.string() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type HostFrame = z.infer<typeof hostFrameSchema>;
