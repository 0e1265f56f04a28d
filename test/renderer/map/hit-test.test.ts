import { describe, expect, it } from 'vitest';
import { hitTest, HIT_RADIUS_PX, type ClusterHit } from '../../../src/renderer/src/features/map/hit-test';

const cluster = (clusterId: number, x: number, y: number, count: number): ClusterHit => ({
  clusterId,
  count,
  memberIds: [],
  x,
  y,
  lat: 0,
  lon: 0,
  expansionZoom: 0,
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
});
