import { createHash } from 'node:crypto';

/** A tile's place in the Web Mercator pyramid. */
export interface TileCoords {
  readonly z: number;
  readonly x: number;
  readonly y: number;
}

/** The key a tile server's tiles are kept under: its URL template, hashed (the template can be long). */
export function sourceKey(template: string): string {
  return createHash('sha256').update(template).digest('hex').slice(0, 16);
}

const SUBDOMAINS = ['a', 'b', 'c'];

/** The tile's address on the tile server, as Leaflet's L.TileLayer would make it ({s} from a, b, c; {r} empty). */
export function tileAddress(template: string, t: TileCoords): string {
  const values: Record<string, string> = {
    z: String(t.z),
    x: String(t.x),
    y: String(t.y),
    s: SUBDOMAINS[Math.abs(t.x + t.y) % SUBDOMAINS.length] ?? 'a',
    r: '',
  };
  return template.replace(/\{([a-z])\}/g, (whole, name: string) => values[name] ?? whole);
}

/** z/x/y inside the world at zoom 0 to 22 (what the map can ask for). */
export function isTileInWorld(t: TileCoords): boolean {
  const n = 2 ** t.z;
  return (
    Number.isInteger(t.z) &&
    t.z >= 0 &&
    t.z <= 22 &&
    Number.isInteger(t.x) &&
    Number.isInteger(t.y) &&
    t.x >= 0 &&
    t.y >= 0 &&
    t.x < n &&
    t.y < n
  );
}
