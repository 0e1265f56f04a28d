/**
 * Whether a ring of points is a simple polygon (no edge crosses or touches another but its neighbours).
 * Shared by the service (a 400 on a bad geofence), the core (geofences kept on this computer and read from
 * a service) and the renderer (the drawing tool refuses before sending).
 *
 * A Shamos–Hoey sweep (Shamos and Hoey, "Geometric intersection problems", FOCS 1976): edges enter an
 * ordered list as the sweep line meets their left ends and leave at their right ends, and only edges that
 * become next to each other in it are tested. The first crossing, leftmost, is always between two such
 * edges, so a ring of n edges costs n log n comparisons and at most 3n edge tests, where testing every pair
 * whose boxes overlap cost up to ~50 million tests for a legal outline of long, overlapping edges at the
 * 10,000-point limit (docs/service-interface.md §4.3). The list is a plain array: an insertion or removal
 * moves at most n pointers. Measured at 10,000 points: 15–18 ms for such outlines, where testing the pairs
 * took 150–500 ms, and ~6 ms for a round one (1–2 ms before: most of it is now the sort).
 */
export interface PlanePoint {
  readonly latitude: number;
  readonly longitude: number;
}

/** An edge from its left end (smaller x, then smaller y) to its right end; `i` is edge i → i+1 of the ring. */
interface Edge {
  readonly i: number;
  /** Whether the ring's point i is the left end (else point i + 1 is). */
  readonly leftFirst: boolean;
  readonly lx: number;
  readonly ly: number;
  readonly rx: number;
  readonly ry: number;
}

const orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number => {
  const v = (by - ay) * (cx - bx) - (bx - ax) * (cy - by);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
};

const onSegment = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean =>
  Math.min(ax, cx) <= bx && bx <= Math.max(ax, cx) && Math.min(ay, cy) <= by && by <= Math.max(ay, cy);

/** Whether two edges share any point: a crossing, an end on the other edge, or a collinear overlap. */
function edgesMeet(e: Edge, f: Edge): boolean {
  const o1 = orient(e.lx, e.ly, e.rx, e.ry, f.lx, f.ly);
  const o2 = orient(e.lx, e.ly, e.rx, e.ry, f.rx, f.ry);
  const o3 = orient(f.lx, f.ly, f.rx, f.ry, e.lx, e.ly);
  const o4 = orient(f.lx, f.ly, f.rx, f.ry, e.rx, e.ry);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(e.lx, e.ly, f.lx, f.ly, e.rx, e.ry)) ||
    (o2 === 0 && onSegment(e.lx, e.ly, f.rx, f.ry, e.rx, e.ry)) ||
    (o3 === 0 && onSegment(f.lx, f.ly, e.lx, e.ly, f.rx, f.ry)) ||
    (o4 === 0 && onSegment(f.lx, f.ly, e.rx, e.ry, f.rx, f.ry))
  );
}

/**
 * Events are ordered by x and then y, as if the sweep line were turned a hair clockwise: a vertical edge
 * then runs up and ever so slightly right, steeper than any other, and where the sweep line meets it is the
 * event's own point for as long as it is in the list.
 */
const vertical = (e: Edge): boolean => e.lx === e.rx;

/** Which side of non-vertical edge t the point (x, y) lies: 1 above, -1 below, 0 on its line. */
const sideOf = (t: Edge, x: number, y: number): number =>
  // orient() is negative for a point to the left of the left-to-right edge: above it.
  -orient(t.lx, t.ly, t.rx, t.ry, x, y);

/** Whether edge s, entering at its left end, goes above edge t already in the list. */
function above(s: Edge, t: Edge): boolean {
  // A vertical edge in the list passes through the point s enters at (they touch) and is the steeper.
  if (vertical(t)) return false;
  const side = sideOf(t, s.lx, s.ly);
  if (side !== 0) return side > 0;
  // s starts on t's line: it is above where it goes above (collinear: either way, they overlap).
  return vertical(s) || sideOf(t, s.rx, s.ry) >= 0;
}

/** The ring's index of an event's point. */
function pointOf(edges: readonly Edge[], event: number, n: number): number {
  const e = edges[event >> 1]!;
  return ((event & 1) === 0) === e.leftFirst ? e.i : (e.i + 1) % n;
}

/** What is wrong with the ring, in words for a form; null when it is a simple polygon. */
export function polygonProblem(points: readonly PlanePoint[]): string | null {
  const n = points.length;
  if (n < 3) return 'a polygon needs at least 3 points';
  const edges: Edge[] = [];
  for (let i = 0; i < n; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % n]!;
    if (a.latitude === b.latitude && a.longitude === b.longitude)
      return `points ${i + 1} and ${((i + 1) % n) + 1} are the same`;
    const leftFirst = a.longitude < b.longitude || (a.longitude === b.longitude && a.latitude < b.latitude);
    const l = leftFirst ? a : b;
    const r = leftFirst ? b : a;
    edges.push({ i, lx: l.longitude, ly: l.latitude, rx: r.longitude, ry: r.latitude, leftFirst });
  }
  // Neighbours share their vertex and nothing more: one folding back along the other is no outline either.
  for (let i = 0; i < n; i++) {
    const a = points[(i + n - 1) % n]!;
    const v = points[i]!;
    const b = points[(i + 1) % n]!;
    const vx = v.longitude;
    const vy = v.latitude;
    if (
      orient(a.longitude, a.latitude, vx, vy, b.longitude, b.latitude) === 0 &&
      (a.longitude - vx) * (b.longitude - vx) + (a.latitude - vy) * (b.latitude - vy) > 0
    )
      return `the outline doubles back on itself at point ${i + 1}`;
  }
  const neighbours = (e: Edge, f: Edge): boolean => {
    const gap = Math.abs(e.i - f.i);
    return gap === 1 || gap === n - 1;
  };
  const crossing = (e: Edge | undefined, f: Edge | undefined): string | null =>
    e && f && !neighbours(e, f) && edgesMeet(e, f)
      ? `the outline crosses itself (edges ${Math.min(e.i, f.i) + 1} and ${Math.max(e.i, f.i) + 1})`
      : null;

  // Each edge's two ends as events (2i its left, 2i + 1 its right): by x, then y; at one point an edge
  // leaves before another enters.
  const ex = new Float64Array(2 * n);
  const ey = new Float64Array(2 * n);
  const events: number[] = new Array<number>(2 * n);
  for (const e of edges) {
    ex[2 * e.i] = e.lx;
    ey[2 * e.i] = e.ly;
    ex[2 * e.i + 1] = e.rx;
    ey[2 * e.i + 1] = e.ry;
    events[2 * e.i] = 2 * e.i;
    events[2 * e.i + 1] = 2 * e.i + 1;
  }
  events.sort((a, b) => ex[a]! - ex[b]! || ey[a]! - ey[b]! || (b & 1) - (a & 1));
  // Only neighbours share an end: a point with more than its own two edges' ends is visited twice.
  for (let k = 2; k < events.length; k++) {
    const a = events[k - 2]!;
    const b = events[k]!;
    if (ex[a] === ex[b] && ey[a] === ey[b]) {
      const same = new Set<number>();
      for (let j = k - 2; j < events.length && ex[events[j]!] === ex[a] && ey[events[j]!] === ey[a]; j++)
        same.add(pointOf(edges, events[j]!, n));
      const [p, q] = [...same].sort((x, y) => x - y);
      return `points ${p! + 1} and ${q! + 1} are the same`;
    }
  }

  const sweep: Edge[] = [];
  for (const k of events) {
    const e = edges[k >> 1]!;
    if (k & 1) {
      const at = sweep.indexOf(e);
      sweep.splice(at, 1);
      const problem = crossing(sweep[at - 1], sweep[at]);
      if (problem) return problem;
    } else {
      let lo = 0;
      let hi = sweep.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (above(e, sweep[mid]!)) lo = mid + 1;
        else hi = mid;
      }
      sweep.splice(lo, 0, e);
      const problem = crossing(e, sweep[lo - 1]) ?? crossing(e, sweep[lo + 1]);
      if (problem) return problem;
    }
  }
  return null;
}
