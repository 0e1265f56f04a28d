import { z } from 'zod';
import type { IpcEvent, IpcReply } from '../../shared/ipc/contract';

/** The path of the contract's WebSocket on the browser-shell host. */
export const BRIDGE_SOCKET_PATH = '/__fleetdesk/ipc';
/** The page-URL fragment key that carries the per-run secret. */
export const SECRET_FRAGMENT_KEY = 'fleetdesk';

/** Renderer → host: the only frame a page may send; anything else is answered or dropped. */
export const invokeFrameSchema = z.object({
  type: z.literal('invoke'),
  id: z.int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  method: z.string().min(1).max(100),
  args: z.unknown().optional(),
});
export type InvokeFrame = z.infer<typeof invokeFrameSchema>;

/**
 * Host → renderer. Besides replies and the contract's pushes, the host asks
 * the page for the few native things a browser can do itself: start a
 * download (the Save dialog's stand-in), open a tab, copy text.
 */
export type HostFrame =
  | { readonly type: 'reply'; readonly id: number; readonly reply: IpcReply<unknown> }
  | { readonly type: 'push'; readonly event: IpcEvent; readonly payload: unknown }
  | { readonly type: 'download'; readonly url: string; readonly filename: string }
  | { readonly type: 'open'; readonly url: string }
  | { readonly type: 'copy'; readonly text: string }
  | { readonly type: 'error'; readonly message: string };
