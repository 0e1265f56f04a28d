/** On a map element from a pointer press on it until the next key press anywhere. */
export const POINTER_FOCUS_CLASS = 'focus-by-pointer';

/**
 * Leaflet focuses the map by script from its own mousedown handler, and Chromium counts that focus as
 * one to show (:focus-visible matches): the focus ring and the keyboard square stayed on the map after
 * every click and cut the labels under them. The class tells the stylesheets that the focus came from a
 * pointer; the first key press (a Tab into the map, an arrow on it) takes it away. Returns the undoing.
 */
export function markPointerFocus(el: HTMLElement): () => void {
  const pressed = (): void => el.classList.add(POINTER_FOCUS_CLASS);
  const typed = (): void => el.classList.remove(POINTER_FOCUS_CLASS);
  el.addEventListener('pointerdown', pressed, true);
  document.addEventListener('keydown', typed, true);
  return () => {
    el.removeEventListener('pointerdown', pressed, true);
    document.removeEventListener('keydown', typed, true);
  };
}
