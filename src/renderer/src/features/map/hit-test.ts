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
  /** The worst unacknowledged alarm's rank among its members (alarm-rank.ts); NO_ALARM when none. */
  readonly alarm: number;
}

/** Vehicles on one spot (stack-index.ts): every one of them, and where the spot is drawn. */
export interface StackHit {
  readonly stackKey: number;
  readonly count: number;
  readonly memberIds: readonly number[];
  readonly x: number;
  readonly y: number;
  /** How far its fan reaches from the spot, in CSS pixels. */
  readonly reach: number;
}

export type HoverHit =
  | ({ readonly kind: 'cluster' } & ClusterHit)
  | ({ readonly kind: 'stack' } & StackHit)
  | { readonly kind: 'asset'; readonly assetId: number; readonly x: number; readonly y: number };

/**
 * Whether two hover answers show the same tooltip in the same place (to the pixel): the thing under a
 * resting pointer is asked again after every frame, and only a change is handed on.
 */
export function sameHover(a: HoverHit | null, b: HoverHit | null): boolean {
  if (a === null || b === null) return a === b;
  if (Math.round(a.x) !== Math.round(b.x) || Math.round(a.y) !== Math.round(b.y)) return false;
  if (a.kind === 'asset') return b.kind === 'asset' && a.assetId === b.assetId;
  if (b.kind === 'asset' || a.kind !== b.kind) return false;
  return (
    a.count === b.count &&
    a.memberIds.length === b.memberIds.length &&
    a.memberIds.every((id, k) => id === b.memberIds[k])
  );
}

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
  | { readonly kind: 'stack'; readonly stack: number; readonly x: number; readonly y: number }
  | { readonly kind: 'asset'; readonly assetId: number; readonly x: number; readonly y: number };

/** What the hit test knows of stacks: the vehicles fanned out, and the closed stack a slot is drawn in (or -1). */
export interface DrawnStacks {
  readonly fanned: readonly number[];
  closedStackOf(slot: number): number;
}

/**
 * The cluster, stack or asset under a container point: the vehicles of an
 * open fan first (drawn over everything), then clusters (drawn over nothing
 * else), then the nearest drawn marker within reach; a marker drawn as part
 * of a closed stack answers for the whole stack (its vehicles share a pixel).
 */
export function hitTest(
  clusters: readonly ClusterHit[],
  markers: DrawnMarkers,
  x: number,
  y: number,
  stacks?: DrawnStacks,
): Hit | null {
  const fannedHit = stacks && nearest(markers, stacks.fanned, x, y);
  if (fannedHit !== undefined && fannedHit >= 0) return assetHit(markers, fannedHit);
  for (const c of clusters) {
    const r = clusterRadius(c.count);
    if ((c.x - x) ** 2 + (c.y - y) ** 2 <= r * r) return { kind: 'cluster', cluster: c };
  }
  const best = nearest(markers, null, x, y);
  if (best < 0) return null;
  const stack = stacks ? stacks.closedStackOf(best) : -1;
  if (stack >= 0) return { kind: 'stack', stack, x: markers.sx[best]!, y: markers.sy[best]! };
  return assetHit(markers, best);
}

function assetHit(markers: DrawnMarkers, slot: number): Hit {
  return { kind: 'asset', assetId: markers.ids[slot]!, x: markers.sx[slot]!, y: markers.sy[slot]! };
}

/** The slot drawn nearest (x, y) within the hit radius, among `slots` or all; -1 for none. */
function nearest(markers: DrawnMarkers, slots: readonly number[] | null, x: number, y: number): number {
  let best = -1;
  let bestD = HIT_RADIUS_PX * HIT_RADIUS_PX;
  const n = slots ? slots.length : markers.count;
  for (let k = 0; k < n; k++) {
    const i = slots ? slots[k]! : k;
    const sx = markers.sx[i]!;
    if (Number.isNaN(sx)) continue;
    const d = (sx - x) ** 2 + (markers.sy[i]! - y) ** 2;
    if (d <= bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}
