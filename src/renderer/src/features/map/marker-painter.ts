import type { PixelRect } from './dirty-tiles';
import { MarkerCompositor, type ClusteredFrame, type FrameDelta } from './marker-compositor';
import type { Palette } from './marker-drawing';
import type { MarkerOverlay } from './marker-overlay';

/** The fleet canvas's pixels as last painted. */
export interface CanvasPixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

/**
 * Whatever paints the fleet's canvas from the frames the layer finds: a worker that owns the canvas
 * (worker-painter.ts), or the page itself where there is no OffscreenCanvas (happy-dom) or the worker
 * failed. Both run the same MarkerCompositor.
 */
export interface MarkerPainter {
  /** Where the painting happens: for benches and diagnostics. */
  readonly mode: 'worker' | 'page';
  frame(delta: FrameDelta, overlay: MarkerOverlay, palette: Palette, shown: PixelRect): void;
  clustered(frame: ClusteredFrame, overlay: MarkerOverlay, palette: Palette): void;
  /** The pixels as of every frame sent before (tests and the pan check: a worker's canvas cannot be read from the page). */
  pixels(): Promise<CanvasPixels>;
  dispose(): void;
}

/** Paints on the page's thread, into the canvas element's own context. */
export class PagePainter implements MarkerPainter {
  readonly mode = 'page';
  private readonly compositor = new MarkerCompositor();
  private readonly ctx: CanvasRenderingContext2D | null;

  constructor(canvas: HTMLCanvasElement) {
    this.ctx = canvas.getContext('2d');
  }

  frame(delta: FrameDelta, overlay: MarkerOverlay, palette: Palette, shown: PixelRect): void {
    if (this.ctx) this.compositor.frame(this.ctx, delta, overlay, palette, shown);
  }

  clustered(frame: ClusteredFrame, overlay: MarkerOverlay, palette: Palette): void {
    if (this.ctx) this.compositor.clustered(this.ctx, frame, overlay, palette);
  }

  pixels(): Promise<CanvasPixels> {
    const c = this.ctx?.canvas;
    if (!this.ctx || !c || c.width === 0 || c.height === 0)
      return Promise.resolve({
        width: c?.width ?? 0,
        height: c?.height ?? 0,
        data: new Uint8ClampedArray(0),
      });
    return Promise.resolve(this.ctx.getImageData(0, 0, c.width, c.height));
  }

  dispose(): void {}
}
