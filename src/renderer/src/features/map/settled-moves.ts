import type L from 'leaflet';

interface ZoomAnimation {
  running: boolean;
  /** The move asked for while it runs: the newest one wins. */
  move: (() => void) | null;
}

const animations = new WeakMap<L.Map, ZoomAnimation>();

/**
 * Follows a map's zoom animations from its creation, for moveWhenSettled. Leaflet drops a setView,
 * fitBounds or panTo asked for while a zoom animation runs (Map._tryAnimatedZoom answers that it moved,
 * and the animation's end puts the view where the animation was going): a list pick made while the wheel's
 * zoom still ran left the map where the wheel took it. Returns the undoing.
 */
export function trackZoomAnimations(map: L.Map): () => void {
  const state: ZoomAnimation = { running: false, move: null };
  const started = (): void => {
    state.running = true;
  };
  const ended = (): void => {
    state.running = false;
    const move = state.move;
    state.move = null;
    // After Leaflet has finished the animation's own events (this runs among them), unless the map went.
    if (move)
      queueMicrotask(() => {
        if (animations.get(map) === state) move();
      });
  };
  animations.set(map, state);
  map.on('zoomanim', started);
  map.on('zoomend', ended);
  return () => {
    map.off('zoomanim', started);
    map.off('zoomend', ended);
    animations.delete(map);
  };
}

/** Moves the view now, or when the zoom animation under way ends (see trackZoomAnimations). */
export function moveWhenSettled(map: L.Map, move: () => void): void {
  const state = animations.get(map);
  if (state?.running) state.move = move;
  else move();
}
