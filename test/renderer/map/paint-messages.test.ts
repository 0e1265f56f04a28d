import { describe, expect, it } from 'vitest';
import { MARKER_PALETTE } from '../../../src/renderer/src/features/map/map-palette';
import { NO_OVERLAY } from '../../../src/renderer/src/features/map/marker-overlay';
import { fromPainterSchema, toPainterSchema } from '../../../src/renderer/src/features/map/paint-messages';

const delta = {
  width: 1536,
  height: 960,
  dpr: 1.25,
  count: 3,
  moveBy: null,
  fresh: false,
  changes: Int32Array.from([0, 10, 12, 3, 2, -0x7fffffff, 0, 0xff00]),
};
const frame = {
  kind: 'frame',
  delta,
  overlay: {
    ...NO_OVERLAY,
    badges: Float64Array.from([10, 12, 3]),
    selected: { x: 1, y: 2, state: 0, column: 4, name: 'Van 7' },
  },
  shown: { x0: 0, y0: 0, x1: 1280, y1: 800 },
};

describe('what the page and the painting worker say to each other', () => {
  it('reads a frame as the layer posts it: moved markers in a typed array, the overlay as data', () => {
    const parsed = toPainterSchema.parse(frame);
    expect(parsed.kind).toBe('frame');
    if (parsed.kind === 'frame') expect(Array.from(parsed.delta.changes)).toEqual(Array.from(delta.changes));
  });

  it('rejects what is not a frame: changes not in fours or not typed, sizes out of range, unknown kinds', () => {
    const bad: unknown[] = [
      { ...frame, delta: { ...delta, changes: Int32Array.from([1, 2, 3]) } },
      { ...frame, delta: { ...delta, changes: [0, 10, 12, 3] } },
      { ...frame, delta: { ...delta, width: -1 } },
      { ...frame, delta: { ...delta, dpr: 0 } },
      { ...frame, overlay: { ...frame.overlay, badges: Float64Array.from([1, 2, Number.NaN]) } },
      { ...frame, overlay: { ...frame.overlay, badges: Float64Array.from([1, 2]) } },
      { ...frame, overlay: { ...frame.overlay, badges: [10, 12, 3] } },
      { kind: 'palette', palette: { ...MARKER_PALETTE.dark, state: 'red' } },
      { kind: 'palette' },
      { kind: 'paint' },
      null,
      'frame',
    ];
    for (const msg of bad) expect(toPainterSchema.safeParse(msg).success, JSON.stringify(msg)).toBe(false);
  });

  it('takes the palette on its own, as the layer posts it when it changes', () => {
    expect(toPainterSchema.parse({ kind: 'palette', palette: MARKER_PALETTE.dark }).kind).toBe('palette');
    expect(toPainterSchema.parse({ kind: 'palette', palette: MARKER_PALETTE.light }).kind).toBe('palette');
  });

  it('takes a canvas only as an OffscreenCanvas, which a page without one (happy-dom) never has', () => {
    expect(toPainterSchema.safeParse({ kind: 'canvas', canvas: {} }).success).toBe(false);
  });

  it('reads the worker’s answers and rejects anything else', () => {
    const pixels = { kind: 'pixels', id: 1, width: 2, height: 1, data: new Uint8ClampedArray(8) };
    expect(fromPainterSchema.parse(pixels).kind).toBe('pixels');
    expect(fromPainterSchema.parse({ kind: 'failed', message: 'TypeError: x' }).kind).toBe('failed');
    expect(fromPainterSchema.safeParse({ ...pixels, data: [0, 0, 0, 0] }).success).toBe(false);
    expect(fromPainterSchema.safeParse({ kind: 'failed' }).success).toBe(false);
    expect(fromPainterSchema.safeParse(undefined).success).toBe(false);
  });
});
