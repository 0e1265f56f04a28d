/** Plain rectangles, so the clamping is tested without Electron. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface DisplayArea {
  readonly id: number;
  readonly bounds: Rect;
  readonly workArea: Rect;
}

export const MIN_WIDTH = 900;
export const MIN_HEIGHT = 600;
/** How much of the title bar must stay on a screen for the user to grab it. */
const GRIP = 100;

/** Stable across restarts for the same monitor arrangement (ids alone are reused by some OSes). */
export function displayKey(d: DisplayArea): string {
  const b = d.bounds;
  return `${d.id}@${b.x},${b.y},${b.width}x${b.height}`;
}

/**
 * Puts remembered bounds back where the user can reach them: shrunk to the
 * work area of the display they overlap most (or `fallback`), and moved so
 * the whole window is on it. A monitor unplugged since never strands a window.
 */
export function clampOntoDisplays(
  bounds: Rect,
  displays: readonly DisplayArea[],
  fallback: DisplayArea,
): Rect {
  const best = displays.reduce<{ d: DisplayArea; area: number }>(
    (acc, d) => {
      const area = overlap(bounds, d.workArea);
      return area > acc.area ? { d, area } : acc;
    },
    { d: fallback, area: 0 },
  );
  const wa = best.d.workArea;
  const visible = best.area > 0 && grabbable(bounds, wa);
  const width = Math.max(Math.min(bounds.width, wa.width), Math.min(MIN_WIDTH, wa.width));
  const height = Math.max(Math.min(bounds.height, wa.height), Math.min(MIN_HEIGHT, wa.height));
  const x = visible ? bounds.x : wa.x + Math.round((wa.width - width) / 2);
  const y = visible ? bounds.y : wa.y + Math.round((wa.height - height) / 2);
  return {
    x: clamp(x, wa.x, wa.x + wa.width - width),
    y: clamp(y, wa.y, wa.y + wa.height - height),
    width,
    height,
  };
}

export function defaultBounds(display: DisplayArea): Rect {
  const wa = display.workArea;
  const width = Math.min(Math.max(Math.round(wa.width * 0.8), MIN_WIDTH), wa.width);
  const height = Math.min(Math.max(Math.round(wa.height * 0.85), MIN_HEIGHT), wa.height);
  return {
    x: wa.x + Math.round((wa.width - width) / 2),
    y: wa.y + Math.round((wa.height - height) / 2),
    width,
    height,
  };
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

function grabbable(b: Rect, wa: Rect): boolean {
  return (
    b.y >= wa.y && b.y < wa.y + wa.height - 20 && b.x + b.width - GRIP > wa.x && b.x + GRIP < wa.x + wa.width
  );
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(Math.max(v, lo), Math.max(lo, hi));
