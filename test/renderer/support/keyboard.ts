/**
 * A key pressed where the focus is, as the browser sends it: inside an open
 * dialog it goes through the dialog first. True when nothing cancelled it.
 */
export function pressOnFocus(key: string, init: KeyboardEventInit = {}): boolean {
  const target = document.activeElement ?? document.body;
  return target.dispatchEvent(
    new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }),
  );
}
