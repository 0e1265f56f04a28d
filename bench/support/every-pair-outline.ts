import type { PlanePoint } from '../../src/shared/geo/polygon-validity';

const turn = (o: PlanePoint, a: PlanePoint, b: PlanePoint): number =>
  Math.sign(
    (a.longitude - o.longitude) * (b.latitude - o.latitude) -
      (a.latitude - o.latitude) * (b.longitude - o.longitude),
  );

/** Whether q lies in the box of a and b (on their segment, when the three are collinear). */
const within = (a: PlanePoint, q: PlanePoint, b: PlanePoint): boolean =>
  Math.min(a.longitude, b.longitude) <= q.longitude &&
  q.longitude <= Math.max(a.longitude, b.longitude) &&
  Math.min(a.latitude, b.latitude) <= q.latitude &&
  q.latitude <= Math.max(a.latitude, b.latitude);

/** Whether segments ab and cd share any point. */
function meet(a: PlanePoint, b: PlanePoint, c: PlanePoint, d: PlanePoint): boolean {
  const d1 = turn(a, b, c);
  const d2 = turn(a, b, d);
  const d3 = turn(c, d, a);
  const d4 = turn(c, d, b);
  if (d1 !== d2 && d3 !== d4 && d1 !== 0 && d2 !== 0 && d3 !== 0 && d4 !== 0) return true;
  return (
    (d1 === 0 && within(a, c, b)) ||
    (d2 === 0 && within(a, d, b)) ||
    (d3 === 0 && within(c, a, d)) ||
    (d4 === 0 && within(c, b, d))
  );
}

/**
 * A simple polygon by its definition, pair by pair: no point repeated where it is a neighbour's, no edge
 * doubling back along the one before, and no two edges but neighbours sharing any point. n² / 2 edge
 * tests: the reference src/shared/geo/polygon-validity.ts is held to (its test, exact on small integers)
 * and the baseline bench:alarms -- --outlines measures it against. Says only what is wrong, not where.
 */
export function everyPairOutlineProblem(p: readonly PlanePoint[]): string | null {
  const n = p.length;
  for (let i = 0; i < n; i++) {
    const a = p[(i + n - 1) % n]!;
    const v = p[i]!;
    const b = p[(i + 1) % n]!;
    if (v.latitude === b.latitude && v.longitude === b.longitude) return 'a point repeated';
    const back =
      (a.longitude - v.longitude) * (b.longitude - v.longitude) +
      (a.latitude - v.latitude) * (b.latitude - v.latitude);
    if (turn(v, a, b) === 0 && back > 0) return 'an edge doubling back';
  }
  for (let i = 0; i < n; i++)
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (meet(p[i]!, p[i + 1]!, p[j]!, p[(j + 1) % n]!)) return `edges ${i + 1} and ${j + 1} meet`;
    }
  return null;
}
