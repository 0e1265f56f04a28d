/**
 * The renderer's Content-Security-Policy (Electron security checklist §7).
 * Scripts only from our own origin; no eval, no inline script. Styles allow
 * inline because Leaflet and Vite's dev server write style elements. Map
 * tiles come through main's tile route on our own origin (docs/architecture.md
 * "Map tiles"), never from the tile server itself; in dev the page is Vite's
 * and the tiles still app://fleetdesk's. In dev, Vite's client talks to its
 * server over a WebSocket.
 */
export function contentSecurityPolicy(devServerOrigin?: string): string {
  const dev = devServerOrigin ? [devServerOrigin, devServerOrigin.replace(/^http/, 'ws')] : [];
  return [
    "default-src 'self'",
    `script-src 'self'${dev.length ? ` ${dev[0]}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${dev.length ? ' app://fleetdesk' : ''}`,
    "font-src 'self' data:",
    `connect-src 'self'${dev.map((o) => ` ${o}`).join('')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
  ].join('; ');
}
