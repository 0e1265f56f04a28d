import { describe, expect, it } from 'vitest';
import { DirtyTiles } from '../../../src/renderer/src/features/map/dirty-tiles';
import {
  PixelFrame,
  spriteFromImage,
  type PixelSprite,
} from '../../../src/renderer/src/features/map/pixel-frame';
import {
  composeAll,
  composeDirty,
  HIDDEN,
  markSprite,
  shiftFrame,
} from '../../../src/renderer/src/features/map/sprite-compose';

const CELL = 9;
const REACH = [-4, 4] as const;

/** Two 9×9 sprites: a solid disc with a soft rim in one colour, a ring in another (state rows 0 and 1). */
function sprites(): PixelSprite[][] {
  const img = new ImageData(CELL * 2, CELL);
  for (let cell = 0; cell < 2; cell++)
    for (let y = 0; y < CELL; y++)
      for (let x = 0; x < CELL; x++) {
        const d = Math.hypot(x - 4, y - 4);
        const a = cell === 0 ? (d <= 3 ? 255 : d <= 4 ? 120 : 0) : d > 2 && d <= 4 ? 255 : 0;
        const o = (y * CELL * 2 + cell * CELL + x) * 4;
        img.data.set(cell === 0 ? [220, 40, 30, a] : [30, 90, 230, a], o);
      }
  return [[spriteFromImage(img, 0, 0, CELL)], [spriteFromImage(img, 1, 0, CELL)]];
}

/** A deterministic crowd of overlapping markers, some half off the frame. */
function crowd(
  n: number,
  w: number,
  h: number,
): { count: number; qx: Int32Array; qy: Int32Array; qs: Uint8Array; qc: Uint8Array } {
  const m = {
    count: n,
    qx: new Int32Array(n),
    qy: new Int32Array(n),
    qs: new Uint8Array(n),
    qc: new Uint8Array(n),
  };
  let seed = 17;
  const next = (k: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % k;
  };
  for (let i = 0; i < n; i++) {
    m.qx[i] = next(w + 8) - 4;
    m.qy[i] = next(h + 8) - 4;
    m.qs[i] = next(2);
  }
  m.qx[3] = HIDDEN;
  return m;
}

/** Whether two frames of one size have the same pixels, all of them or those in `r`. */
const samePixels = (
  a: PixelFrame,
  b: PixelFrame,
  r = { x0: 0, y0: 0, x1: a.width, y1: a.height },
): boolean => {
  const x = new Uint32Array(a.image.data.buffer);
  const y = new Uint32Array(b.image.data.buffer);
  if (x.length !== y.length) return false;
  for (let row = r.y0; row < r.y1; row++)
    for (let k = row * a.width + r.x0; k < row * a.width + r.x1; k++) if (x[k] !== y[k]) return false;
  return true;
};

describe('recomposing only the dirty tiles of a frame', () => {
  it('leaves the frame exactly as composing every marker again would', () => {
    const w = 120;
    const h = 80;
    const atlas = sprites();
    const m = crowd(300, w, h);
    const frame = new PixelFrame(w, h);
    composeAll(frame, m, atlas);
    const tiles = new DirtyTiles(w, h, 16);
    // Some markers move by a pixel, one changes state, one leaves the frame, the hidden one comes back.
    const moves = [
      [0, 1, 0],
      [10, -1, 1],
      [50, 1, 1],
      [299, 0, -1],
    ] as const;
    const dirty = (i: number): void => {
      if (m.qx[i] !== HIDDEN)
        tiles.mark(m.qx[i]! + REACH[0], m.qy[i]! + REACH[0], m.qx[i]! + REACH[1], m.qy[i]! + REACH[1]);
    };
    for (const [i, dx, dy] of moves) {
      dirty(i);
      m.qx[i] = m.qx[i]! + dx;
      m.qy[i] = m.qy[i]! + dy;
      dirty(i);
    }
    dirty(20);
    m.qs[20] = 1 - m.qs[20]!;
    dirty(20);
    dirty(30);
    m.qx[30] = HIDDEN;
    m.qx[3] = 60;
    m.qy[3] = 40;
    dirty(3);
    expect(tiles.count).toBeGreaterThan(0);
    expect(tiles.count).toBeLessThan(tiles.total / 2);

    const box = composeDirty(frame, tiles, m, atlas);
    const whole = new PixelFrame(w, h);
    composeAll(whole, m, atlas);
    expect(samePixels(frame, whole)).toBe(true);
    expect(box).not.toBeNull();
    expect(box!.x1 - box!.x0).toBeGreaterThan(0);
  });

  it('dirties only the tiles under the pixels of a moved marker, not its whole cell, and stays exact', () => {
    // A 3 × 3 dot in the middle of a 9-pixel cell (as the map's dots fill a quarter of their cell).
    const img = new ImageData(CELL, CELL);
    for (let y = 3; y <= 5; y++)
      for (let x = 3; x <= 5; x++) img.data.set([10, 200, 10, 255], (y * CELL + x) * 4);
    const dot = spriteFromImage(img, 0, 0, CELL);
    const atlas = [[dot], ...sprites()];
    const w = 64;
    const h = 64;
    const m = crowd(60, w, h);
    // Slot 0 is the dot at (20, 20): its pixels 19..21 lie in the tile 16..23 either way, its cell 16..24 does not.
    m.qs[0] = 0;
    m.qx[0] = 20;
    m.qy[0] = 20;
    for (let i = 1; i < m.count; i++) m.qs[i] = 1 + (i % 2);
    const frame = new PixelFrame(w, h);
    composeAll(frame, m, atlas);
    const tiles = new DirtyTiles(w, h, 8);
    markSprite(tiles, dot, 20, 20);
    m.qx[0] = 21;
    markSprite(tiles, dot, 21, 20);
    expect(tiles.count).toBe(1);
    composeDirty(frame, tiles, m, atlas);
    const whole = new PixelFrame(w, h);
    composeAll(whole, m, atlas);
    expect(samePixels(frame, whole)).toBe(true);
  });

  it('draws a marker only in the dirty tiles it covers, as clipping it to each of them would', () => {
    const [[disc]] = sprites() as [[PixelSprite]];
    const tiles = new DirtyTiles(16, 16, 4);
    // A checkerboard of dirty tiles under the disc.
    for (let r = 0; r < 4; r++)
      for (let c = 0; c < 4; c++) if ((r + c) % 2 === 0) tiles.mark(c * 4, r * 4, c * 4, r * 4);
    const once = new PixelFrame(16, 16);
    once.blitInTiles(disc, 7, 6, tiles);
    const clipped = new PixelFrame(16, 16);
    for (let r = 0; r < 4; r++)
      for (let c = 0; c < 4; c++)
        if (tiles.isDirty(c, r)) clipped.blit(disc, 7, 6, c * 4, r * 4, c * 4 + 4, r * 4 + 4);
    expect(samePixels(once, clipped)).toBe(true);
    const alpha = (x: number, y: number): number => once.image.data[(y * 16 + x) * 4 + 3]!;
    // The disc's centre lies in a dirty tile (col 1, row 1) and is drawn; its next pixel right, as opaque on the
    // disc, lies in a clean one (col 2, row 1) and is not.
    expect(alpha(7, 6)).toBe(255);
    expect(alpha(8, 6)).toBe(0);
  });

  it('stays exact with tiles smaller than a sprite, which then reaches several tiles from its centre', () => {
    const w = 70;
    const h = 50;
    const atlas = sprites();
    const m = crowd(200, w, h);
    const frame = new PixelFrame(w, h);
    composeAll(frame, m, atlas);
    // 2-pixel tiles: a 9-pixel sprite reaches two tiles past the tile of its centre.
    const tiles = new DirtyTiles(w, h, 2);
    for (const i of [5, 60, 140]) {
      markSprite(tiles, atlas[m.qs[i]!]![0], m.qx[i]!, m.qy[i]!);
      m.qx[i] = m.qx[i]! + 2;
      markSprite(tiles, atlas[m.qs[i]!]![0], m.qx[i]!, m.qy[i]!);
    }
    composeDirty(frame, tiles, m, atlas);
    const whole = new PixelFrame(w, h);
    composeAll(whole, m, atlas);
    expect(samePixels(frame, whole)).toBe(true);
  });

  it('has nothing to hand over when nothing is dirty', () => {
    const frame = new PixelFrame(32, 32);
    expect(composeDirty(frame, new DirtyTiles(32, 32, 16), crowd(5, 32, 32), sprites())).toBeNull();
  });

  it('clips a sprite to the rectangle it is asked to stay in', () => {
    const [[disc]] = sprites() as [[PixelSprite]];
    const frame = new PixelFrame(20, 20);
    frame.blit(disc, 10, 10, 10, 0, 20, 20);
    const alphaAt = (x: number, y: number): number => frame.image.data[(y * 20 + x) * 4 + 3]!;
    expect(alphaAt(9, 10)).toBe(0);
    expect(alphaAt(10, 10)).toBe(255);
    expect(alphaAt(13, 10)).toBe(255);
  });
});

describe('a frame whose canvas moved over the map (a pan)', () => {
  /**
   * As MarkerFrame does it: markers at CSS positions, the canvas's corner at
   * `ox, oy` CSS px, dpr 1.25 so whole device pixels are not whole CSS ones,
   * a fractional corner so rounding is exercised; a marker is drawn where
   * it lands within 8 px of the frame. As on the map, only the part of the
   * frame the map shows is redrawn at each step.
   */
  const w = 120;
  const h = 80;
  const dpr = 1.25;
  const n = 400;
  let seed = 5;
  const rand = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const place = (
    m: ReturnType<typeof crowd>,
    xs: Float64Array,
    ys: Float64Array,
    ox: number,
    oy: number,
    tiles?: DirtyTiles,
  ): void => {
    const dirty = (i: number): void => {
      if (tiles && m.qx[i] !== HIDDEN)
        tiles.mark(m.qx[i]! + REACH[0], m.qy[i]! + REACH[0], m.qx[i]! + REACH[1], m.qy[i]! + REACH[1]);
    };
    for (let i = 0; i < n; i++) {
      const x = Math.round((xs[i]! - ox) * dpr);
      const y = Math.round((ys[i]! - oy) * dpr);
      const qx = x < -8 || y < -8 || x > w + 8 || y > h + 8 ? HIDDEN : x;
      if (qx === m.qx[i] && (qx === HIDDEN || y === m.qy[i])) continue;
      dirty(i);
      m.qx[i] = qx;
      m.qy[i] = y;
      dirty(i);
    }
  };

  it.each([
    ['one pixel', [[1, 0]]],
    [
      'a drag of many small steps, every way',
      [
        [1, 0],
        [0, -1],
        [7, 3],
        [-16, 5],
        [33, -17],
        [-3, -40],
        [2, 2],
        [-1, 1],
      ],
    ],
    [
      'whole tiles',
      [
        [16, 0],
        [0, -32],
        [-48, 16],
      ],
    ],
    [
      'as wide as the frame and more',
      [
        [120, 0],
        [-121, 7],
        [3, 80],
        [-500, 300],
      ],
    ],
  ] as const)('stays exactly what composing every marker again gives: %s', (_name, steps) => {
    // At the map's tile size and at twice it.
    for (const size of [8, 16]) {
      const atlas = sprites();
      const xs = new Float64Array(n);
      const ys = new Float64Array(n);
      // A field wider than the frame, so markers come into view from every side.
      for (let i = 0; i < n; i++) {
        xs[i] = rand() * 400 - 140;
        ys[i] = rand() * 300 - 110;
      }
      const m = crowd(n, w, h);
      m.qx.fill(HIDDEN);
      let ox = 0.37;
      let oy = 0.81;
      place(m, xs, ys, ox, oy);
      const frame = new PixelFrame(w, h);
      composeAll(frame, m, atlas);
      const tiles = new DirtyTiles(w, h, size);
      const batch = new DirtyTiles(w, h, size);
      // The map within the padded canvas.
      const shown = { x0: 35, y0: 20, x1: 85, y1: 60 };
      for (const [kx, ky] of steps) {
        ox += kx / dpr;
        oy += ky / dpr;
        shiftFrame(frame, tiles, kx, ky);
        for (let i = 0; i < n; i++)
          if (m.qx[i] !== HIDDEN) {
            m.qx[i] = m.qx[i]! - kx;
            m.qy[i] = m.qy[i]! - ky;
          }
        // A few markers glide meanwhile, by fractions of a pixel.
        for (let i = 0; i < n; i += 37) xs[i] = xs[i]! + 0.45;
        place(m, xs, ys, ox, oy, tiles);
        // Only the part the map shows is redrawn; the rest stays dirty, moving with the frame, until shown.
        tiles.takeWithin(shown, batch);
        composeDirty(frame, batch, m, atlas);
        batch.clear();
        const whole = new PixelFrame(w, h);
        composeAll(whole, m, atlas);
        expect(samePixels(frame, whole, shown)).toBe(true);
      }
      composeDirty(frame, tiles, m, atlas);
      const whole = new PixelFrame(w, h);
      composeAll(whole, m, atlas);
      expect(samePixels(frame, whole)).toBe(true);
    }
  });

  it('redraws only the strips it uncovers (and what moved)', () => {
    const frame = new PixelFrame(w, h);
    const tiles = new DirtyTiles(w, h, 16);
    shiftFrame(frame, tiles, 5, 0);
    expect(tiles.runs()).toEqual(
      Array.from({ length: tiles.rows }, (_, r) => ({
        x0: 112,
        y0: r * 16,
        x1: 120,
        y1: Math.min(h, r * 16 + 16),
      })),
    );
    tiles.clear();
    shiftFrame(frame, tiles, 0, -20);
    expect(tiles.count).toBe(2 * tiles.cols);
  });
});
