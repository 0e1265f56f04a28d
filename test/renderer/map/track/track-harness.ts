import { drawSpeedTrack, type ProjectedTrack } from '../../../../src/renderer/src/features/map/speed-track';
import { StrokeCoverage } from '../../../../src/renderer/src/features/map/stroke-coverage';

/** A track drawn with every segment and with overdraw culling: what each stroked, and how the pictures differ. */
export interface OverdrawResult {
  readonly points: number;
  readonly strokedAll: number;
  readonly strokedCulled: number;
  /** Pixels clearly coloured (a channel more than a quarter of its range off white), with every segment / with culling. */
  readonly inkedAll: number;
  readonly inkedCulled: number;
  /** Pixels where a colour channel differs by more than a quarter of its range. */
  readonly changed: number;
}

const W = 800;
const H = 600;

function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** A van's month: one round of 40 stops driven 25 times, each pass sampled afresh with a little GPS noise. */
function repeatedRoute(): ProjectedTrack {
  const rand = seeded(7);
  const stops: [number, number][] = [];
  for (let i = 0; i < 40; i++) stops.push([100 + rand() * 600, 100 + rand() * 400]);
  const x: number[] = [];
  const y: number[] = [];
  const band: number[] = [];
  for (let pass = 0; pass < 25; pass++) {
    for (let i = 0; i < stops.length; i++) {
      const [ax, ay] = stops[i]!;
      const [bx, by] = stops[(i + 1) % stops.length]!;
      const length = Math.hypot(bx - ax, by - ay);
      const speedBand = i % 4;
      for (let d = 0; d < length; d += 0.5 + rand() * 2.5) {
        x.push(ax + ((bx - ax) * d) / length + (rand() - 0.5) * 0.4);
        y.push(ay + ((by - ay) * d) / length + (rand() - 0.5) * 0.4);
        band.push(speedBand);
      }
    }
  }
  return { x: Float64Array.from(x), y: Float64Array.from(y), band: Uint8Array.from(band) };
}

/** A spiral: no road driven twice, so nothing may be culled. */
function spiral(): ProjectedTrack {
  const n = 20_000;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const band = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const a = i / 200;
    const r = 20 + a * 8;
    x[i] = W / 2 + r * Math.cos(a);
    y[i] = H / 2 + r * Math.sin(a);
    band[i] = Math.floor(i / 1500) % 7;
  }
  return { x, y, band };
}

function draw(
  track: ProjectedTrack,
  coverage?: StrokeCoverage,
): { stroked: number; pixels: Uint8ClampedArray } {
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, W, H);
  coverage?.reset(W, H);
  const { stroked } = drawSpeedTrack(ctx, track, 1, 0, 0, 3.5, coverage);
  return { stroked, pixels: ctx.getImageData(0, 0, W, H).data };
}

function compare(track: ProjectedTrack): OverdrawResult {
  const all = draw(track);
  const culled = draw(track, new StrokeCoverage());
  const inked = (p: Uint8ClampedArray, i: number): boolean =>
    p[i]! < 191 || p[i + 1]! < 191 || p[i + 2]! < 191;
  let inkedAll = 0;
  let inkedCulled = 0;
  let changed = 0;
  for (let i = 0; i < all.pixels.length; i += 4) {
    if (inked(all.pixels, i)) inkedAll++;
    if (inked(culled.pixels, i)) inkedCulled++;
    let d = 0;
    for (let c = 0; c < 3; c++) d = Math.max(d, Math.abs(all.pixels[i + c]! - culled.pixels[i + c]!));
    if (d > 64) changed++;
  }
  return {
    points: track.x.length,
    strokedAll: all.stroked,
    strokedCulled: culled.stroked,
    inkedAll,
    inkedCulled,
    changed,
  };
}

Object.assign(window, { overdraw: { repeated: compare(repeatedRoute()), once: compare(spiral()) } });
