import { DirtyTiles, type PixelRect } from './dirty-tiles';
import type { FleetPositions } from './fleet-positions';
import type { DrawnMarkers } from './hit-test';
import { lerp, lerpAngle, MOVE_DURATION_MS, progress } from './interpolation';
import { placeLabels, type LabelBox } from './label-placement';
import { drawLabel, drawSelection, labelBox, labelWidth, selectionBox, type Palette } from './marker-drawing';
import { buildSpriteAtlas, headingColumn, type SpriteAtlas } from './marker-sprites';
import { PixelFrame } from './pixel-frame';
import {
  composeAll,
  composeDirty,
  HIDDEN,
  markSprite,
  shiftFrame,
  type PlacedSprites,
} from './sprite-compose';

/** Names show while at most this many markers are on screen: beyond, they would hide the map. */
export const LABEL_MAX_COUNT = 50;
/** Markers this far outside the view still count as drawn: half of one shows at the edge. */
const VIEW_MARGIN_PX = 16;
/**
 * Tile of the dirty grid, in device pixels. A marker's pixels span about 13: a one-pixel move dirties the
 * 3 × 3 tiles under it (the markers over them are redrawn there), where 16-pixel tiles made it 2 × 2 of four
 * times the area, each holding more markers to redraw. Smaller still, checking tiles costs more than it saves.
 */
const TILE_PX = 8;
const NO_STATE = 255;
/**
 * What one more putImageData costs, in pixels handed over: in Chromium's software canvas a call costs
 * about 2.6 µs and a pixel about 1.2 ns (measured on this machine, a 1536 × 960 canvas). The dirty tiles
 * are handed over in boxes joined wherever that is cheaper than another call.
 */
const PUT_CALL_PX = 2048;

/** The container-pixel transform of one frame: x = mercator x · scale − ox. */
export interface FrameView {
  readonly scale: number;
  readonly ox: number;
  readonly oy: number;
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
}

/** A box in CSS pixels of the canvas. */
export interface CssBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** What a paint draws besides the markers. */
export interface PaintExtras {
  /** Names beside the markers while few are on screen (the operator's toggle). */
  readonly labels: boolean;
  /** Slots drawn inside a closed stack: its count stands for them, they carry no name. */
  readonly unnamed?: (slot: number) => boolean;
  /**
   * Draws over the markers (stack counts, an open fan) within `regions`, the parts of the canvas this
   * paint handed over (null: all of it); elsewhere the canvas still shows what it drew last time.
   */
  readonly decorate?: (ctx: CanvasRenderingContext2D, regions: readonly CssBox[] | null) => void;
}

/** Same zoom, canvas size and pixel ratio: the views differ at most by where the canvas lies. */
const sameShape = (a: FrameView, b: FrameView): boolean =>
  a.scale === b.scale && a.width === b.width && a.height === b.height && a.dpr === b.dpr;

const sameView = (a: FrameView, b: FrameView): boolean => sameShape(a, b) && a.ox === b.ox && a.oy === b.oy;

/** How many whole device pixels the canvas moved from view a to b, or null if it did more than move by those. */
function translation(a: FrameView, b: FrameView): readonly [number, number] | null {
  if (!sameShape(a, b)) return null;
  const kx = (b.ox - a.ox) * b.dpr;
  const ky = (b.oy - a.oy) * b.dpr;
  const rx = Math.round(kx);
  const ry = Math.round(ky);
  // The layer moves its canvas by whole device pixels; what is left is floating-point noise.
  return Math.abs(kx - rx) < 1e-6 && Math.abs(ky - ry) < 1e-6 ? [rx, ry] : null;
}

/**
 * Hands the recomposed tiles of `frame` to the canvas: in boxes around them, or in the one box around
 * them all (`bounds`) when that costs less. At city zoom the few hundred dirty tiles lie all over the
 * map: their bounds are nearly the whole canvas, some 25 times the pixels that changed.
 * Answers the boxes handed over.
 */
function handOver(
  ctx: CanvasRenderingContext2D,
  frame: PixelFrame,
  dirty: DirtyTiles,
  bounds: PixelRect,
): readonly PixelRect[] {
  const area = (b: PixelRect): number => (b.x1 - b.x0) * (b.y1 - b.y0);
  const boxes = dirty.boxes(PUT_CALL_PX);
  let cost = 0;
  for (const b of boxes) cost += area(b) + PUT_CALL_PX;
  const parts = cost < area(bounds) + PUT_CALL_PX ? boxes : [bounds];
  for (const b of parts) ctx.putImageData(frame.image, 0, 0, b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0);
  return parts;
}

/**
 * The fleet's markers as one frame: where each lands on screen, and the
 * pixels of all of them composed in JavaScript and handed over with
 * putImageData (see pixel-frame.ts for why). Markers glide by a fraction of
 * a pixel per frame, so most frames change a few dozen markers: only the
 * tiles under their old and new places are recomposed and handed over.
 */
export class MarkerFrame implements DrawnMarkers, PlacedSprites {
  /** Slots placed at the last frame; sx/sy beyond are stale. */
  count = 0;
  ids: ArrayLike<number> = new Int32Array(0);
  /** Container position of each slot at the last frame, NaN when not drawn (hit-testing, labels). */
  sx = new Float32Array(1024).fill(NaN);
  sy = new Float32Array(1024);
  /** Whole device pixel, heading column and state of each slot at the last located frame. */
  qx = new Int32Array(1024).fill(HIDDEN);
  qy = new Int32Array(1024);
  qc = new Uint8Array(1024);
  qs = new Uint8Array(1024).fill(NO_STATE);
  /** CSS pixels a slot is drawn away from its fix: the vehicles of an open stack, fanned out. */
  fanX = new Float32Array(1024);
  fanY = new Float32Array(1024);
  private visible = 0;
  private atlas: { palette: Palette; dpr: number; sprites: SpriteAtlas } | null = null;
  private pixels: PixelFrame | null = null;
  /**
   * Tiles of the canvas not matching the markers. Only those where the map
   * shows are redrawn at a paint; the rest of the canvas (padding for pans)
   * stays dirty until a pan brings it into view.
   */
  private tiles: DirtyTiles | null = null;
  /** The dirty tiles redrawn at this paint. */
  private batch: DirtyTiles | null = null;
  /** The next paint recomposes every pixel (a new view, palette, selection, canvas). */
  private full = true;
  /** The pixels moved with the canvas since the last paint: the whole canvas is handed over again. */
  private shifted = false;
  /** The last paint carried names, which overlap neighbours' tiles. */
  private labelled = false;
  /** Device-pixel boxes of what was drawn over the markers at the last paint and is redrawn at each (the selection). */
  private overlays: PixelRect[] = [];
  /** The view and time of the last located frame, and how many slots it placed. */
  private last: { view: FrameView; now: number; count: number } | null = null;

  /** Everything is placed and painted anew at the next frame. */
  invalidate(): void {
    this.full = true;
    this.last = null;
  }

  /** Nothing drawn from the fleet (a clustered frame places its lone markers with place()). */
  hideAll(positions: FleetPositions): void {
    this.track(positions);
    this.sx.fill(NaN);
    this.invalidate();
  }

  /** Fans slots out by CSS-pixel offsets (an open stack) or back (empty offsets); every marker is placed anew. */
  setFan(slots: readonly number[], offsets: readonly (readonly [number, number])[]): void {
    for (let k = 0; k < slots.length; k++) {
      const s = slots[k]!;
      if (s >= this.fanX.length) continue;
      this.fanX[s] = offsets[k]?.[0] ?? 0;
      this.fanY[s] = offsets[k]?.[1] ?? 0;
    }
    this.invalidate();
  }

  place(slot: number, x: number, y: number): void {
    this.sx[slot] = x;
    this.sy[slot] = y;
  }

  /**
   * Screen position of every asset at `now`; true when any lands on a
   * different whole pixel, heading or state (else the frame would be identical).
   */
  locate(positions: FleetPositions, now: number, view: FrameView): boolean {
    this.track(positions);
    const { scale, ox, oy, width, height, dpr } = view;
    const tiles = this.tilesFor(Math.round(width * dpr), Math.round(height * dpr));
    const last = this.last;
    const same = last !== null && sameView(last.view, view);
    const moveBy = last === null || same ? null : translation(last.view, view);
    if (moveBy) this.moveCanvas(tiles, moveBy[0], moveBy[1]);
    // A canvas that only moved keeps what it had: each marker is compared with its old place, moved along.
    const incremental = same || moveBy !== null;
    if (!incremental) {
      this.full = true;
      this.visible = 0;
    }
    // Slots already placed in this view whose glide had ended by the last frame cannot have moved.
    const settledCount = same ? last.count : 0;
    const restedBy = same ? last.now - MOVE_DURATION_MS : -Infinity;
    this.last = { view, now, count: positions.count };
    // The sprites last painted: a full paint follows when they change (sprites()), so marks made with them hold.
    const sprites = this.atlas?.sprites.pixels ?? [];
    const { fx, fy, tx, ty, fc, tc, t0, st } = positions;
    const mark = !this.full;
    let moved = !same;
    for (let i = 0; i < positions.count; i++) {
      const start = t0[i]!;
      if (i < settledCount && start <= restedBy) continue;
      const t = progress(start, now);
      const x = lerp(fx[i]!, tx[i]!, t) * scale - ox + this.fanX[i]!;
      const y = lerp(fy[i]!, ty[i]!, t) * scale - oy + this.fanY[i]!;
      let qx = HIDDEN;
      let qy = 0;
      let qc = 0;
      let qs = NO_STATE;
      if (
        x < -VIEW_MARGIN_PX ||
        y < -VIEW_MARGIN_PX ||
        x > width + VIEW_MARGIN_PX ||
        y > height + VIEW_MARGIN_PX
      ) {
        this.sx[i] = NaN;
      } else {
        this.sx[i] = x;
        this.sy[i] = y;
        qx = Math.round(x * dpr);
        qy = Math.round(y * dpr);
        qs = st[i]!;
        qc = qs === 0 ? headingColumn(lerpAngle(fc[i]!, tc[i]!, t)) : 0;
      }
      const oldX = this.qx[i]!;
      if (!incremental) {
        if (qx !== HIDDEN) this.visible++;
      } else if (qx !== oldX || qy !== this.qy[i] || qc !== this.qc[i] || qs !== this.qs[i]) {
        if (oldX === HIDDEN) this.visible++;
        else if (qx === HIDDEN) this.visible--;
        if (mark && oldX !== HIDDEN)
          markSprite(tiles, sprites[this.qs[i]!]?.[this.qc[i]!], oldX, this.qy[i]!);
        if (mark && qx !== HIDDEN) markSprite(tiles, sprites[qs]?.[qc], qx, qy);
        moved = true;
      } else {
        continue;
      }
      this.qx[i] = qx;
      this.qy[i] = qy;
      this.qc[i] = qc;
      this.qs[i] = qs;
    }
    return moved;
  }

  /**
   * Draws the markers placed by locate(), with names (none overlapping) when
   * few are in view, what `extras` decorates, and the selected asset ringed
   * and named over them.
   * Redraws only the dirty tiles within `shown` (device pixels of the canvas: where the map is).
   */
  paint(
    ctx: CanvasRenderingContext2D,
    positions: FleetPositions,
    extras: PaintExtras,
    palette: Palette,
    nameOf: (assetId: number) => string,
    selected: number | undefined,
    now: number,
    view: FrameView,
    shown: PixelRect,
  ): void {
    const atlas = this.sprites(palette);
    const frame = this.frameFor(ctx.canvas.width, ctx.canvas.height);
    const tiles = this.tilesFor(frame.width, frame.height);
    const labels = extras.labels && this.visible <= LABEL_MAX_COUNT;
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
    const d = view.dpr;
    const device = (b: CssBox): PixelRect => ({
      x0: Math.floor(b.x0 * d),
      y0: Math.floor(b.y0 * d),
      x1: Math.ceil(b.x1 * d),
      y1: Math.ceil(b.y1 * d),
    });
    this.overlays = [];
    if (extras.decorate && (handed === null || handed.length > 0)) {
      const regions = handed?.map((h) => ({ x0: h.x0 / d, y0: h.y0 / d, x1: h.x1 / d, y1: h.y1 / d }));
      extras.decorate(ctx, regions ?? null);
    }
    if (labels) this.drawLabels(ctx, positions, nameOf, palette, extras.unnamed, selected);
    if (selected !== undefined) {
      const name = nameOf(positions.ids[selected]!);
      const at = this.drawSelected(ctx, positions, selected, now, view, palette, name);
      this.overlays.push(device(selectionBox(ctx, at[0], at[1], name)));
    }
  }

  /**
   * The names of the markers in view, none over another: the lesser is
   * dropped (moving before idle, stopped and offline; then slot order). The
   * selected asset's name is drawn with its ring, and keeps its place first.
   */
  private drawLabels(
    ctx: CanvasRenderingContext2D,
    positions: FleetPositions,
    nameOf: (assetId: number) => string,
    palette: Palette,
    unnamed: ((slot: number) => boolean) | undefined,
    selected: number | undefined,
  ): void {
    const slots: number[] = [];
    const names: string[] = [];
    const boxes: LabelBox[] = [];
    for (let i = 0; i < this.count; i++) {
      const x = this.sx[i]!;
      if (Number.isNaN(x) || (unnamed?.(i) && i !== selected)) continue;
      const name = nameOf(positions.ids[i]!);
      const rank = i === selected ? -1 : positions.st[i]!;
      slots.push(i);
      names.push(name);
      boxes.push({ ...labelBox(x, this.sy[i]!, labelWidth(ctx, name)), rank });
    }
    for (const k of placeLabels(boxes)) {
      const i = slots[k]!;
      if (i !== selected) drawLabel(ctx, this.sx[i]!, this.sy[i]!, names[k]!, palette);
    }
  }

  /** Whether a pan brought dirty tiles into view (paint() redraws them). */
  needsPaint(shown: PixelRect): boolean {
    return this.full || (this.tiles?.anyWithin(shown) ?? false);
  }

  /** One marker drawn through the canvas itself (clustered frames, the selected asset). */
  drawSprite(
    ctx: CanvasRenderingContext2D,
    palette: Palette,
    state: number,
    column: number,
    x: number,
    y: number,
  ): void {
    const atlas = this.sprites(palette);
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

  /**
   * The selected asset is always drawn, even where it sits inside a cluster,
   * ringed and named; returns where (container pixels).
   */
  drawSelected(
    ctx: CanvasRenderingContext2D,
    positions: FleetPositions,
    slot: number,
    now: number,
    view: FrameView,
    palette: Palette,
    name: string,
  ): [number, number] {
    const t = progress(positions.t0[slot]!, now);
    const x = lerp(positions.fx[slot]!, positions.tx[slot]!, t) * view.scale - view.ox + this.fanX[slot]!;
    const y = lerp(positions.fy[slot]!, positions.ty[slot]!, t) * view.scale - view.oy + this.fanY[slot]!;
    const state = positions.st[slot]!;
    const col = state === 0 ? headingColumn(lerpAngle(positions.fc[slot]!, positions.tc[slot]!, t)) : 0;
    this.drawSprite(ctx, palette, state, col, x, y);
    drawSelection(ctx, x, y, palette);
    drawLabel(ctx, x, y, name, palette);
    return [x, y];
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
    for (let i = 0; i < this.count; i++) {
      if (this.qx[i] === HIDDEN) continue;
      this.qx[i] = this.qx[i]! - kx;
      this.qy[i] = this.qy[i]! - ky;
    }
    this.overlays = this.overlays.map((o) => ({
      x0: o.x0 - kx,
      y0: o.y0 - ky,
      x1: o.x1 - kx,
      y1: o.y1 - ky,
    }));
  }

  private track(positions: FleetPositions): void {
    // Slots given up by a smaller fleet are drawn nowhere.
    if (positions.count < this.count) this.qx.fill(HIDDEN, positions.count, this.count);
    this.count = positions.count;
    this.ids = positions.ids;
    if (positions.count <= this.sx.length) return;
    const size = Math.max(positions.count, this.sx.length * 2);
    const sx = new Float32Array(size).fill(NaN);
    sx.set(this.sx);
    this.sx = sx;
    const sy = new Float32Array(size);
    sy.set(this.sy);
    this.sy = sy;
    const qx = new Int32Array(size).fill(HIDDEN);
    qx.set(this.qx);
    this.qx = qx;
    const qy = new Int32Array(size);
    qy.set(this.qy);
    this.qy = qy;
    const qc = new Uint8Array(size);
    qc.set(this.qc);
    this.qc = qc;
    const qs = new Uint8Array(size).fill(NO_STATE);
    qs.set(this.qs);
    this.qs = qs;
    const fanX = new Float32Array(size);
    fanX.set(this.fanX);
    this.fanX = fanX;
    const fanY = new Float32Array(size);
    fanY.set(this.fanY);
    this.fanY = fanY;
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

  private sprites(palette: Palette): SpriteAtlas {
    const dpr = window.devicePixelRatio || 1;
    if (this.atlas?.palette !== palette || this.atlas.dpr !== dpr) {
      this.atlas = { palette, dpr, sprites: buildSpriteAtlas(palette, dpr, palette.state.length) };
      this.full = true;
    }
    return this.atlas.sprites;
  }
}
