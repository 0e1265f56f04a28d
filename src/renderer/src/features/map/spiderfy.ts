/**
 * Where the vehicles of a stack go when it fans out, in CSS pixels from its spot: on a circle for a
 * few, on a spiral for more (as Leaflet.markercluster spiderfies). Consecutive places are at least
 * FOOT_SEPARATION_PX apart, more than twice the hit radius, so each one can be pointed at on its own.
 */
export const FOOT_SEPARATION_PX = 28;
const CIRCLE_MAX = 9;
/** Clear of the pin that marks the spot itself. */
const MIN_LEG_PX = 30;
/** An Archimedean spiral widening by one separation a turn: its rings stay as far apart as its neighbours. */
const SPIRAL_GROWTH_PER_RADIAN = FOOT_SEPARATION_PX / (2 * Math.PI);

export function fanOffsets(count: number): [number, number][] {
  if (count <= 0) return [];
  if (count <= CIRCLE_MAX) {
    // The circumference holds the markers with their separation, plus two spare places.
    const r = Math.max(MIN_LEG_PX, (FOOT_SEPARATION_PX * (count + 2)) / (2 * Math.PI));
    const step = (2 * Math.PI) / count;
    // From the top, clockwise on screen.
    return Array.from({ length: count }, (_, i): [number, number] => [
      r * Math.sin(i * step),
      -r * Math.cos(i * step),
    ]);
  }
  const out: [number, number][] = [];
  let angle = 0;
  for (let i = 0; i < count; i++) {
    const leg = MIN_LEG_PX + SPIRAL_GROWTH_PER_RADIAN * angle;
    out.push([leg * Math.sin(angle), -leg * Math.cos(angle)]);
    // One separation along the arc to the next place.
    angle += FOOT_SEPARATION_PX / leg;
  }
  return out;
}

/** How far the fan reaches from its spot (the list opens beyond it). */
export function fanReach(offsets: readonly (readonly [number, number])[]): number {
  let r = 0;
  for (const [dx, dy] of offsets) r = Math.max(r, Math.hypot(dx, dy));
  return r;
}
