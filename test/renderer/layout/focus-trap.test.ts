import { afterEach, describe, expect, it } from 'vitest';
import { focusablesIn, trapTarget } from '../../../src/renderer/src/layout/focus-trap';

afterEach(() => document.body.replaceChildren());

describe('the focus trap', () => {
  const stops = ['first', 'middle', 'last'];

  it('goes round from the last stop to the first and back', () => {
    expect(trapTarget(stops, 'last', false)).toBe('first');
    expect(trapTarget(stops, 'first', true)).toBe('last');
  });

  it('leaves the moves between stops to the browser', () => {
    expect(trapTarget(stops, 'first', false)).toBeNull();
    expect(trapTarget(stops, 'middle', false)).toBeNull();
    expect(trapTarget(stops, 'middle', true)).toBeNull();
    expect(trapTarget(stops, 'last', true)).toBeNull();
  });

  it('brings the focus onto an end stop from anywhere that is not a stop', () => {
    expect(trapTarget(stops, null, false)).toBe('first');
    expect(trapTarget(stops, 'the dialog itself', false)).toBe('first');
    expect(trapTarget(stops, 'the dialog itself', true)).toBe('last');
  });

  it('has nowhere to go without stops', () => {
    expect(trapTarget([], 'x', false)).toBeNull();
  });

  it('counts only what Tab reaches', () => {
    const root = document.createElement('div');
    root.innerHTML = `
      <button name="on">a</button>
      <button name="off" disabled>b</button>
      <input name="hidden" type="hidden" />
      <input name="text" />
      <a>no address</a>
      <a href="#x" name="link">link</a>
      <div tabindex="-1" name="skipped">programmatic only</div>
      <div tabindex="0" name="tabbable">tabbable</div>
      <div hidden><button name="hidden-part">c</button></div>
      <select name="pick"><option>1</option></select>
      <textarea name="notes"></textarea>`;
    document.body.append(root);
    expect(focusablesIn(root).map((el) => el.getAttribute('name'))).toEqual([
      'on',
      'text',
      'link',
      'tabbable',
      'pick',
      'notes',
    ]);
  });
});
