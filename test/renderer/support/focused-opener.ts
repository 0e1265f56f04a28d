import { onTestFinished } from 'vitest';

/** A focused button on the page, as the one a dialog is opened from (focus goes back to it); gone when the test ends. */
export function focusedOpener(): HTMLButtonElement {
  const opener = document.createElement('button');
  opener.textContent = 'Open';
  document.body.append(opener);
  opener.focus();
  onTestFinished(() => opener.remove());
  return opener;
}
