/** docs/architecture.md "The renderer": smooth movement between updates, over about the live feed's 1 s period. */
export const MOVE_DURATION_MS = 1000;

export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/** Headings turn the short way: 350° → 10° passes through 0°, not 180°. */
export function lerpAngle(from: number, to: number, t: number): number {
  const delta = ((((to - from) % 360) + 540) % 360) - 180;
  return (((from + delta * t) % 360) + 360) % 360;
}

/** Progress of a move started at `start`, clamped to [0, 1], eased so arrivals do not snap. */
export function progress(start: number, now: number, duration = MOVE_DURATION_MS): number {
  if (duration <= 0) return 1;
  const t = Math.min(1, Math.max(0, (now - start) / duration));
  return t * (2 - t);
}

/** Web Mercator to the unit square (x, y in [0, 1]), as Leaflet's EPSG:3857 at zoom 0 / 256. */
export function mercatorX(lon: number): number {
  return lon / 360 + 0.5;
}

const MAX_LAT = 85.0511287798;

export function mercatorY(lat: number): number {
  const clamped = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  const s = Math.sin((clamped * Math.PI) / 180);
  return 0.5 - (0.25 * Math.log((1 + s) / (1 - s))) / Math.PI;
}

/** World pixels per unit-square unit at a Leaflet zoom (EPSG:3857: 256 · 2^zoom). */
export function worldScale(zoom: number): number {
  return 256 * Math.pow(2, zoom);
}
