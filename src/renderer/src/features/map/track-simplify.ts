import { farthestFromSegment } from '../../../../shared/geo/farthest-from-segment';

/**
 * Douglas–Peucker on a track already projected to canvas pixels: drops every vertex that lies within
 * `tolerance` pixels of the line kept in its place. A 30-day track fitted to the screen has tens of
 * thousands of vertices one to two pixels apart along straight roads; Chromium rasterizes a stroked
 * path in time with its vertices (software rendering: 120–140 ms for the 65,755 of a month against
 * 50–70 ms for the 26,128 left at a quarter pixel, with the same pixels but for a few hundred edge ones).
 */

/** Spans longer than this are cut, so a pathological track (every split at an end) stays O(n · MAX_SPAN). */
const MAX_SPAN = 512;

/**
 * Simplifies the first `count` vertices of (x, y) in place and returns how many are kept. `band[k]`
 * colours the segment that ends at vertex k, so the last vertex of every band's run is kept and a
 * dropped vertex never changes a segment's colour; the first and last vertices are kept too.
 */
export function simplifyTrack(
  x: Float32Array,
  y: Float32Array,
  band: Uint8Array,
  count: number,
  tolerance: number,
): number {
  if (count < 3) return count;
  const keep = new Uint8Array(count);
  keep[0] = 1;
  keep[count - 1] = 1;
  let since = 0;
  for (let k = 1; k < count - 1; k++) {
    if (band[k] !== band[k + 1] || ++since >= MAX_SPAN) {
      keep[k] = 1;
      since = 0;
    }
  }
  const tol2 = tolerance * tolerance;
  const stack: number[] = [];
  let anchor = 0;
  for (let k = 1; k < count; k++) {
    if (!keep[k]) continue;
    stack.push(anchor, k);
    anchor = k;
  }
  while (stack.length > 0) {
    const j = stack.pop()!;
    const i = stack.pop()!;
    if (j - i < 2) continue;
    const { index: worst, d2 } = farthestFromSegment(x, y, i, j);
    if (d2 <= tol2) continue;
    keep[worst] = 1;
    stack.push(i, worst, worst, j);
  }
  let m = 0;
  for (let k = 0; k < count; k++) {
    if (!keep[k]) continue;
    x[m] = x[k]!;
    y[m] = y[k]!;
    band[m] = band[k]!;
    m++;
  }
  return m;
}
