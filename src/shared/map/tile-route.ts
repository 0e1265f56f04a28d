/**
 * Where the renderer asks main for map tiles (docs/architecture.md "Map
 * tiles"): the same path in both shells, on the page's own origin (Electron's
 * app://fleetdesk, the browser shell's loopback server). Main fetches from the
 * Settings' tile server and keeps what it fetched.
 */
export const TILE_ROUTE_PATH = '/tiles/';

/**
 * Leaflet's URL template for main's tile route. The query changes with the
 * source (the tile server's template, or a key of the imported MBTiles file),
 * so that the page never shows the previous source's tiles from its own image
 * cache; main ignores it.
 */
export function tileRouteTemplate(origin: string, source: string): string {
  // FNV-1a: short and stable; a collision costs at most a stale image until the next reload.
  let h = 0x811c9dc5;
  for (let i = 0; i < source.length; i++) {
    h ^= source.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${origin}${TILE_ROUTE_PATH}{z}/{x}/{y}?v=${h.toString(36)}`;
}
