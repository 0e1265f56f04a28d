/** A label to place beside a marker, in screen pixels; the higher priority wins a collision. */
export interface LabelCandidate {
  /** The marker's centre. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly priority: number;
}

export interface PlacedLabel {
  /** The candidate's index. */
  readonly index: number;
  readonly left: number;
  readonly top: number;
}

interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** Space kept clear between two labels, and between a label and a marker not its own. */
const CLEARANCE_PX = 2;

const overlaps = (a: Box, b: Box): boolean =>
  a.left < b.right + CLEARANCE_PX &&
  b.left < a.right + CLEARANCE_PX &&
  a.top < b.bottom + CLEARANCE_PX &&
  b.top < a.bottom + CLEARANCE_PX;

/**
 * Labels that never overlap each other or another marker: the most important first, each on the
 * first side of its marker that is free (right, left, above, below); a label with no free side is
 * left out. Pure pixels, so the layer recomputes it at every zoom.
 */
export function placeLabels(candidates: readonly LabelCandidate[], markerRadius: number): PlacedLabel[] {
  const markers: Box[] = candidates.map((c) => ({
    left: c.x - markerRadius,
    top: c.y - markerRadius,
    right: c.x + markerRadius,
    bottom: c.y + markerRadius,
  }));
  const order = candidates
    .map((_, i) => i)
    .sort((a, b) => candidates[b]!.priority - candidates[a]!.priority || a - b);
  const taken: Box[] = [];
  const out: PlacedLabel[] = [];
  const off = markerRadius + 3;
  for (const i of order) {
    const c = candidates[i]!;
    const sides: readonly [number, number][] = [
      [c.x + off, c.y - c.height / 2],
      [c.x - off - c.width, c.y - c.height / 2],
      [c.x - c.width / 2, c.y - off - c.height],
      [c.x - c.width / 2, c.y + off],
    ];
    for (const [left, top] of sides) {
      const box = { left, top, right: left + c.width, bottom: top + c.height };
      if (taken.some((t) => overlaps(t, box))) continue;
      if (markers.some((m, k) => k !== i && overlaps(m, box))) continue;
      taken.push(box);
      out.push({ index: i, left, top });
      break;
    }
  }
  return out;
}
