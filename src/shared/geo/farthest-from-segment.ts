/** The vertex of a polyline farthest from the straight segment between two of its vertices. */
export interface Farthest {
  /** Its index; -1 when a and b are neighbours (nothing between them). */
  readonly index: number;
  /** Its squared distance to the segment; -1 when there is none. */
  readonly d2: number;
}

/**
 * The step of Ramer–Douglas–Peucker, in any flat coordinates (metres, pixels): among the vertices strictly
 * between a and b, the one farthest from the segment a–b. The distance is to the segment, not to its
 * line, so a track that doubles back past b keeps its turn.
 */
export function farthestFromSegment(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  a: number,
  b: number,
): Farthest {
  const ax = xs[a]!;
  const ay = ys[a]!;
  const dx = xs[b]! - ax;
  const dy = ys[b]! - ay;
  const len2 = dx * dx + dy * dy;
  let index = -1;
  let d2Max = -1;
  // Squared distances: Math.hypot here made a day of fixes take ~200 ms to thin.
  for (let i = a + 1; i < b; i++) {
    const px = xs[i]! - ax;
    const py = ys[i]! - ay;
    const u = len2 === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / len2));
    const ex = px - u * dx;
    const ey = py - u * dy;
    const d2 = ex * ex + ey * ey;
    if (d2 > d2Max) {
      d2Max = d2;
      index = i;
    }
  }
  return { index, d2: d2Max };
}
