/** What Tab can reach inside a dialog, in the document's order (the dialogs use no positive tabindex). */
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]',
].join(', ');

export function focusablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.getAttribute('tabindex') !== '-1' && !el.closest('[hidden], [inert]'),
  );
}

/**
 * Where Tab (or Shift+Tab when `backwards`) must send the focus so it stays in
 * the dialog: round from the last stop to the first and back, and onto the
 * first (or last) stop from anywhere that is not a stop, such as the dialog
 * itself. Null when the browser's own move already stays inside.
 */
export function trapTarget<T>(stops: readonly T[], current: T | null, backwards: boolean): T | null {
  const first = stops[0];
  const last = stops.at(-1);
  if (first === undefined || last === undefined) return null;
  const at = current === null ? -1 : stops.indexOf(current);
  if (at < 0) return backwards ? last : first;
  if (backwards && at === 0) return last;
  if (!backwards && at === stops.length - 1) return first;
  return null;
}
