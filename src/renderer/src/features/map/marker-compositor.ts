import { DirtyTiles, type PixelRect } from './dirty-tiles';
import type { Ctx2D, Palette } from './marker-drawing';
import {
  drawClusterScene,
  drawDecorations,
  drawLabels,
  drawSelected,
  type CssBox,
  type MarkerOverlay,
} from './marker-overlay';
import { buildSpriteAtlas, type SpriteAtlas } from './marker-sprites';
import { PixelFrame } from './pixel-frame';
import {
  composeAll,
  composeDirty,
  grow,
  HIDDEN,
  markSprite,
  shiftFrame,
  shiftPlaced,
  type PlacedSprites,
} from './sprite-compose';

/**
 * Tile of the dirty grid, in device pixels. A marker's pixels span about 13: a one-pixel move dirties the
 * 3 × 3 tiles under it (the markers over them are redrawn there), where 16-pixel tiles made it 2 × 2 of four
 * times the area, each holding more markers to redraw. Smaller still, checking tiles costs more than it saves.
 */
const TILE_PX = 8;
/**
 * What one more putImageData costs, in pixels handed over: in Chromium's software canvas a call costs
 * about 2.6 µs and a pixel about 1.2 ns (measured on this machine, a 1536 × 960 canvas). The dirty tiles
 * are handed over in boxes joined wherever that is cheaper than another call.
 */
const PUT_CALL_PX = 2048;

/**
 * What changed in where the markers land since the last frame (MarkerFrame.locate): all a compositor needs
 * to bring its pixels up to date, small enough to post to a worker every frame.
 */
export interface FrameDelta {
  /** The canvas in device pixels. */
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
  /** Slots in the fleet; any beyond are drawn nowhere. */
  readonly count: number;
  /** The canvas moved over the map by these whole device pixels: what it showed moves the other way. */
  readonly moveBy: readonly [number, number] | null;
  /** Every marker is placed anew (a new view, zoom or fleet): `changes` holds every one drawn. */
  readonly fresh: boolean;
  /** Each slot that landed elsewhere: slot, x, y (device pixels, HIDDEN: nowhere), state << 8 | heading column. */
  readonly changes: Int32Array;
}

/** A clustered frame: the canvas cleared and drawn through its context (a few hundred discs and markers). */
export interface ClusteredFrame {
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
  /** ClusterScene, typed (posted to a worker as bytes). */
  readonly scene: Float64Array;
}

/**
 * Hands the recomposed tiles of `frame` to the canvas: in boxes around them, or in the one box around
 * them all (`bounds`) when that costs less. At city zoom the few hundred dirty tiles lie all over the
 * map: their bounds are nearly the whole canvas, some 25 times the pixels that changed.
 * Answers the boxes handed over.
 */
function handOver(ctx: Ctx2D, frame: PixelFrame, dirty: DirtyTiles, bounds: PixelRect): readonly PixelRect[] {
  const area = (b: PixelRect): number => (b.x1 - b.x0) * (b.y1 - b.y0);
  const boxes = dirty.boxes(PUT_CALL_PX);
  let cost = 0;
  for (const b of boxes) cost += area(b) + PUT_CALL_PX;
  const parts = cost < area(bounds) + PUT_CALL_PX ? boxes : [bounds];
  for (const b of parts) ctx.putImageData(frame.image, 0, 0, b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0);
  return parts;
}

/**
 * The fleet's pixels: every marker composed in JavaScript and handed over with putImageData (see
 * pixel-frame.ts for why), then what is drawn over them. Markers glide by a fraction of a pixel per
 * frame, so most frames change a few dozen: only the tiles under their old and new places are recomposed
 * and handed over. It knows nothing of positions or the map, only the deltas MarkerFrame finds: the same
 * code runs on the page or in a worker that owns the canvas (fleet-paint.worker.ts).
 */
export class MarkerCompositor implements PlacedSprites {
  count = 0;
  /** Whole device pixel, state and heading column of each slot as composed. */
  qx = new Int32Array(1024).fill(HIDDEN);
  qy = new Int32Array(1024);
  qc = new Uint8Array(1024);
  qs = new Uint8Array(1024);
  /** The sprites, for a palette by value: one posted to a worker arrives as a new object every frame. */
  private atlas: { palette: Palette; key: string; dpr: number; sprites: SpriteAtlas } | null = null;
  private pixels: PixelFrame | null = null;
  /**
   * Tiles of the canvas not matching the markers. Only those where the map
   * shows are redrawn at a paint; the rest of the canvas (padding for pans)
   * stays dirty until a pan brings it into view.
   */
  private tiles: DirtyTiles | null = null;
  /** The dirty tiles redrawn at this paint. */
  private batch: DirtyTiles | null = null;
  /** The next paint recomposes every pixel (a new view, palette, canvas, or a clustered frame in between). */
  private full = true;
  /** The pixels moved with the canvas since the last paint: the whole canvas is handed over again. */
  private shifted = false;
  /** The last paint carried names, which overlap neighbours' tiles. */
  private labelled = false;
  /** Device-pixel boxes of what was drawn over the markers at the last paint and is redrawn at each (the selection). */
  private overlays: PixelRect[] = [];

  /**
   * Brings the canvas up to date with a frame's delta and overlay; paints only if a marker moved or a pan
   * brought dirty tiles into `shown` (device pixels of the canvas that the map shows).
   */
  frame(ctx: Ctx2D, delta: FrameDelta, overlay: MarkerOverlay, palette: Palette, shown: PixelRect): void {
    fitCanvas(ctx, delta.width, delta.height);
    const moved = this.apply(delta, palette);
    if (moved || this.full || (this.tiles?.anyWithin(shown) ?? false))
      this.paint(ctx, overlay, palette, delta.dpr, shown);
  }

  /** Draws a clustered frame; the next marker frame recomposes every pixel. */
  clustered(ctx: Ctx2D, frame: ClusteredFrame, overlay: MarkerOverlay, palette: Palette): void {
    fitCanvas(ctx, frame.width, frame.height);
    const atlas = this.sprites(palette, frame.dpr);
    ctx.setTransform(frame.dpr, 0, 0, frame.dpr, 0, 0);
    ctx.clearRect(0, 0, frame.width / frame.dpr, frame.height / frame.dpr);
    drawClusterScene(ctx, frame.scene, palette, atlas);
    drawDecorations(ctx, overlay, null, palette, atlas);
    if (overlay.selected) drawSelected(ctx, overlay.selected, palette, atlas);
    this.full = true;
    this.overlays = [];
  }

  /** Takes in where the markers landed; true when any changed (else the frame would be identical). */
  private apply(delta: FrameDelta, palette: Palette): boolean {
    const tiles = this.tilesFor(delta.width, delta.height);
    // The sprites last painted: a full paint follows when they change (sprites()), so marks made with them hold.
    const sprites = this.sameAtlas(palette, delta.dpr) ? this.atlas!.sprites.pixels : [];
    this.track(delta.count);
    if (delta.moveBy) this.moveCanvas(tiles, delta.moveBy[0], delta.moveBy[1]);
    if (delta.fresh) {
      this.full = true;
      this.qx.fill(HIDDEN, 0, this.count);
    }
    const mark = !this.full;
    const c = delta.changes;
    for (let k = 0; k + 3 < c.length; k += 4) {
      const i = c[k]!;
      if (i < 0 || i >= this.count) continue;
      const qx = c[k + 1]!;
      const qy = c[k + 2]!;
      const qs = c[k + 3]! >>> 8;
      const qc = c[k + 3]! & 0xff;
      const oldX = this.qx[i]!;
      if (mark && oldX !== HIDDEN) markSprite(tiles, sprites[this.qs[i]!]?.[this.qc[i]!], oldX, this.qy[i]!);
      if (mark && qx !== HIDDEN) markSprite(tiles, sprites[qs]?.[qc], qx, qy);
      this.qx[i] = qx;
      this.qy[i] = qy;
      this.qs[i] = qs;
      this.qc[i] = qc;
    }
    return delta.fresh || delta.moveBy !== null || c.length > 0;
  }

  /**
   * Draws the markers, with names (none overlapping) when the overlay has them, the stacks' counts and
   * the open fan, and the selected asset ringed and named over them. Redraws only the dirty tiles within
   * `shown`.
   */
  private paint(ctx: Ctx2D, overlay: MarkerOverlay, palette: Palette, dpr: number, shown: PixelRect): void {
    const atlas = this.sprites(palette, dpr);
    const frame = this.frameFor(ctx.canvas.width, ctx.canvas.height);
    const tiles = this.tilesFor(frame.width, frame.height);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const labels = overlay.labels !== null;
    // Names overlap their neighbours' tiles: frames that carry them (few markers) are recomposed whole.
    const batch = this.batchFor(tiles);
    /** What this paint hands over, in device pixels; null: the whole canvas. */
    let handed: readonly PixelRect[] | null = null;
    // However many tiles are dirty, they are recomposed tile by tile: recomposing every marker and handing
    // over the whole canvas instead, once most of it was dirty, measured slower (bench:map, 10,000 assets).
    const whole = this.full || labels || this.labelled;
    if (!whole) {
      for (const o of this.overlays) tiles.mark(o.x0, o.y0, o.x1, o.y1);
      tiles.takeWithin(shown, batch);
    }
    if (whole) {
      composeAll(frame, this, atlas.pixels);
      ctx.putImageData(frame.image, 0, 0);
      tiles.clear();
    } else {
      const box = composeDirty(frame, batch, this, atlas.pixels);
      if (this.shifted) ctx.putImageData(frame.image, 0, 0);
      else handed = box ? handOver(ctx, frame, batch, box) : [];
    }
    batch.clear();
    this.shifted = false;
    this.full = false;
    this.labelled = labels;
    const device = (b: CssBox): PixelRect => ({
      x0: Math.floor(b.x0 * dpr),
      y0: Math.floor(b.y0 * dpr),
      x1: Math.ceil(b.x1 * dpr),
      y1: Math.ceil(b.y1 * dpr),
    });
    this.overlays = [];
    if (handed === null || handed.length > 0) {
      const regions = handed?.map((h) => ({
        x0: h.x0 / dpr,
        y0: h.y0 / dpr,
        x1: h.x1 / dpr,
        y1: h.y1 / dpr,
      }));
      drawDecorations(ctx, overlay, regions ?? null, palette, atlas);
    }
    if (overlay.labels) drawLabels(ctx, overlay.labels, palette);
    if (overlay.selected) this.overlays.push(device(drawSelected(ctx, overlay.selected, palette, atlas)));
  }

  /**
   * The canvas moved by (kx, ky) device pixels over the map: the composed
   * pixels, the markers' last places and the selection's box move the other
   * way, so the next paint redraws only the uncovered strips and what moved.
   */
  private moveCanvas(tiles: DirtyTiles, kx: number, ky: number): void {
    const frame = this.pixels;
    if (!this.full && frame?.width === tiles.width && frame.height === tiles.height) {
      shiftFrame(frame, tiles, kx, ky);
      this.shifted = true;
    } else {
      this.full = true;
    }
    shiftPlaced(this, kx, ky);
    this.overlays = this.overlays.map((o) => ({
      x0: o.x0 - kx,
      y0: o.y0 - ky,
      x1: o.x1 - kx,
      y1: o.y1 - ky,
    }));
  }

  private track(count: number): void {
    if (count < this.count) this.qx.fill(HIDDEN, count, this.count);
    if (count > this.qx.length) {
      const size = Math.max(count, this.qx.length * 2);
      this.qx = grow(new Int32Array(size).fill(HIDDEN), this.qx);
      this.qy = grow(new Int32Array(size), this.qy);
      this.qc = grow(new Uint8Array(size), this.qc);
      this.qs = grow(new Uint8Array(size), this.qs);
    }
    this.count = count;
  }

  private frameFor(width: number, height: number): PixelFrame {
    if (this.pixels?.width !== width || this.pixels.height !== height) {
      this.pixels = new PixelFrame(width, height);
      this.full = true;
    }
    return this.pixels;
  }

  private tilesFor(width: number, height: number): DirtyTiles {
    if (this.tiles?.width !== width || this.tiles.height !== height) {
      this.tiles = new DirtyTiles(width, height, TILE_PX);
      this.full = true;
    }
    return this.tiles;
  }

  private batchFor(tiles: DirtyTiles): DirtyTiles {
    if (this.batch?.width !== tiles.width || this.batch.height !== tiles.height)
      this.batch = new DirtyTiles(tiles.width, tiles.height, tiles.size);
    return this.batch;
  }

  private sprites(palette: Palette, dpr: number): SpriteAtlas {
    if (!this.sameAtlas(palette, dpr)) {
      const sprites = buildSpriteAtlas(palette, dpr, palette.state.length);
      this.atlas = { palette, key: JSON.stringify(palette), dpr, sprites };
      this.full = true;
    }
    return this.atlas!.sprites;
  }

  private sameAtlas(palette: Palette, dpr: number): boolean {
    const a = this.atlas;
    if (!a || a.dpr !== dpr) return false;
    if (a.palette === palette) return true;
    if (a.key !== JSON.stringify(palette)) return false;
    a.palette = palette;
    return true;
  }
}

/** Sizes the canvas (it clears when resized): the layer decides its size, whoever draws it sets it. */
function fitCanvas(ctx: Ctx2D, width: number, height: number): void {
  const c = ctx.canvas;
  if (c.width !== width || c.height !== height) {
    c.width = width;
    c.height = height;
  }
}
