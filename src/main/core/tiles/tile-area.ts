import type { TileCoords } from './tile-source';

/** A map area in degrees (the renderer's visible bounds). */
export interface GeoBounds {
  readonly west: number;
  readonly south: number;
  readonly east: number;
  readonly north: number;
}

/** Web Mercator's latitude limit: tiles end there. */
const MAX_LAT = 85.0511287798;

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

function column(lon: number, n: number): number {
  return clamp(Math.floor(((lon + 180) / 360) * n), 0, n - 1);
}

function row(lat: number, n: number): number {
  const r = (clamp(lat, -MAX_LAT, MAX_LAT) * Math.PI) / 180;
  return clamp(Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n), 0, n - 1);
}

interface TileRange {
  readonly z: number;
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
}

function rangeAt(b: GeoBounds, z: number): TileRange {
  const n = 2 ** z;
  return {
    z,
    x0: column(b.west, n),
    x1: column(b.east, n),
    y0: row(b.north, n),
    y1: row(b.south, n),
  };
}

/** How many tiles cover `bounds` at zooms `minZoom`..`maxZoom` (the OSM "slippy map" tile scheme). */
export function tileCount(bounds: GeoBounds, minZoom: number, maxZoom: number): number {
  let total = 0;
  for (let z = minZoom; z <= maxZoom; z++) {
    const r = rangeAt(bounds, z);
    total += (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1);
  }
  return total;
}

/** The tiles covering `bounds`, lowest zoom first (the overview is there early). */
export function* tilesIn(bounds: GeoBounds, minZoom: number, maxZoom: number): Generator<TileCoords> {
  for (let z = minZoom; z <= maxZoom; z++) {
    const r = rangeAt(bounds, z);
    for (let y = r.y0; y <= r.y1; y++) for (let x = r.x0; x <= r.x1; x++) yield { z, x, y };
  }
}
