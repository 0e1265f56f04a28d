import { afterEach, describe, expect, it } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import HelpOverlay from '../../../src/renderer/src/layout/HelpOverlay.vue';
import { pressOnFocus } from '../support/keyboard';

let current: VueWrapper | null = null;
afterEach(() => {
  current?.unmount();
  current = null;
});

function open(): VueWrapper {
  current = mount(HelpOverlay, { attachTo: document.body });
  return current;
}

describe('the shortcuts overlay', () => {
  it('is a modal dialog named "Keyboard shortcuts" with the focus on Close', () => {
    const w = open();
    const dialog = w.find('[role="dialog"]');
    expect(dialog.attributes('aria-modal')).toBe('true');
    expect(w.find(`#${dialog.attributes('aria-labelledby')}`).text()).toBe('Keyboard shortcuts');
    expect(document.activeElement?.textContent).toContain('Close');
  });

  it('closes with its button, Esc, and a click beside it', async () => {
    const w = open();
    await w.find('button').trigger('click');
    pressOnFocus('Escape');
    const overlay = w.find('.overlay').element;
    overlay.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
    overlay.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(w.emitted('close')).toHaveLength(3);
  });

  it('leaves ? and , to the app (they close it and open the settings) and keeps the other keys', () => {
    open();
    const seen: string[] = [];
    const spy = (e: KeyboardEvent): number => seen.push(e.key);
    window.addEventListener('keydown', spy);
    try {
      for (const k of ['?', ',', '2', 'f', ' ', '/']) pressOnFocus(k);
    } finally {
      window.removeEventListener('keydown', spy);
    }
    expect(seen).toEqual(['?', ',']);
  });
});
