import type { Page } from 'playwright-core';
import { z } from 'zod';

/** One tile <img> of a map, as the page shows it. */
export interface ShownTile {
  readonly z: number;
  readonly x: number;
  readonly y: number;
  /** Its image decoded (a tile that failed is complete with no width). */
  readonly loaded: boolean;
  /** Its top-left pixel [r, g, b], read back from the decoded image; null when it did not load. */
  readonly topLeft: readonly [number, number, number] | null;
}

const shownTiles = z.array(
  z.object({
    src: z.string(),
    complete: z.boolean(),
    width: z.number(),
    topLeft: z.tuple([z.number(), z.number(), z.number()]).nullable(),
  }),
);

/**
 * The live map's tile images, each read back on a canvas (they come from the
 * page's own origin, so the canvas is not tainted). A string: these files
 * compile without the DOM library.
 */
const READ_TILES = `(() => [...document.querySelectorAll('[data-testid="live-map"] img.leaflet-tile')].map((img) => {
  let topLeft = null;
  if (img.complete && img.naturalWidth > 0) {
    const c = document.createElement('canvas');
    c.width = 1; c.height = 1;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0, 1, 1, 0, 0, 1, 1);
    const d = ctx.getImageData(0, 0, 1, 1).data;
    topLeft = [d[0], d[1], d[2]];
  }
  return { src: img.src, complete: img.complete, width: img.naturalWidth, topLeft };
}))()`;

const TILE_SRC = /\/tiles\/(\d+)\/(\d+)\/(\d+)(?:\?|$)/;

export async function liveMapTiles(page: Page): Promise<ShownTile[]> {
  const raw = shownTiles.parse(await page.evaluate(READ_TILES));
  return raw.flatMap((t) => {
    const m = TILE_SRC.exec(t.src);
    if (!m) throw new Error(`a map tile not from main's tile route: ${t.src}`);
    // Still on its way: neither loaded nor failed yet.
    if (!t.complete) return [];
    return [
      {
        z: Number(m[1]),
        x: Number(m[2]),
        y: Number(m[3]),
        loaded: t.width > 0,
        topLeft: t.topLeft,
      },
    ];
  });
}

/** Leaflet is done with the live map's tiles: none is still loading. */
export async function tilesSettled(page: Page): Promise<boolean> {
  return page.evaluate(
    `document.querySelectorAll('[data-testid="live-map"] img.leaflet-tile').length > 0 && [...document.querySelectorAll('[data-testid="live-map"] img.leaflet-tile')].every((img) => img.complete)`,
  ) as Promise<boolean>;
}

/** `[r, g, b]` within a step of rounding (the canvas read-back may differ by one). */
export function near(a: readonly number[] | null, b: readonly number[]): boolean {
  return a !== null && a.length === b.length && a.every((v, i) => Math.abs(v - (b[i] ?? -99)) <= 2);
}
