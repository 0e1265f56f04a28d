export interface Size {
  readonly width: number;
  readonly height: number;
}

/** Room kept between the card and the point it was opened at, and between the card and the map's edges. */
const GAP_PX = 12;
const EDGE_PX = 8;

/**
 * Where a card opened at a point of the map goes (its top-left corner, in the
 * map's pixels): below and right of the point, flipped to the other side
 * along each axis where it would leave the map, and never past the top-left
 * corner: a geofence clicked near the bottom of the map opens its card above
 * the click instead of under the status bar.
 */
export function placeCard(
  point: { readonly x: number; readonly y: number },
  card: Size,
  map: Size,
): { left: number; top: number } {
  const along = (at: number, size: number, room: number): number => {
    const after = at + GAP_PX;
    if (after + size <= room - EDGE_PX) return after;
    return Math.max(EDGE_PX, Math.min(at - GAP_PX - size, room - EDGE_PX - size));
  };
  return { left: along(point.x, card.width, map.width), top: along(point.y, card.height, map.height) };
}
