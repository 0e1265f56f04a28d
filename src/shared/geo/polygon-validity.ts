/**
 * Whether a ring of points is a simple polygon (no edge crosses another).
 * Shared by the service (a 400 on a bad geofence), the core (geofences kept on
 * this computer) and the renderer (the drawing tool refuses before sending).
 *
 * Edges are tested pairwise only where their bounding boxes overlap on a sweep
 * along x, so a 10,000-vertex outline (the limit in docs/service-interface.md
 * §4.3) is checked in well under a second instead of 50 million pair tests.
 */
export interface PlanePoint {
  readonly latitude: number;
  readonly longitude: number;
}

interface Edge {
  readonly i: number;
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
}

const orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number => {
  const v = (by - ay) * (cx - bx) - (bx - ax) * (cy - by);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
};

const onSegment = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean =>
  Math.min(ax, cx) <= bx && bx <= Math.max(ax, cx) && Math.min(ay, cy) <= by && by <= Math.max(ay, cy);

function segmentsCross(p: readonly PlanePoint[], i: number, j: number): boolean {
  const n = p.length;
  const a = p[i]!;
  const b = p[(i + 1) % n]!;
  const c = p[j]!;
  const d = p[(j + 1) % n]!;
  const [ax, ay, bx, by] = [a.longitude, a.latitude, b.longitude, b.latitude];
  const [cx, cy, dx, dy] = [c.longitude, c.latitude, d.longitude, d.latitude];
  const o1 = orient(ax, ay, bx, by, cx, cy);
  const o2 = orient(ax, ay, bx, by, dx, dy);
  const o3 = orient(cx, cy, dx, dy, ax, ay);
  const o4 = orient(cx, cy, dx, dy, bx, by);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(ax, ay, cx, cy, bx, by)) ||
    (o2 === 0 && onSegment(ax, ay, dx, dy, bx, by)) ||
    (o3 === 0 && onSegment(cx, cy, ax, ay, dx, dy)) ||
    (o4 === 0 && onSegment(cx, cy, bx, by, dx, dy))
  );
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
    edges.push({
      i,
      minX: Math.min(a.longitude, b.longitude),
      maxX: Math.max(a.longitude, b.longitude),
      minY: Math.min(a.latitude, b.latitude),
      maxY: Math.max(a.latitude, b.latitude),
    });
  }
  edges.sort((x, y) => x.minX - y.minX);
  for (let s = 0; s < edges.length; s++) {
    const e = edges[s]!;
    for (let t = s + 1; t < edges.length && edges[t]!.minX <= e.maxX; t++) {
      const f = edges[t]!;
      if (f.maxY < e.minY || f.minY > e.maxY) continue;
      const gap = Math.abs(e.i - f.i);
      if (gap === 1 || gap === n - 1) continue; // neighbours share a vertex
      if (segmentsCross(points, e.i, f.i))
        return `the outline crosses itself (edges ${e.i + 1} and ${f.i + 1})`;
    }
  }
  return null;
}
