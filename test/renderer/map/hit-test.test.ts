import { describe, expect, it } from 'vitest';
import { NO_ALARM } from '../../../src/renderer/src/features/map/alarm-rank';
import {
  hitTest,
  sameHover,
  HIT_RADIUS_PX,
  type ClusterHit,
  type HoverHit,
} from '../../../src/renderer/src/features/map/hit-test';

const cluster = (clusterId: number, x: number, y: number, count: number): ClusterHit => ({
  clusterId,
  count,
  memberIds: [],
  x,
  y,
  lat: 0,
  lon: 0,
  expansionZoom: 0,
  alarm: NO_ALARM,
});

/** Three assets drawn at the last frame; the second was off screen (NaN). */
const markers = {
  count: 3,
  ids: [101, 102, 103],
  sx: [100, NaN, 110],
  sy: [100, 100, 100],
};

describe('what is under the pointer', () => {
  it('picks the nearest drawn marker within reach', () => {
    expect(hitTest([], markers, 103, 101)).toEqual({ kind: 'asset', assetId: 101, x: 100, y: 100 });
    expect(hitTest([], markers, 108, 100)).toEqual({ kind: 'asset', assetId: 103, x: 110, y: 100 });
  });

  it('finds nothing beyond the reach of a marker, and never a marker that was not drawn', () => {
    expect(hitTest([], markers, 100, 100 + HIT_RADIUS_PX + 1)).toBeNull();
    expect(hitTest([], { ...markers, sx: [NaN, NaN, NaN] }, 100, 100)).toBeNull();
  });

  it('only looks at the markers placed at the last frame', () => {
    expect(hitTest([], { ...markers, count: 0 }, 100, 100)).toBeNull();
  });

  it('prefers a cluster under the pointer over the markers around it', () => {
    const c = cluster(7, 105, 100, 40);
    expect(hitTest([c], markers, 104, 100)).toEqual({ kind: 'cluster', cluster: c });
    // 40 assets make a disc of about 19 px: beside it, the marker is found again.
    expect(hitTest([cluster(7, 140, 100, 40)], markers, 101, 100)).toMatchObject({ assetId: 101 });
  });

  it('answers for a whole closed stack where its vehicles share a pixel, and for each fanned vehicle on its own', () => {
    // Slots 0–2 on one spot (stack 4); slot 3 elsewhere.
    const parked = { count: 4, ids: [201, 202, 203, 204], sx: [50, 50, 50, 200], sy: [50, 50, 50, 50] };
    const closed = { fanned: [], closedStackOf: (s: number) => (s < 3 ? 4 : -1) };
    expect(hitTest([], parked, 52, 49, closed)).toEqual({ kind: 'stack', stack: 4, x: 50, y: 50 });
    expect(hitTest([], parked, 200, 50, closed)).toMatchObject({ kind: 'asset', assetId: 204 });
    // Fanned out over a cluster's disc: the vehicles are drawn on top, so they are what is hit.
    const fanned = { count: 4, ids: parked.ids, sx: [20, 50, 80, 200], sy: [50, 20, 50, 50] };
    const open = { fanned: [0, 1, 2], closedStackOf: () => -1 };
    const under = cluster(9, 50, 20, 30);
    expect(hitTest([under], fanned, 51, 22, open)).toEqual({ kind: 'asset', assetId: 202, x: 50, y: 20 });
    expect(hitTest([under], fanned, 58, 30, open)).toMatchObject({ kind: 'cluster' });
    expect(hitTest([], fanned, 78, 52, open)).toMatchObject({ kind: 'asset', assetId: 203 });
    expect(hitTest([], fanned, 50, 50, open)).toBeNull();
  });
});

describe("whether a resting pointer's tooltip changed", () => {
  const asset = (assetId: number, x: number, y: number): HoverHit => ({ kind: 'asset', assetId, x, y });
  const stack = (memberIds: number[], x: number): HoverHit => ({
    kind: 'stack',
    stackKey: 7,
    count: memberIds.length,
    memberIds,
    x,
    y: 50,
    reach: 40,
  });

  it('is unchanged for the same thing drawn on the same pixel, and for nothing at all', () => {
    expect(sameHover(null, null)).toBe(true);
    expect(sameHover(asset(1, 10.2, 20), asset(1, 9.8, 20.4))).toBe(true);
    expect(sameHover(stack([1, 2], 5), stack([1, 2], 5))).toBe(true);
    expect(
      sameHover({ kind: 'cluster', ...cluster(3, 5, 50, 9) }, { kind: 'cluster', ...cluster(4, 5, 50, 9) }),
    ).toBe(true);
  });

  it('changed when something came or went, moved a pixel, or is another thing', () => {
    expect(sameHover(asset(1, 10, 20), null)).toBe(false);
    expect(sameHover(null, asset(1, 10, 20))).toBe(false);
    expect(sameHover(asset(1, 10, 20), asset(1, 11, 20))).toBe(false);
    expect(sameHover(asset(1, 10, 20), asset(2, 10, 20))).toBe(false);
    expect(sameHover(stack([1, 2], 5), stack([1, 2, 3], 5))).toBe(false);
    expect(sameHover(stack([1, 2], 5), stack([1, 3], 5))).toBe(false);
    expect(sameHover(stack([1, 2], 5), { kind: 'cluster', ...cluster(3, 5, 50, 2), memberIds: [1, 2] })).toBe(
      false,
    );
    expect(sameHover(stack([1, 2], 5), asset(1, 5, 50))).toBe(false);
  });
});
