/** Share of the map's size the canvas reaches past each edge (as Leaflet's own canvas renderer, L.Renderer `padding`). */
export const CANVAS_PADDING = 0.1;

/**
 * Where the fleet canvas lies on the world at one zoom: its top-left corner
 * in world pixels (Web Mercator unit square · scale) and its size in CSS
 * pixels. The canvas sits in a pane that moves with the map, so while the map
 * pans at the same zoom the canvas moves along with it and nothing drawn on
 * it has to change.
 */
export interface CanvasPlacement {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly scale: number;
  readonly dpr: number;
}

/**
 * The canvas for a map whose top-left corner is at `corner` (world pixels)
 * and whose size is `size`: the last placement while it still covers the
 * whole map, else one centred on the map again. A canvas that has to move at
 * the same zoom moves by whole device pixels, so the pixels already drawn can
 * be moved along with it (MarkerFrame) instead of being drawn again.
 */
export function placeCanvas(
  last: CanvasPlacement | null,
  corner: { readonly x: number; readonly y: number },
  size: { readonly x: number; readonly y: number },
  scale: number,
  dpr: number,
): CanvasPlacement {
  // Whole device pixels, so the map's corner lies on the canvas's pixel grid.
  const padX = Math.round(size.x * CANVAS_PADDING * dpr) / dpr;
  const padY = Math.round(size.y * CANVAS_PADDING * dpr) / dpr;
  const width = size.x + 2 * padX;
  const height = size.y + 2 * padY;
  const x = corner.x - padX;
  const y = corner.y - padY;
  if (
    last === null ||
    last.scale !== scale ||
    last.dpr !== dpr ||
    last.width !== width ||
    last.height !== height
  )
    return { x, y, width, height, scale, dpr };
  if (
    corner.x >= last.x &&
    corner.y >= last.y &&
    corner.x + size.x <= last.x + width &&
    corner.y + size.y <= last.y + height
  )
    return last;
  return {
    ...last,
    x: last.x + Math.round((x - last.x) * dpr) / dpr,
    y: last.y + Math.round((y - last.y) * dpr) / dpr,
  };
}

/** Whether the map at `corner` lies on the canvas's device-pixel grid (else the compositor resamples the canvas). */
export function onPixelGrid(p: CanvasPlacement, corner: { readonly x: number; readonly y: number }): boolean {
  const gx = (corner.x - p.x) * p.dpr;
  const gy = (corner.y - p.y) * p.dpr;
  return Math.abs(gx - Math.round(gx)) < 1e-6 && Math.abs(gy - Math.round(gy)) < 1e-6;
}
