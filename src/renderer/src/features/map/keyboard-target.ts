import type { HoverHit } from './fleet-canvas-layer';

/**
 * How far from the middle of the map, in CSS pixels either way, Enter reaches.
 * Half of Leaflet's keyboard pan step (80 px): arrow keys can bring anything
 * drawn into this square, however it falls against the step.
 */
export const KEYBOARD_REACH_PX = 40;

/** Probe spacing: every point of the square lies within 8√2 ≈ 11 px of a probe, inside the layer's 12 px hit radius. */
const PROBE_STEP_PX = 16;

/** Probe offsets from the centre, nearest first. */
const PROBES: readonly (readonly [number, number])[] = (() => {
  const out: [number, number][] = [];
  for (let dx = -KEYBOARD_REACH_PX; dx <= KEYBOARD_REACH_PX; dx += PROBE_STEP_PX)
    for (let dy = -KEYBOARD_REACH_PX; dy <= KEYBOARD_REACH_PX; dy += PROBE_STEP_PX) out.push([dx, dy]);
  out.push([0, 0]);
  return out.sort((a, b) => a[0] ** 2 + a[1] ** 2 - (b[0] ** 2 + b[1] ** 2));
})();

/**
 * The cluster or asset a keyboard user means on the focused map: the one
 * drawn nearest the centre within KEYBOARD_REACH_PX, found by asking the
 * canvas layer's own hit test (the layer keeps what it drew to itself) at
 * probe points from the centre outwards. Null when nothing is drawn there.
 */
export function targetNearCentre(
  hitTest: (x: number, y: number) => HoverHit | null,
  width: number,
  height: number,
): HoverHit | null {
  const cx = width / 2;
  const cy = height / 2;
  for (const [dx, dy] of PROBES) {
    const hit = hitTest(cx + dx, cy + dy);
    if (hit) return hit;
  }
  return null;
}
