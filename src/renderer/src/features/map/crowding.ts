import type { FleetPositions } from './fleet-positions';
import { holds, type UnitRect } from './unit-rect';

/**
 * A view holding more fixes than one per square of this side is crowded: markers 22 px wide
 * (marker-sprites.ts) spread that thickly cover one another, and the operator reads a carpet, not vehicles.
 * On a map of 900 × 700 px that is about 615 vehicles in view.
 */
const CELL_PX = 32;
/** A crowded view stays clustered until it holds this share of the limit: no flicker at the threshold. */
const CLEAR_RATIO = 0.8;
/**
 * A view that stands still is counted again for new fixes at most this often: a count is a pass over the
 * fleet (~0.4 ms at 50,000 in Chromium, which every frame paid: bench:map --window --profile), and a few
 * batches of fixes move a view's count by little.
 */
const RECOUNT_MS = 500;

/** How many fixes (the newest of each slot) lie inside a rectangle of Web Mercator's unit square. */
export function fixesIn(positions: FleetPositions, r: UnitRect): number {
  const { tx, ty } = positions;
  let n = 0;
  for (let i = 0; i < positions.count; i++) if (holds(r, tx[i]!, ty[i]!)) n++;
  return n;
}

/**
 * Whether the view is too crowded to draw each marker apart (docs/architecture.md "The renderer"): above
 * the clustering zoom, such a view is clustered all the same, and the clusters form only where markers
 * crowd (Supercluster's radius), so a lone vehicle on the outskirts is still drawn as itself.
 */
export class Crowding {
  private crowded = false;
  private counted: { view: string; fixesSeen: number; at: number; fixes: number } | null = null;

  /**
   * Whether the view, (x0, y0)–(x1, y1) of the unit square shown on `width` × `height` CSS pixels, is
   * crowded: its fixes counted again when the view changed, or when `fixesSeen` (a count of the batches
   * applied) did and RECOUNT_MS have passed since the last count.
   */
  assess(
    positions: FleetPositions,
    fixesSeen: number,
    view: UnitRect & { readonly width: number; readonly height: number },
    now: number,
  ): boolean {
    const key = `${view.x0}:${view.y0}:${view.x1}:${view.y1}`;
    let counted = this.counted;
    if (
      !counted ||
      counted.view !== key ||
      (counted.fixesSeen !== fixesSeen && now - counted.at >= RECOUNT_MS)
    ) {
      counted = {
        view: key,
        fixesSeen,
        at: now,
        fixes: fixesIn(positions, view),
      };
      this.counted = counted;
    }
    return this.judge(counted.fixes, view.width, view.height);
  }

  /** Judges a view of `width` × `height` CSS pixels holding `fixes`; remembers the verdict for the next. */
  judge(fixes: number, width: number, height: number): boolean {
    const limit = (width * height) / (CELL_PX * CELL_PX);
    this.crowded = this.crowded ? fixes >= limit * CLEAR_RATIO : fixes > limit;
    return this.crowded;
  }
}
