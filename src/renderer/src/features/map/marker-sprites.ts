import { drawArrow, drawDot, type Ctx2D, type Palette } from './marker-drawing';
import { spriteFromImage, type PixelSprite } from './pixel-frame';

/** Heading resolution of the pre-drawn arrows: 10° steps are indistinguishable at marker size. */
export const HEADING_STEPS = 36;
/** Sprite cell in CSS pixels (arrow tip to tail plus the outline, with margin). */
export const SPRITE_CSS_PX = 22;

export interface SpriteAtlas {
  readonly canvas: HTMLCanvasElement | OffscreenCanvas;
  /** Cell size in device pixels. */
  readonly cell: number;
  readonly dpr: number;
  /** [state][heading column] as pixels, for PixelFrame. */
  readonly pixels: readonly (readonly PixelSprite[])[];
}

/**
 * Every marker the live map can draw, rendered once: one row per state, the
 * moving row in HEADING_STEPS rotations. A frame is then 10,000 drawImage
 * blits instead of 10,000 paths to fill and stroke, which software canvas
 * (no GPU) rasterises far more slowly than it copies pixels.
 */
export function buildSpriteAtlas(palette: Palette, dpr: number, stateCount: number): SpriteAtlas {
  const cell = Math.ceil(SPRITE_CSS_PX * dpr);
  const width = cell * HEADING_STEPS;
  const height = cell * stateCount;
  // A worker has no document (fleet-paint.worker.ts); the page keeps a plain canvas (happy-dom has no OffscreenCanvas).
  let canvas: HTMLCanvasElement | OffscreenCanvas;
  let ctx: Ctx2D | null;
  if (typeof document === 'undefined') {
    canvas = new OffscreenCanvas(width, height);
    ctx = canvas.getContext('2d', { willReadFrequently: true });
  } else {
    canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    ctx = canvas.getContext('2d', { willReadFrequently: true });
  }
  if (!ctx) return { canvas, cell, dpr, pixels: [] };
  // Each sprite is drawn about its own cell's centre pixel, the one spriteFromImage calls (0, 0). Scaling the
  // whole sheet instead puts cell c at c · 22 · dpr, which drifts off the whole-pixel cells at a fractional
  // scale (at 125 % by half a pixel a column: the arrows of the later headings came out in two pieces).
  const half = Math.floor(cell / 2);
  for (let s = 0; s < stateCount; s++) {
    const columns = s === 0 ? HEADING_STEPS : 1;
    for (let c = 0; c < columns; c++) {
      ctx.setTransform(dpr, 0, 0, dpr, c * cell + half, s * cell + half);
      ctx.beginPath();
      if (s === 0) drawArrow(ctx, 0, 0, (c * 360) / HEADING_STEPS);
      else drawDot(ctx, 0, 0);
      ctx.fillStyle = palette.state[s]!;
      ctx.fill();
      ctx.lineWidth = 1.25;
      ctx.strokeStyle = palette.outline;
      ctx.stroke();
    }
  }
  const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const pixels = Array.from({ length: stateCount }, (_, s) =>
    Array.from({ length: s === 0 ? HEADING_STEPS : 1 }, (_, c) => spriteFromImage(img, c, s, cell)),
  );
  return { canvas, cell, dpr, pixels };
}

export function headingColumn(courseDeg: number): number {
  const c = Math.round((((courseDeg % 360) + 360) % 360) / (360 / HEADING_STEPS));
  return c % HEADING_STEPS;
}

/** One marker drawn through the canvas itself (clustered frames, an open fan, the selected asset). */
export function drawSprite(
  ctx: Ctx2D,
  atlas: SpriteAtlas,
  state: number,
  column: number,
  x: number,
  y: number,
): void {
  // The cell is whole device pixels (SPRITE_CSS_PX · dpr rounded up): drawn at that size, not resampled to 22 CSS px.
  const size = atlas.cell / atlas.dpr;
  const h = Math.floor(atlas.cell / 2) / atlas.dpr;
  ctx.drawImage(
    atlas.canvas,
    column * atlas.cell,
    state * atlas.cell,
    atlas.cell,
    atlas.cell,
    x - h,
    y - h,
    size,
    size,
  );
}
