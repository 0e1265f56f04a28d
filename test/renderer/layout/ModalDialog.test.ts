import { afterEach, describe, expect, it } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import ModalDialog from '../../../src/renderer/src/layout/ModalDialog.vue';
import { focusedOpener } from '../support/focused-opener';
import { pressOnFocus } from '../support/keyboard';

let current: VueWrapper | null = null;
let opener: HTMLButtonElement | null = null;
afterEach(() => {
  current?.unmount();
  current = null;
});

const FIELDS = `
  <input name="first" />
  <input name="middle" />
  <button type="button" name="last">Done</button>`;

/** Opens the dialog as the app does: from a focused button somewhere on the page. */
function open(props: Record<string, unknown> = {}, body: string = FIELDS): VueWrapper {
  opener = focusedOpener();
  current = mount(ModalDialog, {
    props: { title: 'Route options', titleId: 'route-title', ...props },
    slots: { default: body },
    attachTo: document.body,
  });
  return current;
}

const named = (w: VueWrapper, name: string): HTMLElement => w.find(`[name="${name}"]`).element as HTMLElement;

/** The keys that reach the window, where the app's shortcuts listen, while `run` runs. */
function keysSeenBehind(run: () => void): string[] {
  const seen: string[] = [];
  const spy = (e: KeyboardEvent): number => seen.push(e.key);
  window.addEventListener('keydown', spy);
  try {
    run();
  } finally {
    window.removeEventListener('keydown', spy);
  }
  return seen;
}

describe('the modal dialog', () => {
  it('is a modal dialog named by its title, with the focus on its first field', () => {
    const w = open();
    const dialog = w.find('[role="dialog"]');
    expect(dialog.attributes('aria-modal')).toBe('true');
    expect(dialog.attributes('aria-labelledby')).toBe('route-title');
    expect(w.find('#route-title').text()).toBe('Route options');
    expect(document.activeElement).toBe(named(w, 'first'));
  });

  it('puts the focus where the content asks for it, or on itself when nothing in it takes focus', () => {
    const w = open({}, FIELDS.replace('name="last"', 'name="last" data-autofocus'));
    expect(document.activeElement).toBe(named(w, 'last'));
    w.unmount();
    const bare = open({}, '<p>Nothing to press.</p>');
    expect(document.activeElement).toBe(bare.find('[role="dialog"]').element);
    // Tab has nowhere else to go: the focus stays on the dialog.
    expect(pressOnFocus('Tab')).toBe(false);
    expect(document.activeElement).toBe(bare.find('[role="dialog"]').element);
  });

  it('keeps Tab and Shift+Tab inside, going round at either end', () => {
    const w = open();
    // Between fields the browser moves the focus itself.
    expect(pressOnFocus('Tab')).toBe(true);
    named(w, 'last').focus();
    expect(pressOnFocus('Tab')).toBe(false);
    expect(document.activeElement).toBe(named(w, 'first'));
    expect(pressOnFocus('Tab', { shiftKey: true })).toBe(false);
    expect(document.activeElement).toBe(named(w, 'last'));
    // From the panel itself (a click on its text), Tab goes to the first field.
    (w.find('[role="dialog"]').element as HTMLElement).focus();
    expect(pressOnFocus('Tab')).toBe(false);
    expect(document.activeElement).toBe(named(w, 'first'));
  });

  it('closes on Esc, and keeps that and every other key from the screens behind', () => {
    const w = open();
    const seen = keysSeenBehind(() => {
      expect(pressOnFocus('2')).toBe(true);
      expect(pressOnFocus(' ')).toBe(true);
      expect(pressOnFocus('Tab')).toBe(true);
      expect(pressOnFocus('Escape')).toBe(false);
    });
    expect(seen).toEqual([]);
    expect(w.emitted('close')).toHaveLength(1);
  });

  it('lets through only the keys it is told to pass', () => {
    open({ passKeys: ['?'] });
    expect(keysSeenBehind(() => ['?', '1', ','].forEach((k) => pressOnFocus(k)))).toEqual(['?']);
  });

  it('gives the focus back to the element that opened it', () => {
    const w = open();
    named(w, 'middle').focus();
    w.unmount();
    current = null;
    expect(document.activeElement).toBe(opener);
  });

  it('gives the focus to nobody when the opener has gone meanwhile', () => {
    const w = open();
    opener!.remove();
    w.unmount();
    current = null;
    expect(document.activeElement).not.toBe(opener);
  });

  it('stays open on a click beside it unless told otherwise, and never lets the press take the focus', () => {
    const w = open();
    const overlay = w.find('.overlay').element;
    const down = new MouseEvent('mousedown', { bubbles: true, cancelable: true });
    expect(overlay.dispatchEvent(down)).toBe(false);
    overlay.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(w.emitted('close')).toBeUndefined();
    expect(document.activeElement).toBe(named(w, 'first'));
  });

  it('closes on a click beside it when told to, but not when a press inside ends beside it', async () => {
    const w = open({ closeOnBackdrop: true });
    const overlay = w.find('.overlay').element;
    const click = (downOn: Element): void => {
      downOn.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
      overlay.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    };
    // Selecting a field's text and letting go over the backdrop: the click lands on the backdrop.
    click(named(w, 'first'));
    expect(w.emitted('close')).toBeUndefined();
    click(overlay);
    expect(w.emitted('close')).toHaveLength(1);
  });

  it('is as wide as asked', () => {
    const w = open({ width: '560px' });
    expect((w.find('[role="dialog"]').element as HTMLElement).style.width).toBe('560px');
  });
});
