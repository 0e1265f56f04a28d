import WebSocket from 'ws';
import type { SocketBridgeOptions } from '../../src/preload/socket-bridge';

/**
 * The page bridge's transport with ws standing in for the browser's WebSocket:
 * what src/preload/browser.ts does in a page, for tests that drive the bridge from Node.
 */
export function wsTransport(
  url: string,
  options: { readonly origin?: string; readonly opened?: WebSocket[] } = {},
): SocketBridgeOptions['connect'] {
  return (on) => {
    const ws = new WebSocket(url, options.origin ? { origin: options.origin } : {});
    options.opened?.push(ws);
    ws.on('open', () => on.open());
    ws.on('close', () => on.close());
    ws.on('error', () => undefined);
    ws.on('message', (data, isBinary) => on.message(isBinary ? data : data.toString()));
    return {
      isOpen: () => ws.readyState === WebSocket.OPEN,
      send: (d) => ws.send(d),
      close: () => ws.close(),
    };
  };
}

/** What src/preload/browser.ts's fetchParcel does in a page: the parcel's path on the page's own origin. */
export function fetchParcelFrom(origin: string): NonNullable<SocketBridgeOptions['fetchParcel']> {
  return async (url, text, signal) => {
    const res = await fetch(new URL(url, origin), { signal });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return text ? res.text() : res.arrayBuffer();
  };
}
