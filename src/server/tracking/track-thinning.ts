import { farthestFromSegment } from '../../shared/geo/farthest-from-segment';

/** [lat, lon] rounded to ~1 m: what the page draws. */
export type TrackPoint = readonly [number, number];

const M_PER_DEG_LAT = 111_320;

/** A stretch of the track between two kept points, and its worst-fitting point in between. */
interface Span {
  readonly a: number;
  readonly b: number;
  readonly worst: number;
  readonly worstD2: number;
}

/**
 * Ramer–Douglas–Peucker on a local flat projection (fine at city scale), the
 * worst-fitting span split first: a day of 10 s fixes (8,640 points) becomes
 * a few hundred that look the same on a phone, and the page stays small. When
 * the tolerance would need more than `maxPoints`, the budget goes to the
 * points that matter most, so the line stays as close as that many points
 * allow (a plain stride cap once drew a busy day 170 m off its roads).
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
  const span = (a: number, b: number): Span => {
    const f = farthestFromSegment(xs, ys, a, b);
    return { a, b, worst: f.index, worstD2: f.d2 };
  };

  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  let kept = 2;
  const tol2 = toleranceM * toleranceM;
  const queue = new SpanQueue();
  queue.push(span(0, n - 1));
  for (let s = queue.pop(); s && s.worstD2 > tol2 && kept < Math.max(2, maxPoints); s = queue.pop()) {
    keep[s.worst] = 1;
    kept++;
    if (s.worst - s.a > 1) queue.push(span(s.a, s.worst));
    if (s.b - s.worst > 1) queue.push(span(s.worst, s.b));
  }
  return points.filter((_, i) => keep[i] === 1).map(round);
}

/** A binary max-heap of spans by their worst distance. */
class SpanQueue {
  private readonly heap: Span[] = [];

  push(s: Span): void {
    const h = this.heap;
    h.push(s);
    for (let i = h.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (h[parent]!.worstD2 >= h[i]!.worstD2) break;
      [h[parent], h[i]] = [h[i]!, h[parent]!];
      i = parent;
    }
  }

  pop(): Span | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last) {
      h[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let largest = i;
        if (l < h.length && h[l]!.worstD2 > h[largest]!.worstD2) largest = l;
        if (r < h.length && h[r]!.worstD2 > h[largest]!.worstD2) largest = r;
        if (largest === i) break;
        [h[largest], h[i]] = [h[i]!, h[largest]!];
        i = largest;
      }
    }
    return top;
  }
}

const round = ([lat, lon]: TrackPoint): TrackPoint => [
  Math.round(lat * 1e5) / 1e5,
  Math.round(lon * 1e5) / 1e5,
];
