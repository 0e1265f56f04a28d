import { afterEach, describe, expect, it } from 'vitest';
import {
  placePopup,
  POPUP_GAP,
  POPUP_MARGIN,
  POPUP_MIN_HEIGHT,
  visibleSpanOf,
} from '../../../src/renderer/src/features/assets/popup-placement';

/** A 768-px-high window, and a 30-px field whose top is at `top`. */
const WINDOW = { top: 0, bottom: 768 };
const fieldAt = (top: number) => ({ top, bottom: top + 30 });
const SPARE = POPUP_GAP + POPUP_MARGIN;

afterEach(() => document.body.replaceChildren());

describe('where a field’s popup opens', () => {
  it('opens below whenever the popup fits there, however much room there is above', () => {
    expect(placePopup(fieldAt(100), WINDOW, 290)).toEqual({ side: 'below', maxHeight: 768 - 130 - SPARE });
    // Exactly enough room below.
    expect(placePopup(fieldAt(700 - 290 - SPARE), WINDOW, 290).side).toBe('below');
  });

  it('opens above near the bottom of the window, capped to the room above', () => {
    expect(placePopup(fieldAt(600), WINDOW, 290)).toEqual({ side: 'above', maxHeight: 600 - SPARE });
    // Above has room but not for all of it: the popup shrinks to fit.
    expect(placePopup(fieldAt(250), { top: 0, bottom: 400 }, 290)).toEqual({
      side: 'above',
      maxHeight: 250 - SPARE,
    });
  });

  it('stays below, shrunk, when it fits on neither side and below has more room', () => {
    expect(placePopup(fieldAt(150), { top: 0, bottom: 400 }, 290)).toEqual({
      side: 'below',
      maxHeight: 400 - 180 - SPARE,
    });
  });

  it('measures the room inside what is visible, not the whole window', () => {
    // A scrolled pane showing 300–700: a field at 600 has 70 px below and 300 above.
    expect(placePopup(fieldAt(600), { top: 300, bottom: 700 }, 290)).toEqual({
      side: 'above',
      maxHeight: 300 - SPARE,
    });
  });

  it('never shrinks a list below a few rows', () => {
    expect(placePopup(fieldAt(20), { top: 0, bottom: 100 }, 290)).toEqual({
      side: 'below',
      maxHeight: POPUP_MIN_HEIGHT,
    });
  });

  it('rounds the cap down to whole pixels', () => {
    expect(placePopup({ top: 600.5, bottom: 630.5 }, WINDOW, 290).maxHeight).toBe(Math.floor(600.5 - SPARE));
  });
});

describe('the visible part of the window', () => {
  /** `el`'s box on screen, as a browser would report it (happy-dom lays nothing out). */
  function boxed(el: HTMLElement, top: number, height: number): HTMLElement {
    el.getBoundingClientRect = () => new DOMRect(0, top, 300, height);
    Object.defineProperty(el, 'clientHeight', { value: height });
    return el;
  }

  it('is cut down by each ancestor that clips, and not by those that let their content overflow', () => {
    const pane = boxed(document.createElement('aside'), 120, 500);
    pane.style.overflowY = 'auto';
    const card = boxed(document.createElement('div'), 80, 900);
    const inner = boxed(document.createElement('div'), 200, 50);
    inner.style.overflowY = 'hidden';
    const field = document.createElement('input');
    pane.append(card);
    card.append(inner);
    inner.append(field);
    document.body.append(pane);
    expect(visibleSpanOf(field)).toEqual({ top: 200, bottom: 250 });
    inner.style.overflowY = 'visible';
    expect(visibleSpanOf(field)).toEqual({ top: 120, bottom: 620 });
  });

  it('is the window when nothing clips', () => {
    const field = document.createElement('input');
    document.body.append(field);
    expect(visibleSpanOf(field)).toEqual({ top: 0, bottom: window.innerHeight });
  });
});
