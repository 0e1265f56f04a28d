import { BRIDGE_SOCKET_PATH, PARCELS_QUERY_KEY, SECRET_FRAGMENT_KEY } from '../shared/ipc/socket-frames';
import { createSocketBridge, type HostAction } from './socket-bridge';

/**
 * The browser shell's preload: the host injects it as the page's first
 * module, so window.fleetdesk exists before the renderer starts. The per-run
 * secret arrives in the URL fragment (never sent over HTTP, never in the
 * served HTML), is kept for reloads in sessionStorage and removed from the
 * address bar.
 */
interface Anchor {
  href: string;
  download: string;
  rel: string;
  click(): void;
  remove(): void;
}
interface PageGlobals {
  readonly location: {
    readonly hash: string;
    readonly host: string;
    readonly protocol: string;
    readonly href: string;
  };
  readonly history: { replaceState(data: unknown, unused: string, url: string): void };
  readonly sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  readonly document: { createElement(tag: 'a'): Anchor; readonly body: { appendChild(node: Anchor): void } };
  readonly navigator: { readonly clipboard?: { writeText(text: string): Promise<void> } };
  open(url: string, target: string, features: string): unknown;
  fleetdesk?: unknown;
}

// The bundle runs in a page; this file is type-checked with the Node program, hence the page's globals named here.
const page = globalThis as typeof globalThis & PageGlobals;
const STORAGE_KEY = 'fleetdesk.bridgeSecret';

function takeSecret(): string {
  const params = new URLSearchParams(page.location.hash.replace(/^#/, ''));
  const fromUrl = params.get(SECRET_FRAGMENT_KEY);
  if (fromUrl) {
    page.sessionStorage.setItem(STORAGE_KEY, fromUrl);
    params.delete(SECRET_FRAGMENT_KEY);
    const rest = params.toString();
    page.history.replaceState(null, '', page.location.href.replace(/#.*$/, rest ? `#${rest}` : ''));
    return fromUrl;
  }
  return page.sessionStorage.getItem(STORAGE_KEY) ?? '';
}

function hostAction(action: HostAction): void {
  if (action.type === 'download') {
    const a = page.document.createElement('a');
    a.href = action.url;
    a.download = action.filename;
    a.rel = 'noopener';
    page.document.body.appendChild(a);
    a.click();
    a.remove();
  } else if (action.type === 'open') {
    page.open(action.url, '_blank', 'noopener,noreferrer');
  } else {
    page.navigator.clipboard
      ?.writeText(action.text)
      .catch((err: unknown) => console.warn('fleetdesk: copy failed', err));
  }
}

const secret = takeSecret();
const scheme = page.location.protocol === 'https:' ? 'wss' : 'ws';
const socketUrl = `${scheme}://${page.location.host}${BRIDGE_SOCKET_PATH}?secret=${encodeURIComponent(secret)}&${PARCELS_QUERY_KEY}=1`;

let everConnected = false;
let warned = false;
page.fleetdesk = createSocketBridge({
  onStatus(connected) {
    everConnected ||= connected;
    if (connected || everConnected || warned) return;
    warned = true;
    // A stale or missing secret (the host restarted, or the address was typed without its #fragment).
    console.error(
      'Fleetdesk: the host refused this page. Open the full address printed by `npm run dev:browser`.',
    );
  },
  connect(on) {
    const ws = new WebSocket(socketUrl);
    // Frames that carry typed arrays are binary (socket-frame-codec.ts); an ArrayBuffer is read without a Blob's extra hop.
    ws.binaryType = 'arraybuffer';
    ws.onopen = () => on.open();
    ws.onclose = () => on.close();
    ws.onmessage = (event) => on.message(event.data);
    return {
      isOpen: () => ws.readyState === WebSocket.OPEN,
      send: (d) => ws.send(d),
      close: () => ws.close(),
    };
  },
  // Same origin, so the host's Host and Origin checks pass; the URL's one-shot token is the parcel's key.
  async fetchParcel(url, text, signal) {
    const res = await fetch(url, { signal });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return text ? res.text() : res.arrayBuffer();
  },
  onHostAction: hostAction,
});
