/**
 * A marker as the pixels it covers (offsets from its centre, colour as
 * little-endian RGBA packed in a Uint32, alpha; transparent pixels left out),
 * stored as runs along rows, one for each stretch of pixels with no gap: a
 * run that is wholly opaque is a plain copy, only the soft pixels of the
 * others blend. A dot's row is one run, not three (soft rim, body, soft
 * rim): a blit's cost is mostly its runs, and the map draws thousands a frame.
 */
export interface PixelSprite {
  readonly dx: Int16Array;
  readonly dy: Int16Array;
  readonly rgba: Uint32Array;
  readonly alpha: Uint8Array;
  /** Per run: its row (dy), the dx of its first pixel, its pixels [start, end) in rgba/alpha, whether all are opaque. */
  readonly runDy: Int16Array;
  readonly runDx: Int16Array;
  readonly runStart: Uint32Array;
  readonly runEnd: Uint32Array;
  readonly runOpaque: Uint8Array;
  /**
   * The box its pixels cover, as inclusive offsets from its centre (empty: left > right). A dot covers a
   * quarter of its cell, an arrow half: the tiles a move dirties are those under the box, not the cell.
   */
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** Reads one cell of a rendered sprite sheet into a PixelSprite. */
export function spriteFromImage(img: ImageData, cellX: number, cellY: number, cell: number): PixelSprite {
  const dx: number[] = [];
  const dy: number[] = [];
  const rgba: number[] = [];
  const alpha: number[] = [];
  const runDy: number[] = [];
  const runDx: number[] = [];
  const runStart: number[] = [];
  const runEnd: number[] = [];
  const runOpaque: number[] = [];
  const half = Math.floor(cell / 2);
  for (let y = 0; y < cell; y++) {
    let open = false;
    for (let x = 0; x < cell; x++) {
      const o = ((cellY * cell + y) * img.width + cellX * cell + x) * 4;
      const a = img.data[o + 3]!;
      if (a === 0) {
        if (open) runEnd.push(rgba.length);
        open = false;
        continue;
      }
      if (!open) {
        runDy.push(y - half);
        runDx.push(x - half);
        runStart.push(rgba.length);
        runOpaque.push(1);
        open = true;
      }
      if (a !== 255) runOpaque[runOpaque.length - 1] = 0;
      dx.push(x - half);
      dy.push(y - half);
      rgba.push(((a << 24) | (img.data[o + 2]! << 16) | (img.data[o + 1]! << 8) | img.data[o]!) >>> 0);
      alpha.push(a);
    }
    if (open) runEnd.push(rgba.length);
  }
  return {
    left: dx.length === 0 ? 0 : Math.min(...dx),
    top: dy.length === 0 ? 0 : Math.min(...dy),
    right: dx.length === 0 ? -1 : Math.max(...dx),
    bottom: dy.length === 0 ? -1 : Math.max(...dy),
    dx: Int16Array.from(dx),
    dy: Int16Array.from(dy),
    rgba: Uint32Array.from(rgba),
    alpha: Uint8Array.from(alpha),
    runDy: Int16Array.from(runDy),
    runDx: Int16Array.from(runDx),
    runStart: Uint32Array.from(runStart),
    runEnd: Uint32Array.from(runEnd),
    runOpaque: Uint8Array.from(runOpaque),
  };
}

/** Which tiles of a square grid over a frame are to be redrawn (DirtyTiles). */
export interface TileMask {
  readonly size: number;
  isDirty(col: number, row: number): boolean;
}

/**
 * A frame composed in JavaScript and handed to the canvas with putImageData.
 * Software canvas (no GPU) spends ~10 µs per drawImage or path; copying a
 * marker's ~100 pixels here costs well under 1 µs, which is what keeps
 * 10,000 markers inside a 16 ms frame (bench/map.bench.ts).
 */
export class PixelFrame {
  readonly image: ImageData;
  private readonly px: Uint32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.image = new ImageData(Math.max(1, width), Math.max(1, height));
    this.px = new Uint32Array(this.image.data.buffer);
  }

  clear(): void {
    this.px.fill(0);
  }

  /** Clears the pixels x0 ≤ x < x1, y0 ≤ y < y1. */
  clearRect(x0: number, y0: number, x1: number, y1: number): void {
    const w = this.width;
    const px = this.px;
    const left = Math.max(0, x0);
    const right = Math.min(w, x1);
    // A dirty run is a few tiles wide: a plain loop beats a fill() call per row at that size.
    for (let y = Math.max(0, y0); y < Math.min(this.height, y1); y++)
      for (let i = y * w + left, end = y * w + right; i < end; i++) px[i] = 0;
  }

  /**
   * Draws a sprite centred on (cx, cy) in device pixels, blending its soft
   * edges, inside the clip x0 ≤ x < x1, y0 ≤ y < y1 (the frame by default).
   */
  blit(s: PixelSprite, cx: number, cy: number, x0 = 0, y0 = 0, x1 = this.width, y1 = this.height): void {
    const w = this.width;
    const cl = Math.max(0, x0);
    const cr = Math.min(w, x1);
    const ct = Math.max(0, y0);
    const cb = Math.min(this.height, y1);
    const runs = s.runDy.length;
    for (let r = 0; r < runs; r++) {
      const y = cy + s.runDy[r]!;
      if (y < ct || y >= cb) continue;
      const start = s.runStart[r]!;
      const left = cx + s.runDx[r]!;
      // The run clipped to [cl, cr): k walks the sprite's pixels, i the frame's.
      const k = left < cl ? start + (cl - left) : start;
      const end = Math.min(s.runEnd[r]!, start + (cr - left));
      if (k < end) this.span(s, r, k, end, y * w + left + (k - start));
    }
  }

  /**
   * Draws only the parts of a sprite centred on (cx, cy) that fall in dirty
   * tiles of `tiles` (a grid over this frame): one pass over the sprite's runs
   * whichever of the tiles it covers are dirty, where clipping it to each
   * dirty tile in turn passes over them once a tile.
   */
  blitInTiles(s: PixelSprite, cx: number, cy: number, tiles: TileMask): void {
    const w = this.width;
    const h = this.height;
    const size = tiles.size;
    const runs = s.runDy.length;
    for (let r = 0; r < runs; r++) {
      const y = cy + s.runDy[r]!;
      if (y < 0 || y >= h) continue;
      const row = Math.floor(y / size);
      const start = s.runStart[r]!;
      const left = cx + s.runDx[r]!;
      let a = Math.max(0, left);
      const b = Math.min(w, left + s.runEnd[r]! - start);
      while (a < b) {
        const col = Math.floor(a / size);
        const to = Math.min(b, (col + 1) * size);
        if (tiles.isDirty(col, row)) this.span(s, r, start + (a - left), start + (to - left), y * w + a);
        a = to;
      }
    }
  }

  /** The sprite's pixels k ≤ … < end of run r onto the frame from pixel i on: copied if the run is opaque, else blended. */
  private span(s: PixelSprite, r: number, k: number, end: number, i: number): void {
    const px = this.px;
    if (s.runOpaque[r] === 1) {
      for (; k < end; k++, i++) px[i] = s.rgba[k]!;
      return;
    }
    for (; k < end; k++, i++) {
      const src = s.rgba[k]!;
      const dst = px[i]!;
      const sa = s.alpha[k]!;
      if (sa === 255 || dst >>> 24 === 0) {
        px[i] = src;
        continue;
      }
      // Soft edge over an earlier marker: straight-alpha "over", result opaque enough to read.
      const ia = 255 - sa;
      const red = ((src & 0xff) * sa + (dst & 0xff) * ia) / 255;
      const g = (((src >>> 8) & 0xff) * sa + ((dst >>> 8) & 0xff) * ia) / 255;
      const b = (((src >>> 16) & 0xff) * sa + ((dst >>> 16) & 0xff) * ia) / 255;
      const a = Math.max(sa, dst >>> 24);
      px[i] = ((a << 24) | (b << 16) | (g << 8) | red) >>> 0;
    }
  }
}
