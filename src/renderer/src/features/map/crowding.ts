import type { FleetPositions } from './fleet-positions';

/**
 * A view holding more fixes than one per square of this side is crowded: markers 22 px wide
 * (marker-sprites.ts) spread that thickly cover one another, and the operator reads a carpet, not vehicles.
 * On a map of 900 × 700 px that is about 615 vehicles in view.
 */
const CELL_PX = 32;
/** A crowded view stays clustered until it holds this share of the limit: no flicker at the threshold. */
const CLEAR_RATIO = 0.8;

/** How many fixes (the newest of each slot) lie inside a rectangle of Web Mercator's unit square. */
export function fixesIn(positions: FleetPositions, x0: number, y0: number, x1: number, y1: number): number {
  const { tx, ty } = positions;
  let n = 0;
  for (let i = 0; i < positions.count; i++) {
    const x = tx[i]!;
    const y = ty[i]!;
    if (x >= x0 && x <= x1 && y >= y0 && y <= y1) n++;
  }
  return n;
}

/**
 * Whether the view is too crowded to draw each marker apart (docs/architecture.md "The renderer"): above
 * the clustering zoom, such a view is clustered all the same, and the clusters form only where markers
 * crowd (Supercluster's radius), so a lone vehicle on the outskirts is still drawn as itself.
 */
export class Crowding {
  private crowded = false;

  /** Judges a view of `width` × `height` CSS pixels holding `fixes`; remembers the verdict for the next. */
  judge(fixes: number, width: number, height: number): boolean {
    const limit = (width * height) / (CELL_PX * CELL_PX);
    this.crowded = this.crowded ? fixes >= limit * CLEAR_RATIO : fixes > limit;
    return this.crowded;
  }
}
