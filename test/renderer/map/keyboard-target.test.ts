import { describe, expect, it } from 'vitest';
import type { HoverHit } from '../../../src/renderer/src/features/map/fleet-canvas-layer';
import { KEYBOARD_REACH_PX, targetNearCentre } from '../../../src/renderer/src/features/map/keyboard-target';

const HIT_RADIUS_PX = 12;

/** A map 800×600 with assets drawn at the given points, hit-tested as the canvas layer does for assets. */
function drawnAssets(points: readonly (readonly [number, number, number])[]) {
  let probes = 0;
  const hitTest = (x: number, y: number): HoverHit | null => {
    probes++;
    let best: HoverHit | null = null;
    let bestD = HIT_RADIUS_PX ** 2;
    for (const [assetId, px, py] of points) {
      const d = (px - x) ** 2 + (py - y) ** 2;
      if (d <= bestD) {
        bestD = d;
        best = { kind: 'asset', assetId, x: px, y: py };
      }
    }
    return best;
  };
  return { hitTest, probes: () => probes };
}

const hitId = (hit: HoverHit | null): number | null => (hit?.kind === 'asset' ? hit.assetId : null);

describe('what Enter on the focused map acts on', () => {
  it('is the asset drawn nearest the centre', () => {
    const { hitTest } = drawnAssets([
      [1, 400 + 30, 300 - 30],
      [2, 400 - 9, 300 + 5],
      [3, 400 + 200, 300],
    ]);
    expect(hitId(targetNearCentre(hitTest, 800, 600))).toBe(2);
  });

  it('reaches the corners of the square arrow keys can bring anything into', () => {
    for (const [dx, dy] of [
      [KEYBOARD_REACH_PX, KEYBOARD_REACH_PX],
      [-KEYBOARD_REACH_PX, KEYBOARD_REACH_PX],
      [31, -37],
      [0, -KEYBOARD_REACH_PX],
    ] as const) {
      const { hitTest } = drawnAssets([[5, 400 + dx, 300 + dy]]);
      expect(hitId(targetNearCentre(hitTest, 800, 600)), `${dx},${dy}`).toBe(5);
    }
  });

  it('is nothing when nothing is drawn near the centre, after a bounded number of probes', () => {
    const { hitTest, probes } = drawnAssets([[9, 400 + 120, 300]]);
    expect(targetNearCentre(hitTest, 800, 600)).toBeNull();
    expect(probes()).toBeLessThanOrEqual(40);
  });
});
