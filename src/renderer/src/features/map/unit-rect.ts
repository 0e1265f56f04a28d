/** A rectangle of Web Mercator's unit square (x0 ≤ x1, y0 ≤ y1; y grows southward). */
export interface UnitRect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** Whether (x, y) lies inside `r`, its edges included. */
export const holds = (r: UnitRect, x: number, y: number): boolean =>
  x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1;

/** Whether `inner` lies wholly inside `outer`. */
export const contains = (outer: UnitRect, inner: UnitRect): boolean =>
  inner.x0 >= outer.x0 && inner.y0 >= outer.y0 && inner.x1 <= outer.x1 && inner.y1 <= outer.y1;

/** `r` grown by `share` of its width and height past each edge. */
export const grown = (r: UnitRect, share: number): UnitRect => {
  const dx = (r.x1 - r.x0) * share;
  const dy = (r.y1 - r.y0) * share;
  return { x0: r.x0 - dx, y0: r.y0 - dy, x1: r.x1 + dx, y1: r.y1 + dy };
};
