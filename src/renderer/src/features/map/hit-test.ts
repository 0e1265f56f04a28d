import { clusterRadius } from './marker-drawing';

export interface ClusterHit {
  readonly clusterId: number;
  readonly count: number;
  readonly memberIds: readonly number[];
  readonly x: number;
  readonly y: number;
  readonly lat: number;
  readonly lon: number;
  readonly expansionZoom: number;
}

export type HoverHit =
  | ({ readonly kind: 'cluster' } & ClusterHit)
  | { readonly kind: 'asset'; readonly assetId: number; readonly x: number; readonly y: number };

/** Where each asset was drawn at the last frame, in container pixels; NaN where it was not drawn. */
export interface DrawnMarkers {
  readonly count: number;
  readonly ids: ArrayLike<number>;
  readonly sx: ArrayLike<number>;
  readonly sy: ArrayLike<number>;
}

/** A little larger than a marker, so a click on its edge still picks it. */
export const HIT_RADIUS_PX = 12;

export type Hit =
  | { readonly kind: 'cluster'; readonly cluster: ClusterHit }
  | { readonly kind: 'asset'; readonly assetId: number; readonly x: number; readonly y: number };

/**
 * The cluster or asset under a container point: clusters first (they are
 * drawn over nothing else), then the nearest drawn marker within reach.
 */
export function hitTest(
  clusters: readonly ClusterHit[],
  markers: DrawnMarkers,
  x: number,
  y: number,
): Hit | null {
  for (const c of clusters) {
    const r = clusterRadius(c.count);
    if ((c.x - x) ** 2 + (c.y - y) ** 2 <= r * r) return { kind: 'cluster', cluster: c };
  }
  let best = -1;
  let bestD = HIT_RADIUS_PX * HIT_RADIUS_PX;
  for (let i = 0; i < markers.count; i++) {
    const sx = markers.sx[i]!;
    if (Number.isNaN(sx)) continue;
    const d = (sx - x) ** 2 + (markers.sy[i]! - y) ** 2;
    if (d <= bestD) {
      bestD = d;
      best = i;
    }
  }
  return best < 0
    ? null
    : { kind: 'asset', assetId: markers.ids[best]!, x: markers.sx[best]!, y: markers.sy[best]! };
}
