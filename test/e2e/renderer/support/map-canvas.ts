import type { Page } from 'playwright-core';

/**
 * The live map draws every asset on one canvas (docs/architecture.md "The renderer": no DOM marker per
 * asset), so the only way to see the markers is to read its pixels, as a
 * screenshot would. The canvas has no role or label of its own; it is found
 * inside the map region.
 */
const FLEET_CANVAS = '[data-testid="live-map"] canvas.fleet-canvas';
/** The rings round alarmed assets: a canvas of their own under the fleet's (alarm-ring-layer.ts). */
export const ALARM_RINGS_CANVAS = '[data-testid="live-map"] canvas.alarm-rings';

interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

/**
 * The little of a page's <canvas> read here (these files compile without the DOM library). A worker paints
 * the fleet's canvas where Chromium can hand it one (fleet-canvas-layer.ts): the page cannot read such a
 * canvas, and the layer gives it `readFleetPixels`, which asks the worker.
 */
interface PageCanvas {
  readonly tagName: string;
  readonly width: number;
  readonly height: number;
  readFleetPixels?: () => Promise<Pixels>;
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): Pixels } | null;
  getBoundingClientRect(): Box;
}

/** Indices of the canvas pixels something is drawn on (the canvas is transparent elsewhere). */
export async function paintedPixels(page: Page, canvas: string = FLEET_CANVAS): Promise<Set<number>> {
  const painted = await page.locator(canvas).evaluate(async (node: unknown) => {
    const el = node as PageCanvas;
    if (el.tagName !== 'CANVAS') throw new Error('the map layer is not a canvas');
    if (el.readFleetPixels) {
      const { data } = await el.readFleetPixels();
      const out: number[] = [];
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) out.push(i >> 2);
      return out;
    }
    const ctx = el.getContext('2d');
    if (!ctx || el.width === 0 || el.height === 0) return [];
    const { data } = ctx.getImageData(0, 0, el.width, el.height);
    const out: number[] = [];
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) out.push(i >> 2);
    return out;
  });
  return new Set(painted);
}

/** Who paints the fleet's canvas: a worker where Chromium hands it one, the page where the worker failed. */
export async function fleetPainter(page: Page): Promise<string | null> {
  return page.locator(FLEET_CANVAS).getAttribute('data-painter');
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
  const map = await page.getByTestId('live-map').boundingBox();
  if (!map) return 0;
  return paintedNear(page, { x: map.x + map.width / 2, y: map.y + map.height / 2 }, radius);
}

/**
 * How many pixels of a map canvas are drawn in a square of `radius` CSS
 * pixels around a point of the page; with `red`, only opaque ones red as a
 * critical alarm's ring is in either theme (alarm-ring-layer.ts RING_COLOURS),
 * which a warning's amber and an info's blue are not.
 */
export async function paintedNear(
  page: Page,
  at: { readonly x: number; readonly y: number },
  radius: number,
  canvas: string = FLEET_CANVAS,
  red = false,
): Promise<number> {
  return page.locator(canvas).evaluate(
    async (node: unknown, [x, y, r, onlyRed]: readonly [number, number, number, boolean]) => {
      const el = node as PageCanvas;
      if (el.tagName !== 'CANVAS') throw new Error('the map layer is not a canvas');
      const box = el.getBoundingClientRect();
      // A worker's canvas element need not carry the size the worker gave it: the pixels read back do.
      const fleet = el.readFleetPixels ? await el.readFleetPixels() : null;
      const dpr = (fleet?.width ?? el.width) / box.width;
      const side = Math.round(2 * r * dpr);
      const x0 = Math.round((x - r - box.left) * dpr);
      const y0 = Math.round((y - r - box.top) * dpr);
      let all: Pixels | null = fleet;
      if (!all) {
        const ctx = el.getContext('2d');
        if (!ctx) return 0;
        all = { width: side, height: side, data: ctx.getImageData(x0, y0, side, side).data };
      }
      // The whole canvas read from a worker: the square is picked out of it (outside the canvas counts as blank).
      const whole = fleet !== null;
      let n = 0;
      for (let j = 0; j < side; j++) {
        for (let k = 0; k < side; k++) {
          const px = whole ? x0 + k : k;
          const py = whole ? y0 + j : j;
          if (px < 0 || py < 0 || px >= all.width || py >= all.height) continue;
          const i = (py * all.width + px) * 4;
          const [cr, cg, cb, ca] = [all.data[i]!, all.data[i + 1]!, all.data[i + 2]!, all.data[i + 3]!];
          if (onlyRed ? ca === 255 && cg < cr / 2 && cb < cr / 2 : ca > 0) n++;
        }
      }
      return n;
    },
    [at.x, at.y, radius, red] as const,
  );
}

/** Where Leaflet has panned the map to: its pane's offset, which changes whenever the view moves. */
export async function mapView(page: Page): Promise<string> {
  return (await page.locator('[data-testid="live-map"] .leaflet-map-pane').getAttribute('style')) ?? '';
}

/**
 * How many canvas pixels are drawn in one of the given marker colours ('#rrggbb'), fully opaque and within a
 * small distance (sprites are drawn at device scale; their inner pixels keep the exact colour).
 */
export async function pixelsInColours(page: Page, colours: readonly string[]): Promise<number> {
  const rgb = colours.map((c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)));
  return page.locator(FLEET_CANVAS).evaluate(async (node: unknown, wanted: number[][]) => {
    const el = node as PageCanvas;
    if (el.tagName !== 'CANVAS') throw new Error('the fleet layer is not a canvas');
    let data: Uint8ClampedArray;
    if (el.readFleetPixels) data = (await el.readFleetPixels()).data;
    else {
      const ctx = el.getContext('2d');
      if (!ctx || el.width === 0 || el.height === 0) return 0;
      data = ctx.getImageData(0, 0, el.width, el.height).data;
    }
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! < 250) continue;
      for (const [r, g, b] of wanted)
        if (Math.abs(data[i]! - r!) + Math.abs(data[i + 1]! - g!) + Math.abs(data[i + 2]! - b!) < 24) {
          n++;
          break;
        }
    }
    return n;
  }, rgb);
}

/**
 * A point of the page, in the live map and as near `near` (relative to the map's box) as can be found, where
 * a click lands on the map itself: no marker drawn within `clearance` CSS pixels (the simulated fleet moves,
 * and a click on a marker selects its asset) and no control of the map's under it.
 */
export async function quietMapPoint(
  page: Page,
  near: { readonly x: number; readonly y: number },
  clearance: number,
): Promise<{ x: number; y: number }> {
  const found = await page.locator(FLEET_CANVAS).evaluate(
    async (node: unknown, [nx, ny, r]: readonly [number, number, number]) => {
      interface Doc {
        elementFromPoint(x: number, y: number): { closest(s: string): unknown } | null;
      }
      const doc = (globalThis as unknown as { document: Doc }).document;
      const el = node as PageCanvas;
      if (el.tagName !== 'CANVAS') throw new Error('the map layer is not a canvas');
      const box = el.getBoundingClientRect();
      let pixels: Pixels | null = el.readFleetPixels ? await el.readFleetPixels() : null;
      if (!pixels) {
        const ctx = el.getContext('2d');
        if (!ctx) throw new Error('the map canvas cannot be read');
        pixels = {
          width: el.width,
          height: el.height,
          data: ctx.getImageData(0, 0, el.width, el.height).data,
        };
      }
      const all = pixels;
      const dpr = all.width / box.width;
      const painted = (x: number, y: number): boolean => {
        const x0 = Math.floor((x - r - box.left) * dpr);
        const y0 = Math.floor((y - r - box.top) * dpr);
        const side = Math.ceil(2 * r * dpr);
        for (let py = Math.max(0, y0); py < Math.min(all.height, y0 + side); py++)
          for (let px = Math.max(0, x0); px < Math.min(all.width, x0 + side); px++)
            if (all.data[(py * all.width + px) * 4 + 3]! > 0) return true;
        return false;
      };
      const candidates: [number, number][] = [];
      for (let y = r; y < box.height - r; y += 10)
        for (let x = r; x < box.width - r; x += 10) candidates.push([x, y]);
      candidates.sort((a, b) => Math.hypot(a[0] - nx, a[1] - ny) - Math.hypot(b[0] - nx, b[1] - ny));
      for (const [cx, cy] of candidates) {
        const x = box.left + cx;
        const y = box.top + cy;
        const hit = doc.elementFromPoint(x, y);
        if (!hit || !hit.closest('[data-testid="live-map"]')) continue;
        if (hit.closest('.leaflet-control, button, a, [role=status], [role=alert]')) continue;
        if (!painted(x, y)) return { x, y };
      }
      return null;
    },
    [near.x, near.y, clearance] as const,
  );
  if (!found)
    throw new Error(`no point of the live map is ${clearance} px clear of every marker and control`);
  return found;
}
