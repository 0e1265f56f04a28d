import type { IpcEvent, IpcReply } from '../../shared/ipc/contract';

/**
 * The browser shell's wire format, shared by the host and the page's preload
 * (src/preload/browser.ts). No zod here: the preload is bundled for the page.
 */

/** The path of the contract's WebSocket on the browser-shell host. */
export const BRIDGE_SOCKET_PATH = '/__fleetdesk/ipc';
/** The page-URL fragment key that carries the per-run secret. */
export const SECRET_FRAGMENT_KEY = 'fleetdesk';

/** Renderer → host: the only frame a page may send (checked by invokeFrameSchema). */
export interface InvokeFrame {
  readonly type: 'invoke';
  readonly id: number;
  readonly method: string;
  readonly args?: unknown;
}

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
