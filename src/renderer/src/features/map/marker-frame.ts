import type { FleetPositions } from './fleet-positions';
import type { DrawnMarkers } from './hit-test';
import { lerp, lerpAngle, progress } from './interpolation';
import { drawLabel, drawSelection, type Palette } from './marker-drawing';
import { buildSpriteAtlas, headingColumn, SPRITE_CSS_PX, type SpriteAtlas } from './marker-sprites';
import { PixelFrame } from './pixel-frame';

const LABEL_MIN_ZOOM = 14;
const LABEL_MAX_COUNT = 150;
/** Markers this far outside the view still count as drawn: half of one shows at the edge. */
const VIEW_MARGIN_PX = 16;
const HIDDEN = -0x7fffffff;

/** The container-pixel transform of one frame: x = mercator x · scale − ox. */
export interface FrameView {
  readonly scale: number;
  readonly ox: number;
  readonly oy: number;
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
}

/**
 * The fleet's markers as one frame: where each lands on screen, and the
 * pixels of all of them composed in JavaScript and handed over in one
 * putImageData (see pixel-frame.ts for why).
 */
export class MarkerFrame implements DrawnMarkers {
  /** Slots placed at the last frame; sx/sy beyond are stale. */
  count = 0;
  ids: ArrayLike<number> = new Int32Array(0);
  /** Container position of each slot at the last frame, NaN when not drawn (hit-testing, labels). */
  sx = new Float32Array(1024).fill(NaN);
  sy = new Float32Array(1024);
  /** Whole device pixel and heading column of each slot at the last painted frame. */
  private qx = new Int32Array(1024).fill(HIDDEN);
  private qy = new Int32Array(1024);
  private qc = new Uint8Array(1024);
  private visible = 0;
  private atlas: { palette: Palette; dpr: number; sprites: SpriteAtlas } | null = null;
  private pixels: PixelFrame | null = null;

  /** Nothing drawn from the fleet (a clustered frame places its lone markers with place()). */
  hideAll(positions: FleetPositions): void {
    this.track(positions);
    this.sx.fill(NaN);
  }

  place(slot: number, x: number, y: number): void {
    this.sx[slot] = x;
    this.sy[slot] = y;
  }

  /** Screen position of every asset at `now`; true when any lands on a different whole pixel or heading. */
  locate(positions: FleetPositions, now: number, view: FrameView): boolean {
    this.track(positions);
    const { scale, ox, oy, width, height, dpr } = view;
    const { fx, fy, tx, ty, fc, tc, t0, st } = positions;
    let moved = false;
    this.visible = 0;
    for (let i = 0; i < positions.count; i++) {
      const t = progress(t0[i]!, now);
      const x = lerp(fx[i]!, tx[i]!, t) * scale - ox;
      const y = lerp(fy[i]!, ty[i]!, t) * scale - oy;
      let qx = HIDDEN;
      let qy = 0;
      let qc = 0;
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
        this.visible++;
        qx = Math.round(x * dpr);
        qy = Math.round(y * dpr);
        qc = st[i] === 0 ? headingColumn(lerpAngle(fc[i]!, tc[i]!, t)) : 0;
      }
      if (qx !== this.qx[i] || qy !== this.qy[i] || qc !== this.qc[i]) {
        moved = true;
        this.qx[i] = qx;
        this.qy[i] = qy;
        this.qc[i] = qc;
      }
    }
    return moved;
  }

  /** Draws the markers placed by locate(), with names when few are in view and the map is close. */
  paint(
    ctx: CanvasRenderingContext2D,
    positions: FleetPositions,
    zoom: number,
    palette: Palette,
    nameOf: (assetId: number) => string,
  ): void {
    const atlas = this.sprites(palette);
    const frame = this.frameFor(ctx.canvas.width, ctx.canvas.height);
    frame.clear();
    const st = positions.st;
    for (let i = 0; i < this.count; i++) {
      if (this.qx[i] === HIDDEN) continue;
      const sprite = atlas.pixels[st[i]!]?.[this.qc[i]!];
      if (sprite) frame.blit(sprite, this.qx[i]!, this.qy[i]!);
    }
    ctx.putImageData(frame.image, 0, 0);
    if (zoom >= LABEL_MIN_ZOOM && this.visible <= LABEL_MAX_COUNT) {
      for (let i = 0; i < this.count; i++) {
        const x = this.sx[i]!;
        if (!Number.isNaN(x)) drawLabel(ctx, x, this.sy[i]!, nameOf(positions.ids[i]!), palette);
      }
    }
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
    const h = SPRITE_CSS_PX / 2;
    ctx.drawImage(
      atlas.canvas,
      column * atlas.cell,
      state * atlas.cell,
      atlas.cell,
      atlas.cell,
      x - h,
      y - h,
      2 * h,
      2 * h,
    );
  }

  /** The selected asset is always drawn, even where it sits inside a cluster, ringed and named. */
  drawSelected(
    ctx: CanvasRenderingContext2D,
    positions: FleetPositions,
    slot: number,
    now: number,
    view: FrameView,
    palette: Palette,
    name: string,
  ): void {
    const t = progress(positions.t0[slot]!, now);
    const x = lerp(positions.fx[slot]!, positions.tx[slot]!, t) * view.scale - view.ox;
    const y = lerp(positions.fy[slot]!, positions.ty[slot]!, t) * view.scale - view.oy;
    const state = positions.st[slot]!;
    const col = state === 0 ? headingColumn(lerpAngle(positions.fc[slot]!, positions.tc[slot]!, t)) : 0;
    this.drawSprite(ctx, palette, state, col, x, y);
    drawSelection(ctx, x, y, palette);
    drawLabel(ctx, x, y, name, palette);
  }

  private track(positions: FleetPositions): void {
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
  }

  private frameFor(width: number, height: number): PixelFrame {
    if (this.pixels?.width !== width || this.pixels.height !== height)
      this.pixels = new PixelFrame(width, height);
    return this.pixels;
  }

  private sprites(palette: Palette): SpriteAtlas {
    const dpr = window.devicePixelRatio || 1;
    if (this.atlas?.palette !== palette || this.atlas.dpr !== dpr)
      this.atlas = { palette, dpr, sprites: buildSpriteAtlas(palette, dpr, palette.state.length) };
    return this.atlas.sprites;
  }
}
