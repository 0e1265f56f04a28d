import { describe, expect, it } from 'vitest';
import { placeLabels, type LabelCandidate } from '../../../src/renderer/src/features/history/label-placement';

const label = (x: number, y: number, priority: number, width = 44): LabelCandidate => ({
  x,
  y,
  width,
  height: 16,
  priority,
});

type Box = { left: number; top: number; right: number; bottom: number };
const boxes = (cands: readonly LabelCandidate[], radius: number): Box[] =>
  placeLabels(cands, radius).map((p) => ({
    left: p.left,
    top: p.top,
    right: p.left + cands[p.index]!.width,
    bottom: p.top + cands[p.index]!.height,
  }));
const overlap = (a: Box, b: Box): boolean =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('stop labels', () => {
  it('puts a lone label to the right of its marker', () => {
    expect(placeLabels([label(100, 100, 5)], 6)).toEqual([{ index: 0, left: 109, top: 92 }]);
  });

  it('moves the shorter stop’s label to a free side when two would collide ("36 min" over "36 mi")', () => {
    // Two stops 20 px apart on one street: both labels on the right would overlap.
    const cands = [label(100, 100, 36 * 60_000), label(120, 104, 5 * 60_000)];
    const placed = boxes(cands, 6);
    expect(placed).toHaveLength(2);
    expect(overlap(placed[0]!, placed[1]!)).toBe(false);
    // Neither label covers the other stop's marker.
    const marker = (i: number): Box => ({
      left: cands[i]!.x - 6,
      top: cands[i]!.y - 6,
      right: cands[i]!.x + 6,
      bottom: cands[i]!.y + 6,
    });
    const placedOf = placeLabels(cands, 6);
    for (const p of placedOf) {
      const own = boxes(cands, 6)[placedOf.indexOf(p)]!;
      expect(overlap(own, marker(1 - p.index))).toBe(false);
    }
  });

  it('hides the lesser labels when no side is left free, keeping the longer stops’', () => {
    // Five stops on one spot: the labels that fit around it are the longest stops', the rest are hidden.
    const cands = [2, 9, 5, 7, 3].map((p) => label(100, 100, p));
    const placed = placeLabels(cands, 6);
    expect(placed.map((p) => cands[p.index]!.priority)).toEqual([9, 7]);
  });

  it('never lets two placed labels overlap, however crowded', () => {
    const cands: LabelCandidate[] = [];
    for (let i = 0; i < 60; i++) cands.push(label((i * 37) % 200, (i * 53) % 120, i % 7, 30 + (i % 5) * 8));
    const placed = boxes(cands, 6);
    expect(placed.length).toBeGreaterThan(3);
    for (let a = 0; a < placed.length; a++)
      for (let b = a + 1; b < placed.length; b++) expect(overlap(placed[a]!, placed[b]!)).toBe(false);
  });
});
