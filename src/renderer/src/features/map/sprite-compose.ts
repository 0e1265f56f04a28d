import type { DirtyTiles, PixelRect } from './dirty-tiles';
import type { PixelFrame, PixelSprite } from './pixel-frame';

/** qx of a marker drawn nowhere. */
export const HIDDEN = -0x7fffffff;

/** Markers at whole device pixels: centre, state row and heading column of the sprite atlas. */
export interface PlacedSprites {
  readonly count: number;
  readonly qx: Int32Array;
  readonly qy: Int32Array;
  readonly qs: Uint8Array;
  readonly qc: Uint8Array;
}

type Sprites = readonly (readonly PixelSprite[])[];

/** Every marker, in slot order (later ones over earlier ones), on a cleared frame. */
export function composeAll(frame: PixelFrame, m: PlacedSprites, sprites: Sprites): void {
  frame.clear();
  for (let i = 0; i < m.count; i++) {
    if (m.qx[i] === HIDDEN) continue;
    const sprite = sprites[m.qs[i]!]?.[m.qc[i]!];
    if (sprite) frame.blit(sprite, m.qx[i]!, m.qy[i]!);
  }
}

/** Marks the tiles under a sprite's pixels centred on (x, y): where it was or is now drawn. */
export function markSprite(tiles: DirtyTiles, sprite: PixelSprite | undefined, x: number, y: number): void {
  if (sprite && sprite.left <= sprite.right)
    tiles.mark(x + sprite.left, y + sprite.top, x + sprite.right, y + sprite.bottom);
}

/**
 * Recomposes only the dirty tiles: each is cleared and every marker touching
 * it drawn again, clipped to it, in slot order, so the frame ends exactly as
 * composeAll() would leave it. Returns the box around what changed, or null.
 */
export function composeDirty(
  frame: PixelFrame,
  tiles: DirtyTiles,
  m: PlacedSprites,
  sprites: Sprites,
): PixelRect | null {
  if (tiles.count === 0) return null;
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  tiles.forEachRun((rx0, ry0, rx1, ry1) => {
    frame.clearRect(rx0, ry0, rx1, ry1);
    x0 = Math.min(x0, rx0);
    y0 = Math.min(y0, ry0);
    x1 = Math.max(x1, rx1);
    y1 = Math.max(y1, ry1);
  });
  const s = tiles.size;
  const lastCol = tiles.cols - 1;
  const lastRow = tiles.rows - 1;
  for (let i = 0; i < m.count; i++) {
    const x = m.qx[i]!;
    if (x === HIDDEN) continue;
    const sprite = sprites[m.qs[i]!]?.[m.qc[i]!];
    if (!sprite || sprite.left > sprite.right) continue;
    const y = m.qy[i]!;
    const c0 = Math.max(0, Math.floor((x + sprite.left) / s));
    const c1 = Math.min(lastCol, Math.floor((x + sprite.right) / s));
    const w0 = Math.max(0, Math.floor((y + sprite.top) / s));
    const w1 = Math.min(lastRow, Math.floor((y + sprite.bottom) / s));
    let dirty = 0;
    for (let w = w0; w <= w1; w++) for (let c = c0; c <= c1; c++) if (tiles.isDirty(c, w)) dirty++;
    if (dirty === 0) continue;
    if (dirty === (c1 - c0 + 1) * (w1 - w0 + 1))
      frame.blit(sprite, x, y, c0 * s, w0 * s, (c1 + 1) * s, (w1 + 1) * s);
    else frame.blitInTiles(sprite, x, y, tiles);
  }
  return { x0, y0, x1, y1 };
}

/**
 * The canvas moved by (kx, ky) whole device pixels over the map: the pixels
 * already composed move the other way, so do the tiles still dirty, and the
 * strips uncovered at the edges are cleared and marked dirty. Once the caller
 * has moved the placed markers too and marked those that land elsewhere,
 * composeDirty() leaves the frame exactly as composeAll() would.
 */
export function shiftFrame(frame: PixelFrame, tiles: DirtyTiles, kx: number, ky: number): void {
  const { width: w, height: h } = frame;
  if (Math.abs(kx) >= w || Math.abs(ky) >= h) {
    frame.clear();
    tiles.mark(0, 0, w - 1, h - 1);
    return;
  }
  tiles.shift(kx, ky);
  const px = new Uint32Array(frame.image.data.buffer);
  // Columns of the new frame that the old one covers; rows copied in the order that reads each before it is overwritten.
  const x0 = Math.max(0, -kx);
  const x1 = Math.min(w, w - kx);
  const copyRow = (y: number): void => {
    const from = (y + ky) * w + kx;
    px.copyWithin(y * w + x0, from + x0, from + x1);
  };
  if (ky >= 0) for (let y = 0; y < h - ky; y++) copyRow(y);
  else for (let y = h - 1; y >= -ky; y--) copyRow(y);
  const strips: PixelRect[] = [];
  if (kx > 0) strips.push({ x0: w - kx, y0: 0, x1: w, y1: h });
  if (kx < 0) strips.push({ x0: 0, y0: 0, x1: -kx, y1: h });
  if (ky > 0) strips.push({ x0: 0, y0: h - ky, x1: w, y1: h });
  if (ky < 0) strips.push({ x0: 0, y0: 0, x1: w, y1: -ky });
  for (const s of strips) {
    frame.clearRect(s.x0, s.y0, s.x1, s.y1);
    tiles.mark(s.x0, s.y0, s.x1 - 1, s.y1 - 1);
  }
}

/** Placed markers moved the other way than the canvas: (kx, ky) device pixels. */
export function shiftPlaced(m: PlacedSprites, kx: number, ky: number): void {
  for (let i = 0; i < m.count; i++) {
    if (m.qx[i] === HIDDEN) continue;
    m.qx[i] = m.qx[i]! - kx;
    m.qy[i] = m.qy[i]! - ky;
  }
}

/** `to` (a larger array) holding `from`'s values first: the per-slot arrays grow with the fleet. */
export function grow<T extends Int32Array | Uint8Array | Float32Array>(to: T, from: T): T {
  to.set(from);
  return to;
}
