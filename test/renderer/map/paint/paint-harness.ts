import { FleetPositions } from '../../../../src/renderer/src/features/map/fleet-positions';
import { mercatorX, mercatorY } from '../../../../src/renderer/src/features/map/interpolation';
import { MARKER_PALETTE } from '../../../../src/renderer/src/features/map/map-palette';
import {
  MarkerFrame,
  type CssBox,
  type FrameView,
} from '../../../../src/renderer/src/features/map/marker-frame';
import type { LivePosition } from '../../../../src/shared/ipc';

/** What the harness found: each step's canvas against one painted whole, and how the steps handed pixels over. */
export interface PaintCheck {
  readonly steps: number;
  /** Steps after which the incrementally painted canvas differed from one painted whole. */
  readonly mismatches: string[];
  /** Steps handed over in more than one box (the dirty tiles lay apart). */
  readonly splitSteps: number;
  /** Pixels handed over by the incremental paints, and by as many whole canvases. */
  readonly handedPx: number;
  readonly wholePx: number;
}

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
const palette = MARKER_PALETTE.dark;
const shown = { x0: 0, y0: 0, x1: Math.round(W * dpr), y1: Math.round(H * dpr) };

function canvas(): CanvasRenderingContext2D {
  const c = document.createElement('canvas');
  c.width = Math.round(W * dpr);
  c.height = Math.round(H * dpr);
  document.body.append(c);
  const ctx = c.getContext('2d', { willReadFrequently: true })!;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  return ctx;
}

/** Semi-transparent squares over fixed spots, as the stacks' counts are: drawn twice over a pixel, they darken it. */
const SPOTS = Array.from({ length: 40 }, (_, k) => [(k * 97) % (W - 20), (k * 61) % (H - 20)] as const);
const decorate = (ctx: CanvasRenderingContext2D, regions: readonly CssBox[] | null): void => {
  ctx.save();
  if (regions) {
    ctx.beginPath();
    for (const r of regions) ctx.rect(r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0);
    ctx.clip();
  }
  ctx.fillStyle = 'rgba(255, 200, 0, 0.5)';
  for (const [x, y] of SPOTS) ctx.fillRect(x, y, 14, 10);
  ctx.restore();
};

async function run(): Promise<PaintCheck> {
  const positions = new FleetPositions();
  positions.apply(fixes, false, 0, classify);
  const live = new MarkerFrame();
  const ctx = canvas();
  let handedPx = 0;
  let calls = 0;
  const put = ctx.putImageData.bind(ctx);
  ctx.putImageData = ((img: ImageData, dx: number, dy: number, ...dirty: number[]): void => {
    calls++;
    handedPx += dirty.length === 4 ? dirty[2]! * dirty[3]! : img.width * img.height;
    put(img, dx, dy, ...(dirty as [number, number, number, number]));
  }) as typeof ctx.putImageData;
  const extras = { labels: false, decorate };
  const mismatches: string[] = [];
  let splitSteps = 0;
  let steps = 0;
  let wholePx = 0;
  live.locate(positions, 0, view);
  live.paint(ctx, positions, extras, palette, String, undefined, 0, view, shown);
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
    if (!live.locate(positions, now, view)) continue;
    calls = 0;
    live.paint(ctx, positions, extras, palette, String, undefined, now, view, shown);
    steps++;
    wholePx += shown.x1 * shown.y1;
    if (calls > 1) splitSteps++;
    const whole = new MarkerFrame();
    const ref = canvas();
    whole.locate(positions, now, view);
    whole.paint(ref, positions, extras, palette, String, undefined, now, view, shown);
    const a = new Uint32Array(ctx.getImageData(0, 0, shown.x1, shown.y1).data.buffer);
    const b = new Uint32Array(ref.getImageData(0, 0, shown.x1, shown.y1).data.buffer);
    let diff = 0;
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) diff++;
    if (diff > 0) mismatches.push(`${now} ms: ${diff} pixels`);
    ref.canvas.remove();
    if (steps % 8 === 0) await new Promise((r) => requestAnimationFrame(r));
  }
  return { steps, mismatches, splitSteps, handedPx, wholePx };
}

run().then(
  (r) => Object.assign(window, { paintCheck: r }),
  (e: unknown) => Object.assign(window, { paintCheck: { error: String(e) } }),
);
