/** [lat, lon] rounded to ~1 m: what the page draws. */
export type TrackPoint = readonly [number, number];

const M_PER_DEG_LAT = 111_320;

/**
 * Ramer–Douglas–Peucker on a local flat projection (fine at city scale), then
 * a stride cap: a day of 10 s fixes (8,640 points) becomes a few hundred that
 * look the same on a phone, and the page stays small.
 */
export function thinTrack(points: readonly TrackPoint[], toleranceM = 8, maxPoints = 600): TrackPoint[] {
  if (points.length <= 2) return points.map(round);
  const first = points[0]!;
  const kx = M_PER_DEG_LAT * Math.cos((first[0] * Math.PI) / 180);
  const n = points.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    xs[i] = (points[i]![1] - first[1]) * kx;
    ys[i] = (points[i]![0] - first[0]) * M_PER_DEG_LAT;
  }
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const tol2 = toleranceM * toleranceM;
  const stack: number[] = [0, n - 1];
  while (stack.length > 0) {
    const b = stack.pop()!;
    const a = stack.pop()!;
    const ax = xs[a]!;
    const ay = ys[a]!;
    const dx = xs[b]! - ax;
    const dy = ys[b]! - ay;
    const len2 = dx * dx + dy * dy;
    let worst = -1;
    let worstD2 = tol2;
    // Squared distances: Math.hypot in this loop made a day of fixes take ~200 ms.
    for (let i = a + 1; i < b; i++) {
      const px = xs[i]! - ax;
      const py = ys[i]! - ay;
      const u = len2 === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / len2));
      const ex = px - u * dx;
      const ey = py - u * dy;
      const d2 = ex * ex + ey * ey;
      if (d2 > worstD2) {
        worstD2 = d2;
        worst = i;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push(a, worst, worst, b);
    }
  }
  let kept = points.filter((_, i) => keep[i] === 1);
  if (kept.length > maxPoints) {
    const step = kept.length / (maxPoints - 1);
    const last = kept[kept.length - 1]!;
    kept = Array.from({ length: maxPoints - 1 }, (_, i) => kept[Math.floor(i * step)]!);
    kept.push(last);
  }
  return kept.map(round);
}

const round = ([lat, lon]: TrackPoint): TrackPoint => [
  Math.round(lat * 1e5) / 1e5,
  Math.round(lon * 1e5) / 1e5,
];
