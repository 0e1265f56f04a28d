import { FleetPositions } from '../../../../src/renderer/src/features/map/fleet-positions';
import { mercatorX, mercatorY } from '../../../../src/renderer/src/features/map/interpolation';
import { MARKER_PALETTE } from '../../../../src/renderer/src/features/map/map-palette';
import type { FrameDelta } from '../../../../src/renderer/src/features/map/marker-compositor';
import { MarkerFrame, type FrameView } from '../../../../src/renderer/src/features/map/marker-frame';
import { NO_OVERLAY } from '../../../../src/renderer/src/features/map/marker-overlay';
import { PagePainter, type MarkerPainter } from '../../../../src/renderer/src/features/map/marker-painter';
import { WorkerPainter } from '../../../../src/renderer/src/features/map/worker-painter';
import type { LivePosition } from '../../../../src/shared/ipc';

/** What the harness found: each step's canvas against one painted whole, and how the steps handed pixels over. */
export interface PaintCheck {
  readonly steps: number;
  /** Steps after which the incrementally painted canvas differed from one painted whole. */
  readonly mismatches: string[];
  /** Which painter drew the incremental frames: the page's, or a worker's (read back through it). */
  readonly painter: 'page' | 'worker';
  /** Steps handed over in more than one box (the dirty tiles lay apart); not seen from the page when a worker paints. */
  readonly splitSteps: number | null;
  /** Pixels handed over by the incremental paints, and by as many whole canvases (null: as above). */
  readonly handedPx: number | null;
  readonly wholePx: number;
}

const query = new URLSearchParams(location.search);
const mode = query.get('painter') === 'worker' ? 'worker' : 'page';

const dpr = window.devicePixelRatio;
const W = 640;
const H = 400;
const scale = 256 * 2 ** 13;
// City zoom over Rotterdam: 640 × 400 CSS pixels, a crowd of 1,500 vehicles as dense as the national fleet's city.
const view: FrameView = {
  scale,
  ox: mercatorX(4.4) * scale - W / 2,
  oy: mercatorY(51.92) * scale - H / 2,
  width: W,
  height: H,
  dpr,
};
let seed = 11;
const rand = (): number => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const fixes: LivePosition[] = [];
for (let i = 0; i < 1500; i++) {
  const moving = rand() < 0.6;
  fixes.push({
    assetId: i + 1,
    lat: 51.92 + (rand() - 0.5) * 0.045,
    lon: 4.4 + (rand() - 0.5) * 0.11,
    speed: moving ? 40 : 0,
    course: Math.floor(rand() * 360),
    t: 0,
    state: moving ? 'moving' : 'stopped',
    ignition: moving,
  });
}
const classify = (p: LivePosition): number => (p.speed > 0 ? 0 : 2);
// The theme changes halfway: a worker is sent the palette only then, and must repaint every marker in it.
let palette = MARKER_PALETTE.dark;
const THEME_SWITCH_AT_MS = 800;
const shown = { x0: 0, y0: 0, x1: Math.round(W * dpr), y1: Math.round(H * dpr) };

function canvas(): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = Math.round(W * dpr);
  c.height = Math.round(H * dpr);
  document.body.append(c);
  return c;
}

/**
 * Markers only: the stacks' counts are redrawn clipped to the boxes handed over, and Skia antialiases a
 * path clipped so a few units off the same path drawn whole (at a count's soft edge, up to ~30 units of
 * alpha), on the page and in a worker alike, as it did before the worker (at the branch point, with real
 * counts, 2, 4, 8 … pixels off at the first steps). What must match exactly is the markers' pixels.
 */
const overlay = NO_OVERLAY;

async function run(): Promise<PaintCheck> {
  const positions = new FleetPositions();
  positions.apply(fixes, false, 0, classify);
  const live = new MarkerFrame();
  const el = canvas();
  let handedPx = 0;
  let calls = 0;
  let failure: string | null = null;
  let painter: MarkerPainter;
  if (mode === 'worker') {
    painter = new WorkerPainter(el, (reason) => (failure = reason));
  } else {
    const ctx = el.getContext('2d', { willReadFrequently: true })!;
    const put = ctx.putImageData.bind(ctx);
    ctx.putImageData = ((img: ImageData, dx: number, dy: number, ...dirty: number[]): void => {
      calls++;
      handedPx += dirty.length === 4 ? dirty[2]! * dirty[3]! : img.width * img.height;
      put(img, dx, dy, ...(dirty as [number, number, number, number]));
    }) as typeof ctx.putImageData;
    painter = new PagePainter(el);
  }
  const mismatches: string[] = [];
  let splitSteps = 0;
  let steps = 0;
  let wholePx = 0;
  const paint = (delta: FrameDelta): void => painter.frame(delta, overlay, palette, shown);
  live.locate(positions, 0, view);
  paint(live.takeDelta(view));
  // A batch every 100 ms moves a fiftieth of the crowd a few pixels (as the national fleet's city does); frames every 16 ms follow the glides.
  for (let now = 16; now <= 1600; now += 16) {
    if (now % 96 === 0) {
      const batch = fixes
        .filter((_, i) => (i + now) % 50 === 0)
        .map((p) => ({
          ...p,
          lat: p.lat + (rand() - 0.5) * 0.0008,
          lon: p.lon + (rand() - 0.5) * 0.0012,
          course: (p.course + 20) % 360,
        }));
      positions.apply(batch, true, now, classify);
    }
    const switched = now === THEME_SWITCH_AT_MS;
    if (switched) palette = MARKER_PALETTE.light;
    if (!live.locate(positions, now, view) && !switched) continue;
    calls = 0;
    paint(live.takeDelta(view));
    steps++;
    wholePx += shown.x1 * shown.y1;
    if (calls > 1) splitSteps++;
    const refCanvas = canvas();
    const whole = new MarkerFrame();
    const ref = new PagePainter(refCanvas);
    whole.locate(positions, now, view);
    ref.frame(whole.takeDelta(view), overlay, palette, shown);
    const [got, want] = await Promise.all([painter.pixels(), ref.pixels()]);
    if (failure) throw new Error(`the worker failed: ${failure}`);
    const a = new Uint32Array(got.data.buffer, got.data.byteOffset, got.data.length / 4);
    const b = new Uint32Array(want.data.buffer, want.data.byteOffset, want.data.length / 4);
    let diff = Math.abs(a.length - b.length);
    for (let k = 0; k < Math.min(a.length, b.length); k++) if (a[k] !== b[k]) diff++;
    if (diff > 0) mismatches.push(`${now} ms: ${diff} pixels`);
    refCanvas.remove();
    if (steps % 8 === 0) await new Promise((r) => requestAnimationFrame(r));
  }
  painter.dispose();
  const page = mode === 'page';
  return {
    steps,
    mismatches,
    painter: mode,
    splitSteps: page ? splitSteps : null,
    handedPx: page ? handedPx : null,
    wholePx,
  };
}

run().then(
  (r) => Object.assign(window, { paintCheck: r }),
  (e: unknown) => Object.assign(window, { paintCheck: { error: String(e) } }),
);
