import { MarkerCompositor } from './marker-compositor';
import type { Palette } from './marker-drawing';
import { toPainterSchema, type FromPainter } from './paint-messages';

/**
 * Paints the fleet's canvas off the page's thread (docs/architecture.md "The renderer"): the page sends
 * what changed (moved markers, the overlay), this composes the pixels and hands them to the canvas it was
 * given (transferControlToOffscreen), so neither the compose nor Chromium's copy of the changed canvas
 * lands in the page's frame.
 */

/** The little of a dedicated worker's global scope used here (the renderer compiles with the DOM library). */
interface WorkerScope {
  addEventListener(type: 'message', listener: (e: MessageEvent<unknown>) => void): void;
  postMessage(message: FromPainter, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
const compositor = new MarkerCompositor();
let ctx: OffscreenCanvasRenderingContext2D | null = null;
/** The page posts it before its first frame and again only when it changes. */
let palette: Palette | null = null;
let failed = false;

function fail(message: string): void {
  if (failed) return;
  failed = true;
  scope.postMessage({ kind: 'failed', message });
}

scope.addEventListener('message', (e) => {
  if (failed) return;
  const parsed = toPainterSchema.safeParse(e.data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    fail(`unreadable message: ${issues.join('; ')}`);
    return;
  }
  const msg = parsed.data;
  try {
    if (msg.kind === 'canvas') {
      ctx = msg.canvas.getContext('2d');
      if (!ctx) fail('the canvas gave no 2d context');
      return;
    }
    if (msg.kind === 'palette') {
      palette = msg.palette;
      return;
    }
    if (!ctx) {
      fail(`${msg.kind} before the canvas`);
      return;
    }
    if (msg.kind === 'pixels') {
      const { width, height } = ctx.canvas;
      const data =
        width > 0 && height > 0 ? ctx.getImageData(0, 0, width, height).data : new Uint8ClampedArray(0);
      scope.postMessage({ kind: 'pixels', id: msg.id, width, height, data }, [data.buffer]);
      return;
    }
    if (!palette) {
      fail(`${msg.kind} before the palette`);
      return;
    }
    if (msg.kind === 'frame') compositor.frame(ctx, msg.delta, msg.overlay, palette, msg.shown);
    else compositor.clustered(ctx, msg.frame, msg.overlay, palette);
  } catch (err) {
    fail(err instanceof Error ? `${err.name}: ${err.message}` : String(err));
  }
});
