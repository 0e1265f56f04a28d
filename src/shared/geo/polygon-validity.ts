/**
 * Whether a ring of points is a simple polygon (no edge crosses or touches another but its neighbours).
 * Shared by the service (a 400 on a bad geofence), the core (geofences kept on this computer and read from
 * a service) and the renderer (the drawing tool refuses before sending).
 *
 * A Shamos–Hoey sweep (Shamos and Hoey, "Geometric intersection problems", FOCS 1976): edges enter an
 * ordered list as the sweep line meets their left ends and leave at their right ends, and only edges that
 * become next to each other in it are tested. The first crossing, leftmost, is always between two such
 * edges, so a ring of n edges costs n log n comparisons and at most 3n edge tests, where testing every pair
 * whose boxes overlap cost ~50 million tests for a legal 10,000-point outline of long, overlapping edges
 * (the limit in docs/service-interface.md §4.3). The list is an array: inserting and removing move
 * pointers (memmove), which at 10,000 edges is cheaper than a balanced tree's bookkeeping.
 */
export interface PlanePoint {
  readonly latitude: number;
  readonly longitude: number;
}

/** An edge from its left end (smaller x, then smaller y) to its right end; `i` is edge i → i+1 of the ring. */
interface Edge {
  readonly i: number;
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

/** What is wrong with the ring, in words for a form; null when it is a simple polygon. */
export function polygonProblem(points: readonly PlanePoint[]): string | null {
  const n = points.length;
  if (n < 3) return 'a polygon needs at least 3 points';
  const edges: Edge[] = [];
  const firstAt = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % n]!;
    if (a.latitude === b.latitude && a.longitude === b.longitude)
      return `points ${i + 1} and ${((i + 1) % n) + 1} are the same`;
    // Only neighbours may share an end: a vertex visited twice is the outline touching itself.
    const key = `${a.longitude},${a.latitude}`;
    const seen = firstAt.get(key);
    if (seen !== undefined) return `points ${seen + 1} and ${i + 1} are the same`;
    firstAt.set(key, i);
    const leftFirst = a.longitude < b.longitude || (a.longitude === b.longitude && a.latitude < b.latitude);
    const [l, r] = leftFirst ? [a, b] : [b, a];
    edges.push({ i, lx: l.longitude, ly: l.latitude, rx: r.longitude, ry: r.latitude });
  }
  // Neighbours share their vertex and nothing more: one folding back along the other is no outline either.
  for (let i = 0; i < n; i++) {
    const a = points[(i + n - 1) % n]!;
    const v = points[i]!;
    const b = points[(i + 1) % n]!;
    const [ax, ay, vx, vy, bx, by] = [
      a.longitude,
      a.latitude,
      v.longitude,
      v.latitude,
      b.longitude,
      b.latitude,
    ];
    if (orient(ax, ay, vx, vy, bx, by) === 0 && (ax - vx) * (bx - vx) + (ay - vy) * (by - vy) > 0)
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

  // Each edge's two ends as events: by x, then y; at one point an edge leaves before another enters.
  const events = new Int32Array(2 * n);
  for (let k = 0; k < 2 * n; k++) events[k] = k;
  const xOf = (k: number): number => (k & 1 ? edges[k >> 1]!.rx : edges[k >> 1]!.lx);
  const yOf = (k: number): number => (k & 1 ? edges[k >> 1]!.ry : edges[k >> 1]!.ly);
  events.sort((a, b) => xOf(a) - xOf(b) || yOf(a) - yOf(b) || (b & 1) - (a & 1));

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
