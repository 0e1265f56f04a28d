import type { Page } from 'playwright-core';

/**
 * The live map draws every asset on one canvas (docs/architecture.md "The renderer": no DOM marker per
 * asset), so the only way to see the markers is to read its pixels, as a
 * screenshot would. The canvas has no role or label of its own; it is found
 * inside the map region.
 */
const FLEET_CANVAS = '[data-testid="live-map"] canvas.fleet-canvas';

interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** The little of a page's <canvas> read here (these files compile without the DOM library). */
interface PageCanvas {
  readonly tagName: string;
  readonly width: number;
  readonly height: number;
  getContext(
    kind: '2d',
  ): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } | null;
  getBoundingClientRect(): Box;
  closest(selector: string): { getBoundingClientRect(): Box } | null;
}

/** Indices of the canvas pixels something is drawn on (the canvas is transparent elsewhere). */
export async function paintedPixels(page: Page): Promise<Set<number>> {
  const painted = await page.locator(FLEET_CANVAS).evaluate((node: unknown) => {
    const el = node as PageCanvas;
    if (el.tagName !== 'CANVAS') throw new Error('the fleet layer is not a canvas');
    const ctx = el.getContext('2d');
    if (!ctx || el.width === 0 || el.height === 0) return [];
    const { data } = ctx.getImageData(0, 0, el.width, el.height);
    const out: number[] = [];
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) out.push(i >> 2);
    return out;
  });
  return new Set(painted);
}

/** Pixels drawn at one moment and not the other: markers that moved, appeared or left. */
export function pixelDifference(a: ReadonlySet<number>, b: ReadonlySet<number>): number {
  let changed = 0;
  for (const p of a) if (!b.has(p)) changed++;
  for (const p of b) if (!a.has(p)) changed++;
  return changed;
}

/**
 * How many pixels are drawn in a square of `radius` CSS pixels around the
 * middle of the map as the operator sees it (the map element's box on
 * screen, not the canvas's own idea of its size).
 */
export async function paintedAtCentre(page: Page, radius: number): Promise<number> {
  return page.locator(FLEET_CANVAS).evaluate((node: unknown, r: number) => {
    const el = node as PageCanvas;
    if (el.tagName !== 'CANVAS') throw new Error('the fleet layer is not a canvas');
    const ctx = el.getContext('2d');
    const mapBox = el.closest('[data-testid="live-map"]')?.getBoundingClientRect();
    if (!ctx || !mapBox) return 0;
    const box = el.getBoundingClientRect();
    const dpr = el.width / box.width;
    const cx = (mapBox.left + mapBox.width / 2 - box.left) * dpr;
    const cy = (mapBox.top + mapBox.height / 2 - box.top) * dpr;
    const side = Math.round(2 * r * dpr);
    const { data } = ctx.getImageData(Math.round(cx - r * dpr), Math.round(cy - r * dpr), side, side);
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
    return n;
  }, radius);
}

/** Where Leaflet has panned the map to: its pane's offset, which changes whenever the view moves. */
export async function mapView(page: Page): Promise<string> {
  return (await page.locator('[data-testid="live-map"] .leaflet-map-pane').getAttribute('style')) ?? '';
}
