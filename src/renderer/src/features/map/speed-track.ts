import { mercatorX, mercatorY } from './interpolation';
import { SPEED_BANDS, speedBand } from './speed-scale';
import { simplifyTrack } from './track-simplify';
import type { StrokeCoverage } from './stroke-coverage';

export interface TrackColumns {
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  readonly speed: Float32Array;
}

/** Projected once per track (Web Mercator unit square), reused for every redraw at any zoom. */
export interface ProjectedTrack {
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly band: Uint8Array;
}

export function projectTrack(cols: TrackColumns): ProjectedTrack {
  const n = cols.lat.length;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const band = new Uint8Array(n);
  // A parked tracker repeats its fix every few seconds: a repeated latitude or speed reuses the last
  // result, which skips most of a month's sines and logarithms (the Mercator y is the projection's cost).
  let lastLat = Number.NaN;
  let lastY = Number.NaN;
  let lastSpeed = Number.NaN;
  let lastBand = 0;
  for (let i = 0; i < n; i++) {
    x[i] = mercatorX(cols.lon[i]!);
    const lat = cols.lat[i]!;
    if (lat !== lastLat) {
      lastLat = lat;
      lastY = mercatorY(lat);
    }
    y[i] = lastY;
    const speed = cols.speed[i]!;
    if (speed !== lastSpeed) {
      lastSpeed = speed;
      lastBand = speedBand(speed);
    }
    band[i] = lastBand;
  }
  return { x, y, band };
}

/** Points closer than this on screen add nothing visible; skipping them keeps 30 days under a frame budget. */
const MIN_STEP_PX = 1.5;
/** Then vertices within this of the line kept in their place (track-simplify.ts): the same pixels, far fewer to rasterize. */
const SIMPLIFY_PX = 0.25;

/** What one draw stroked: the vertices left after thinning, and the segments between them not culled. */
export interface TrackDrawn {
  readonly kept: number;
  readonly stroked: number;
}

/**
 * Draws a track coloured by speed band: one path per band, segments shorter
 * than MIN_STEP_PX merged into the next, then simplified to SIMPLIFY_PX, and with `coverage` only the
 * segments that add a pixel to what it has seen drawn (stroke-coverage.ts). scale = 256·2^zoom; (ox, oy)
 * is the world pixel at the canvas's top-left.
 */
export function drawSpeedTrack(
  ctx: CanvasRenderingContext2D,
  track: ProjectedTrack,
  scale: number,
  ox: number,
  oy: number,
  lineWidth = 3,
  coverage?: StrokeCoverage,
): TrackDrawn {
  const { x, y, band } = track;
  const n = x.length;
  if (n < 2) return { kept: n, stroked: 0 };
  // One pass projects and thins; each band then walks only the kept points.
  const sx = new Float32Array(n);
  const sy = new Float32Array(n);
  const sb = new Uint8Array(n);
  const min2 = MIN_STEP_PX * MIN_STEP_PX;
  let kept = 0;
  let px = Infinity;
  let py = Infinity;
  for (let i = 0; i < n; i++) {
    const cx = x[i]! * scale - ox;
    const cy = y[i]! * scale - oy;
    const dx = cx - px;
    const dy = cy - py;
    if (dx * dx + dy * dy < min2 && i < n - 1) continue;
    sx[kept] = cx;
    sy[kept] = cy;
    sb[kept] = band[i]!;
    kept++;
    px = cx;
    py = cy;
  }
  kept = simplifyTrack(sx, sy, sb, kept, SIMPLIFY_PX);
  // Segment k runs from vertex k-1 to k; decided in the track's order, before the bands split it.
  const stroke = new Uint8Array(kept);
  let stroked = 0;
  for (let k = 1; k < kept; k++) {
    if (coverage && !coverage.claim(sx[k - 1]!, sy[k - 1]!, sx[k]!, sy[k]!, sb[k]!)) continue;
    stroke[k] = 1;
    stroked++;
  }
  ctx.lineWidth = lineWidth;
  // Bevel joins: round ones cost a software rasteriser several times more and look the same at 2–3 px.
  ctx.lineCap = 'butt';
  ctx.lineJoin = 'bevel';
  for (let b = 0; b < SPEED_BANDS.length; b++) {
    ctx.beginPath();
    let open = false;
    for (let k = 1; k < kept; k++) {
      if (sb[k] !== b || stroke[k] === 0) {
        open = false;
        continue;
      }
      if (!open) ctx.moveTo(sx[k - 1]!, sy[k - 1]!);
      ctx.lineTo(sx[k]!, sy[k]!);
      open = true;
    }
    ctx.strokeStyle = SPEED_BANDS[b]!.colour;
    ctx.stroke();
  }
  return { kept, stroked };
}
