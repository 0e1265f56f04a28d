/** A name's box on screen, in CSS pixels, and its rank: lower ranks are placed first. */
export interface LabelBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly rank: number;
}

/**
 * Which names to draw so that none overlaps another: greedily, best rank
 * first, each kept only if it clears every name already kept (the lesser is
 * dropped). Quadratic in the names, which are few: names show only while few
 * markers are on screen (marker-frame.ts). Answers indices into `boxes`.
 */
export function placeLabels(boxes: readonly LabelBox[]): number[] {
  const order = boxes.map((_, i) => i).sort((a, b) => boxes[a]!.rank - boxes[b]!.rank || a - b);
  const kept: number[] = [];
  for (const i of order) {
    const b = boxes[i]!;
    const clear = kept.every((k) => {
      const o = boxes[k]!;
      return b.x1 <= o.x0 || o.x1 <= b.x0 || b.y1 <= o.y0 || o.y1 <= b.y0;
    });
    if (clear) kept.push(i);
  }
  return kept;
}
