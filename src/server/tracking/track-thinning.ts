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
  const xy = points.map(([lat, lon]) => [(lon - first[1]) * kx, (lat - first[0]) * M_PER_DEG_LAT] as const);
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = xy[a]!;
    const [bx, by] = xy[b]!;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    let worst = -1;
    let worstD = toleranceM;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = xy[i]!;
      const u = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
      const d = Math.hypot(px - (ax + u * dx), py - (ay + u * dy));
      if (d > worstD) {
        worstD = d;
        worst = i;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([a, worst], [worst, b]);
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
