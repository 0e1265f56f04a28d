import type { PixelRect } from './dirty-tiles';
import type { ClusteredFrame, FrameDelta } from './marker-compositor';
import type { Palette } from './marker-drawing';
import type { MarkerOverlay } from './marker-overlay';
import type { CanvasPixels, MarkerPainter } from './marker-painter';
import { fromPainterSchema } from './paint-messages';

/** What the page posts (the worker parses it with paint-messages.ts's toPainterSchema). */
type Request =
  | { readonly kind: 'canvas'; readonly canvas: OffscreenCanvas }
  | { readonly kind: 'palette'; readonly palette: Palette }
  | {
      readonly kind: 'frame';
      readonly delta: FrameDelta;
      readonly overlay: MarkerOverlay;
      readonly shown: PixelRect;
    }
  | { readonly kind: 'clustered'; readonly frame: ClusteredFrame; readonly overlay: MarkerOverlay }
  | { readonly kind: 'pixels'; readonly id: number };

/** Whether this page can hand a canvas to a worker (Chromium can; happy-dom cannot). */
export function canPaintInWorker(canvas: HTMLCanvasElement): boolean {
  return typeof Worker !== 'undefined' && typeof canvas.transferControlToOffscreen === 'function';
}

/**
 * Paints in a worker that owns the canvas (fleet-paint.worker.ts). The page posts each frame's delta and
 * overlay and goes on; the worker's own commit of the canvas is off the page's frame. A worker that fails
 * (an error, an unreadable message either way) is ended and reported once through `onFailure`: the canvas
 * it held can no longer be drawn from the page, so the layer puts a new one in its place.
 */
export class WorkerPainter implements MarkerPainter {
  readonly mode = 'worker';
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve(p: CanvasPixels): void; reject(e: Error): void }>();
  private nextId = 1;
  private ended = false;
  private palette: Palette | null = null;

  constructor(
    canvas: HTMLCanvasElement,
    private readonly onFailure: (reason: string) => void,
  ) {
    const offscreen = canvas.transferControlToOffscreen();
    this.worker = new Worker(new URL('./fleet-paint.worker.ts', import.meta.url), { type: 'module' });
    this.worker.addEventListener('message', (e: MessageEvent<unknown>) => this.onMessage(e.data));
    this.worker.addEventListener('error', (e) => this.fail(`worker error: ${e.message || 'failed to load'}`));
    this.worker.addEventListener('messageerror', () =>
      this.fail('a message from the worker could not be read'),
    );
    this.post({ kind: 'canvas', canvas: offscreen }, [offscreen]);
  }

  frame(delta: FrameDelta, overlay: MarkerOverlay, palette: Palette, shown: PixelRect): void {
    this.usePalette(palette);
    this.post({ kind: 'frame', delta, overlay, shown }, [delta.changes.buffer]);
  }

  clustered(frame: ClusteredFrame, overlay: MarkerOverlay, palette: Palette): void {
    this.usePalette(palette);
    this.post({ kind: 'clustered', frame, overlay });
  }

  pixels(): Promise<CanvasPixels> {
    if (this.ended) return Promise.reject(new Error('the painting worker has ended'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.post({ kind: 'pixels', id });
    });
  }

  dispose(): void {
    this.ended = true;
    this.worker.terminate();
    for (const w of this.waiting.values()) w.reject(new Error('the painting worker has ended'));
    this.waiting.clear();
  }

  /**
   * Posts the palette when it is another object than the last one posted (the layer keeps one until the
   * theme changes): a copy with every frame would be parsed, and compared by value, at every frame.
   */
  private usePalette(palette: Palette): void {
    if (palette === this.palette) return;
    this.palette = palette;
    this.post({ kind: 'palette', palette });
  }

  private post(msg: Request, transfer: Transferable[] = []): void {
    if (!this.ended) this.worker.postMessage(msg, transfer);
  }

  private onMessage(data: unknown): void {
    const parsed = fromPainterSchema.safeParse(data);
    if (!parsed.success) {
      this.fail(`unreadable message from the worker: ${parsed.error.issues[0]?.message ?? ''}`);
      return;
    }
    const msg = parsed.data;
    if (msg.kind === 'failed') {
      this.fail(msg.message);
      return;
    }
    const w = this.waiting.get(msg.id);
    this.waiting.delete(msg.id);
    w?.resolve(msg);
  }

  private fail(reason: string): void {
    if (this.ended) return;
    this.dispose();
    this.onFailure(reason);
  }
}
