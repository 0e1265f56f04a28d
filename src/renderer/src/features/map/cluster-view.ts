import { WorkBudget } from '../../layout/work-budget';
import { NO_ALARM } from './alarm-rank';
import { ClusterAdapter, type ClusterItem } from './cluster-adapter';
import type { FleetPositions } from './fleet-positions';
import type { ClusterHit } from './hit-test';
import { mercatorX, mercatorY, worldScale } from './interpolation';
import type { FrameView, MarkerFrame } from './marker-frame';
import { SCENE_CLUSTER, SCENE_SPRITE, type ClusterScene } from './marker-overlay';
import { headingColumn } from './marker-sprites';
import { contains, grown, holds, type UnitRect } from './unit-rect';

/**
 * Rebuilding the cluster index costs ~10 ms at 10,000 assets: once a second follows the live feed; at
 * 50,000 a rebuild holds a frame for 20–60 ms, and the index is rebuilt less often (work-budget.ts).
 */
const CLUSTER_REBUILD_MS = 1000;
const CLUSTER_MEMBER_LIMIT = 12;
/** A cluster's disc reaches this far past its centre: keep those whose disc shows at the edge. */
const VIEW_MARGIN_PX = 40;
/**
 * A one-zoom index holds the fixes this share of the shown area's width and height past each of its edges:
 * the clusters at the edge are whole (Supercluster gathers within 56 px of a seed), and a pan re-indexes only
 * once it has gone that far.
 */
const COVER_GROWTH = 0.25;

export type Placed =
  | { readonly kind: 'cluster'; readonly hit: ClusterHit }
  | { readonly kind: 'asset'; readonly assetId: number; readonly x: number; readonly y: number };

/**
 * Which clusters and lone assets of a query land in view, at which container
 * pixel, in the query's order (later ones are drawn over earlier ones).
 * Clusters come without members and expansion zoom: those are looked up only
 * for the one the operator points at.
 */
export function placeInView(
  items: readonly ClusterItem[],
  view: Pick<FrameView, 'scale' | 'ox' | 'oy' | 'width' | 'height'>,
): Placed[] {
  const placed: Placed[] = [];
  const m = VIEW_MARGIN_PX;
  for (const item of items) {
    const x = mercatorX(item.lon) * view.scale - view.ox;
    const y = mercatorY(item.lat) * view.scale - view.oy;
    if (x < -m || y < -m || x > view.width + m || y > view.height + m) continue;
    if (item.kind === 'cluster')
      placed.push({
        kind: 'cluster',
        hit: {
          clusterId: item.clusterId,
          count: item.count,
          memberIds: [],
          x,
          y,
          lat: item.lat,
          lon: item.lon,
          expansionZoom: 0,
          alarm: item.alarm,
        },
      });
    else placed.push({ kind: 'asset', assetId: item.assetId, x, y });
  }
  return placed;
}

/**
 * The fleet clustered (docs/architecture.md "The renderer": below a zoom, or in a view too crowded to show
 * each marker apart, "how many and which"): the index rebuilt at most once a second as fixes arrive, and
 * each frame drawn from it.
 */
export class ClusterView {
  private readonly index: ClusterAdapter;
  private dirty = true;
  private builtAt = -Infinity;
  /** Counts the index's rebuilds: a frame drawn from the same one at the same view would be identical. */
  built = 0;
  /** Each slot's fix (unit square) when the index was built, and how many slots it held (-1: rebuild). */
  private builtX = new Float64Array(0);
  private builtY = new Float64Array(0);
  private builtCount = -1;
  /** The lone markers the last draw drew: slot, then the state and heading column drawn, per marker. */
  private lone: number[] = [];
  /** Each alarmed asset's worst alarm's rank (alarm-rank.ts), as the index was last told. */
  private alarms: ReadonlyMap<number, number> = new Map();
  private readonly budget = new WorkBudget(CLUSTER_REBUILD_MS);
  /** The part of the unit square a one-zoom index holds the fixes of; null: every fix. */
  private covered: UnitRect | null = null;

  constructor(private readonly clusterBelowZoom: number) {
    this.index = new ClusterAdapter(Math.max(0, clusterBelowZoom - 1));
  }

  /** New fixes: re-index when the throttle allows. */
  markDirty(): void {
    this.dirty = true;
  }

  /**
   * The assets with an unacknowledged alarm and their worst one's rank: re-indexed at the next frame the
   * throttle allows, whether a vehicle moved a pixel or not, so a cluster shows what it holds within a
   * second (a few at national scale: CLUSTER_REBUILD_MS).
   */
  setAlarmed(ranks: ReadonlyMap<number, number>): void {
    this.alarms = ranks;
    this.dirty = true;
    this.builtCount = -1;
  }

  /** A new zoom level or a new fleet: re-index at the next frame whatever the throttle says. */
  invalidate(): void {
    this.covered = null;
    this.dirty = true;
    this.builtAt = -Infinity;
    this.builtCount = -1;
  }

  /**
   * Re-indexes the fleet if fixes came in, one of them lies a pixel or more
   * (at `zoom`, the map's) from where the index has it, and the
   * throttle allows; `later` is called when a re-index is due but throttled,
   * so it is not forgotten. Zoomed out over a national fleet a vehicle takes
   * many seconds to cross a pixel: until one does, a new index would draw
   * the same picture, and rebuilding one for tens of thousands of assets
   * takes tens of milliseconds out of one frame (bench:map --curve).
   */
  refresh(positions: FleetPositions, later: (ms: number) => void, zoom: number, shown?: UnitRect): void {
    // Below the clustering zoom one index serves every zoom; above it (a crowded view), the zoom shown only,
    // and the fixes around what is shown: a city view of a national fleet indexes its own thousands.
    const z = Math.floor(zoom);
    const below = z < this.clusterBelowZoom;
    if (this.index.setZooms(below ? 0 : z, below ? Math.max(0, this.clusterBelowZoom - 1) : z))
      this.invalidate();
    const area = below || !shown ? null : grown(shown, COVER_GROWTH);
    if (shown && this.covered && !contains(this.covered, shown)) this.invalidate();
    if (!this.dirty) return;
    const scale = worldScale(zoom);
    const now = performance.now();
    const period = this.budget.periodMs;
    if (now - this.builtAt < period) {
      later(period - (now - this.builtAt));
      return;
    }
    if (positions.count === this.builtCount && !this.movedAPixel(positions, scale)) {
      // Checked again a throttle period on, whether more fixes come in or not.
      this.builtAt = now;
      later(period);
      return;
    }
    const alarmOf = (id: number): number => this.alarms.get(id) ?? NO_ALARM;
    const { tx, ty } = positions;
    const inArea = area ? (i: number): boolean => holds(area, tx[i]!, ty[i]!) : undefined;
    const loaded = this.budget.run(() => this.index.loadColumns(positions, alarmOf, inArea));
    // Every fix indexed: any view of this zoom is covered until the next build.
    this.covered = area && loaded < positions.count ? area : null;
    if (this.builtX.length < positions.count) {
      this.builtX = new Float64Array(positions.count);
      this.builtY = new Float64Array(positions.count);
    }
    this.builtX.set(positions.tx.subarray(0, positions.count));
    this.builtY.set(positions.ty.subarray(0, positions.count));
    this.builtCount = positions.count;
    this.dirty = false;
    this.builtAt = now;
    this.built++;
  }

  /** Whether any slot's latest fix lies a pixel or more (at `scale`) from where the index has it. */
  private movedAPixel(positions: FleetPositions, scale: number): boolean {
    const limit = 1 / scale;
    const { tx, ty } = positions;
    for (let i = 0; i < positions.count; i++)
      if (Math.abs(tx[i]! - this.builtX[i]!) >= limit || Math.abs(ty[i]! - this.builtY[i]!) >= limit)
        return true;
    return false;
  }

  /** Whether a lone marker the last draw drew has since changed colour or heading (its place is the index's). */
  loneChanged(positions: FleetPositions): boolean {
    const lone = this.lone;
    for (let k = 0; k < lone.length; k += 3) {
      const i = lone[k]!;
      if (i >= positions.count) return true;
      const state = positions.st[i]!;
      if (state !== lone[k + 1] || (state === 0 ? headingColumn(positions.tc[i]!) : 0) !== lone[k + 2])
        return true;
    }
    return false;
  }

  /**
   * The clusters and lone markers in view of the index as refresh() left it, added to `scene` in the order
   * they are drawn; returns the clusters.
   */
  draw(
    scene: ClusterScene,
    positions: FleetPositions,
    markers: MarkerFrame,
    bbox: readonly [number, number, number, number],
    zoom: number,
    view: FrameView,
    open: ReadonlySet<number> | null = null,
  ): ClusterHit[] {
    markers.hideAll(positions);
    this.lone = [];
    const clusters: ClusterHit[] = [];
    for (const p of placeInView(this.index.query(bbox, zoom), view)) {
      if (p.kind === 'cluster') {
        // The open stack (its vehicles alone on their spot) is drawn fanned out by the layer.
        if (open?.size === p.hit.count && this.holds(p.hit, positions, open)) continue;
        scene.push(SCENE_CLUSTER, p.hit.x, p.hit.y, p.hit.count, 0);
        clusters.push(p.hit);
        continue;
      }
      const i = positions.slot(p.assetId);
      if (i === undefined || open?.has(i)) continue;
      markers.place(i, p.x, p.y);
      const col = positions.st[i] === 0 ? headingColumn(positions.tc[i]!) : 0;
      scene.push(SCENE_SPRITE, p.x, p.y, positions.st[i]!, col);
      this.lone.push(i, positions.st[i]!, col);
    }
    return clusters;
  }

  /**
   * The slot of one asset a cluster holds. Of a cluster as big as a stack that holds one of its vehicles,
   * it tells that the cluster is the stack (vehicles on one spot always cluster together): asked by
   * member, not by place, since Supercluster keeps its centres in 32-bit floats, a centimetre or two off.
   */
  memberSlot(c: ClusterHit, positions: FleetPositions): number | undefined {
    const id = this.index.firstMember(c.clusterId);
    return id === undefined ? undefined : positions.slot(id);
  }

  private holds(c: ClusterHit, positions: FleetPositions, slots: ReadonlySet<number>): boolean {
    const slot = this.memberSlot(c, positions);
    return slot !== undefined && slots.has(slot);
  }

  /** A drawn cluster with which assets it holds and the zoom that splits it. */
  describe(c: ClusterHit): ClusterHit {
    return {
      ...c,
      memberIds: this.index.members(c.clusterId, CLUSTER_MEMBER_LIMIT),
      expansionZoom: this.index.expansionZoom(c.clusterId),
    };
  }
}
