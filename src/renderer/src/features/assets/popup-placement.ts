/** A vertical extent on screen, in CSS pixels from the top of the window. */
export interface Span {
  readonly top: number;
  readonly bottom: number;
}

export interface PopupPlacement {
  readonly side: 'below' | 'above';
  /** The popup's height may not exceed this: the room on its side. */
  readonly maxHeight: number;
}

/** Between the field and its popup. */
export const POPUP_GAP = 2;
/** Kept clear between the popup and the edge it would otherwise touch. */
export const POPUP_MARGIN = 6;
/** Below this a list is not worth showing: past it the popup may be cut rather than shrink further. */
export const POPUP_MIN_HEIGHT = 96;

/**
 * Where a field's popup opens: below the field when the popup fits there or
 * when there is no more room above, otherwise above; either way no taller
 * than the room on that side. `visible` is the part of the window the field's
 * scrolling containers leave in view, `wanted` the popup's natural height.
 */
export function placePopup(field: Span, visible: Span, wanted: number): PopupPlacement {
  const below = visible.bottom - field.bottom - POPUP_GAP - POPUP_MARGIN;
  const above = field.top - visible.top - POPUP_GAP - POPUP_MARGIN;
  const side = below >= wanted || below >= above ? 'below' : 'above';
  const room = side === 'below' ? below : above;
  return { side, maxHeight: Math.floor(Math.max(POPUP_MIN_HEIGHT, room)) };
}

const CLIPPING = new Set(['hidden', 'auto', 'scroll', 'clip']);

/**
 * The part of the window `el` can be seen in: the window cut down by every
 * ancestor that clips what overflows it (a scrolling pane such as the
 * report form's).
 */
export function visibleSpanOf(el: Element): Span {
  let top = 0;
  let bottom = window.innerHeight;
  for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
    if (!CLIPPING.has(getComputedStyle(a).overflowY)) continue;
    const box = a.getBoundingClientRect();
    const inner = box.top + a.clientTop;
    top = Math.max(top, inner);
    bottom = Math.min(bottom, inner + a.clientHeight);
  }
  return { top, bottom };
}
