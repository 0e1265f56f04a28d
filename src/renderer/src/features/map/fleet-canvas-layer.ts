import L from 'leaflet';
import type { LivePosition } from '../../../../shared/ipc';
import { onPixelGrid, placeCanvas, type CanvasPlacement } from './canvas-placement';
import { ClusterView } from './cluster-view';
import { FleetPositions } from './fleet-positions';
import { hitTest, type ClusterHit, type HoverHit } from './hit-test';
import { lerp, MOVE_DURATION_MS, progress, worldScale } from './interpolation';
import type { Palette } from './marker-drawing';
import { MarkerFrame, type FrameView } from './marker-frame';

export type { ClusterHit, HoverHit } from './hit-test';

/** How far past the canvas clusters are looked up: a cluster's disc centred there still shows at the edge. */
const CLUSTER_QUERY_MARGIN_PX = 40;

export interface FleetLayerOptions {
  /** Colour index (STATE_INDEX) of an asset from its latest position. */
  classify(position: LivePosition): number;
  nameOf(assetId: number): string;
  palette: Palette;
  /** Below this zoom the fleet is clustered; 0 turns clustering off. */
  clusterBelowZoom?: number;
  onSelect?(assetId: number | null): void;
  onClusterClick?(cluster: ClusterHit): void;
  onHover?(hit: HoverHit | null): void;
  /** Skip frames identical to the last painted one and redraw only what changed (default true; false repaints everything every frame, the worst case). */
  skipUnchangedFrames?: boolean;
  /** Called with the main-thread time of each redraw (bench, diagnostics). */
  onFrame?(ms: number): void;
}

/**
 * The whole fleet on ONE canvas (docs/architecture.md "The renderer"): no DOM element per asset,
 * positions kept in typed arrays, one redraw per animation frame however many
 * batches arrive, each move interpolated over ~1 s in Web Mercator space.
 * This file is the Leaflet side: events, frame scheduling, follow; the
 * fleet's data, its drawing, clustering and hit-testing live next to it.
 */
export class FleetCanvasLayer extends L.Layer {
  private canvas: HTMLCanvasElement | null = null;
  private ctx: CanvasRenderingContext2D | null = null;
  private opts: FleetLayerOptions;
  private readonly positions = new FleetPositions();
  private readonly markers = new MarkerFrame();
  private readonly clusters: ClusterView;

  /** Where the canvas lies on the world; null places it anew (centred on the map) at the next frame. */
  private placement: CanvasPlacement | null = null;
  /** Clusters as drawn, in canvas pixels. */
  private drawnClusters: ClusterHit[] = [];
  private forceRedraw = true;
  private paused = false;
  private animateUntil = 0;
  private frame = 0;
  private selected: number | null = null;
  private following = false;
  private readonly frameListeners = new Set<() => void>();

  constructor(options: FleetLayerOptions) {
    super();
    this.opts = options;
    this.clusters = new ClusterView(options.clusterBelowZoom ?? 0);
  }

  override onAdd(map: L.Map): this {
    const pane = map.getPane('fleetPane') ?? map.createPane('fleetPane');
    pane.style.zIndex = '450';
    pane.style.pointerEvents = 'none';
    const canvas = L.DomUtil.create('canvas', 'fleet-canvas leaflet-zoom-animated', pane);
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    map.on('move zoom viewreset resize', this.requestRedraw, this);
    map.on('zoomend', this.onZoomEnd, this);
    map.on('moveend', this.onMoveEnd, this);
    map.on('zoomanim', this.onZoomAnim, this);
    map.on('click', this.onClick, this);
    map.on('mousemove', this.onMouseMove, this);
    map.on('dragstart', this.stopFollowingOnDrag, this);
    this.requestRedraw();
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('move zoom viewreset resize', this.requestRedraw, this);
    map.off('zoomend', this.onZoomEnd, this);
    map.off('moveend', this.onMoveEnd, this);
    map.off('zoomanim', this.onZoomAnim, this);
    map.off('click', this.onClick, this);
    map.off('mousemove', this.onMouseMove, this);
    map.off('dragstart', this.stopFollowingOnDrag, this);
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.canvas?.remove();
    this.canvas = null;
    this.placement = null;
    this.ctx = null;
    return this;
  }

  /** Replaces everything (a new snapshot): no animation from stale places. */
  reset(positions: Iterable<LivePosition>): void {
    this.positions.clear();
    this.forceRedraw = true;
    this.apply(positions, false);
  }

  /** A live batch: each asset glides from where it is drawn now to its new fix. */
  update(positions: Iterable<LivePosition>): void {
    this.apply(positions, true);
  }

  select(assetId: number | null): void {
    this.selected = assetId;
    this.forceRedraw = true;
    this.requestRedraw();
  }

  setPalette(palette: Palette): void {
    this.opts = { ...this.opts, palette };
    this.forceRedraw = true;
    this.requestRedraw();
  }

  /** While the map screen is hidden (kept alive), positions keep updating but nothing is drawn. */
  setPaused(paused: boolean): void {
    this.paused = paused;
    this.forceRedraw = true;
    if (!paused) this.requestRedraw();
  }

  follow(on: boolean): void {
    this.following = on;
    this.requestRedraw();
  }

  isFollowing(): boolean {
    return this.following;
  }

  /** The bounds of every asset, or null for an empty fleet. */
  bounds(): L.LatLngBounds | null {
    const b = this.positions.bounds();
    return b ? L.latLngBounds([b[0], b[1]], [b[2], b[3]]) : null;
  }

  positionOf(assetId: number): L.LatLng | null {
    const i = this.positions.slot(assetId);
    return i === undefined ? null : L.latLng(this.positions.lat[i]!, this.positions.lon[i]!);
  }

  /** Called after every frame this layer draws; answers the unsubscribe. */
  onDrawn(listener: () => void): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  /**
   * Where an asset's own marker is drawn at `now` (mid-glide included), in Web
   * Mercator's unit square, for layers that mark assets; null when the last
   * frame drew it in a cluster or not at all (out of view).
   */
  drawnPoint(assetId: number, now: number): readonly [number, number] | null {
    const i = this.positions.slot(assetId);
    if (i === undefined || Number.isNaN(this.markers.sx[i])) return null;
    const p = this.positions;
    const t = progress(p.t0[i]!, now);
    return [lerp(p.fx[i]!, p.tx[i]!, t), lerp(p.fy[i]!, p.ty[i]!, t)];
  }

  /** The asset or cluster under a container point, as drawn (the map may have moved since: so has the canvas). */
  hitTest(x: number, y: number): HoverHit | null {
    const map = this._map as L.Map | undefined;
    const p = this.placement;
    // Nothing is drawn yet at a new zoom (the last frame is being scaled along).
    if (!map || p?.scale !== worldScale(map.getZoom())) return null;
    const corner = this.cornerOf(map);
    const dx = corner.x - p.x;
    const dy = corner.y - p.y;
    const hit = hitTest(this.drawnClusters, this.markers, x + dx, y + dy);
    if (hit?.kind === 'cluster') {
      const c = this.clusters.describe(hit.cluster);
      return { kind: 'cluster', ...c, x: c.x - dx, y: c.y - dy };
    }
    return hit && { ...hit, x: hit.x - dx, y: hit.y - dy };
  }

  private apply(positions: Iterable<LivePosition>, animate: boolean): void {
    const now = performance.now();
    this.positions.apply(positions, animate, now, this.opts.classify);
    if (animate) this.animateUntil = now + MOVE_DURATION_MS;
    this.clusters.markDirty();
    // No full redraw: the next frame finds which markers moved, changed heading or state.
    this.requestRedraw();
  }

  readonly requestRedraw = (): void => {
    if (this.frame === 0 && this.canvas && !this.paused) this.frame = requestAnimationFrame(this.draw);
  };

  private readonly redrawLater = (ms: number): void => {
    setTimeout(this.requestRedraw, ms);
  };

  private readonly draw = (): void => {
    this.frame = 0;
    const map = this._map as L.Map | undefined;
    const canvas = this.canvas;
    const ctx = this.ctx;
    if (!map || !canvas || !ctx) return;
    const started = performance.now();
    const size = map.getSize();
    const dpr = window.devicePixelRatio || 1;
    const zoom = map.getZoom();
    const scale = worldScale(zoom);
    const corner = this.cornerOf(map);
    // A pan at the same zoom leaves the canvas where it is on the world (it moves with the map pane) until the map reaches its edge.
    const p = placeCanvas(this.placement, corner, size, scale, dpr);
    this.placement = p;
    const origin = map.getPixelOrigin();
    L.DomUtil.setTransform(canvas, L.point(p.x - origin.x, p.y - origin.y), 1);
    if (canvas.width !== Math.round(p.width * dpr) || canvas.height !== Math.round(p.height * dpr)) {
      this.forceRedraw = true;
      canvas.width = Math.round(p.width * dpr);
      canvas.height = Math.round(p.height * dpr);
      canvas.style.width = `${p.width}px`;
      canvas.style.height = `${p.height}px`;
    }
    // Canvas x = world x · scale − the canvas's corner.
    const view: FrameView = { scale, ox: p.x, oy: p.y, width: p.width, height: p.height, dpr };
    const pal = this.opts.palette;
    if (zoom < (this.opts.clusterBelowZoom ?? 0)) {
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, p.width, p.height);
      // The canvas's own bounds, plus a cluster disc's reach.
      const m = CLUSTER_QUERY_MARGIN_PX;
      const sw = map.unproject([p.x - m, p.y + p.height + m], zoom);
      const ne = map.unproject([p.x + p.width + m, p.y - m], zoom);
      const bbox = [sw.lng, sw.lat, ne.lng, ne.lat] as const;
      this.drawnClusters = this.clusters.draw(
        ctx,
        this.positions,
        this.markers,
        bbox,
        zoom,
        view,
        pal,
        this.redrawLater,
      );
      this.drawSelected(ctx, view, started);
      this.forceRedraw = true;
    } else {
      if (this.forceRedraw || this.opts.skipUnchangedFrames === false) this.markers.invalidate();
      // The device pixels of the canvas that the map shows.
      const shown = {
        x0: Math.floor((corner.x - p.x) * dpr),
        y0: Math.floor((corner.y - p.y) * dpr),
        x1: Math.ceil((corner.x - p.x + size.x) * dpr),
        y1: Math.ceil((corner.y - p.y + size.y) * dpr),
      };
      // A frame whose every marker lands on the same whole pixel as the last one would be identical: skip it,
      // unless the map pans over pixels not handed to the canvas yet.
      const moved = this.markers.locate(this.positions, started, view);
      if (moved || this.markers.needsPaint(shown)) {
        ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
        const selected = this.selected === null ? undefined : this.positions.slot(this.selected);
        this.markers.paint(ctx, this.positions, zoom, pal, this.opts.nameOf, selected, started, view, shown);
        this.drawnClusters = [];
      }
      this.forceRedraw = false;
    }

    if (this.following && this.selected !== null) this.keepSelectedCentred(map, scale, corner, size);
    if (started < this.animateUntil) this.requestRedraw();
    this.opts.onFrame?.(performance.now() - started);
    // Layers that mark assets (the alarm rings) redraw with the markers; none listening costs nothing.
    for (const l of this.frameListeners) l();
  };

  private drawSelected(ctx: CanvasRenderingContext2D, view: FrameView, now: number): void {
    if (this.selected === null) return;
    const i = this.positions.slot(this.selected);
    if (i === undefined) return;
    const pal = this.opts.palette;
    this.markers.drawSelected(ctx, this.positions, i, now, view, pal, this.opts.nameOf(this.selected));
  }

  private keepSelectedCentred(map: L.Map, scale: number, corner: L.Point, size: L.Point): void {
    const i = this.positions.slot(this.selected!);
    if (i === undefined) return;
    const p = this.positions;
    const t = progress(p.t0[i]!, performance.now());
    const dx = lerp(p.fx[i]!, p.tx[i]!, t) * scale - corner.x - size.x / 2;
    const dy = lerp(p.fy[i]!, p.ty[i]!, t) * scale - corner.y - size.y / 2;
    if (Math.abs(dx) >= 0.5 || Math.abs(dy) >= 0.5) map.panBy([dx, dy], { animate: false });
  }

  private onZoomAnim(e: L.ZoomAnimEvent): void {
    // Scale the last frame along with the tiles during the zoom animation (as L.Renderer does).
    const map = this._map;
    const p = this.placement;
    if (!this.canvas || !map || !p) return;
    const scale = map.getZoomScale(e.zoom, map.getZoom());
    const size = map.getSize();
    const pos = map.containerPointToLayerPoint([0, 0]).multiplyBy(-1);
    const newOrigin = map.project(e.center, e.zoom).subtract(size.divideBy(2)).add(pos).round();
    // The canvas's corner on the world at the new zoom, less the layer origin the map will have there.
    L.DomUtil.setTransform(this.canvas, L.point(p.x, p.y).multiplyBy(scale).subtract(newOrigin), scale);
  }

  /** The map's top-left corner in world pixels at its zoom. */
  private cornerOf(map: L.Map): L.Point {
    return map.getPixelOrigin().add(map.containerPointToLayerPoint([0, 0]));
  }

  private onMoveEnd(): void {
    const map = this._map as L.Map | undefined;
    // At rest the canvas's pixels must fall on the screen's (a fractional devicePixelRatio can leave them between): place it anew.
    if (map && this.placement && !onPixelGrid(this.placement, this.cornerOf(map))) {
      this.placement = null;
      this.requestRedraw();
    }
  }

  private onZoomEnd(): void {
    this.forceRedraw = true;
    this.clusters.invalidate();
    this.requestRedraw();
  }

  private stopFollowingOnDrag(): void {
    this.following = false;
    this.fire('followchange', { following: false });
  }

  private onClick(e: L.LeafletMouseEvent): void {
    const hit = this.hitTest(e.containerPoint.x, e.containerPoint.y);
    if (hit?.kind === 'cluster') this.opts.onClusterClick?.(hit);
    else this.opts.onSelect?.(hit ? hit.assetId : null);
  }

  private onMouseMove(e: L.LeafletMouseEvent): void {
    const hit = this.hitTest(e.containerPoint.x, e.containerPoint.y);
    const container = this._map?.getContainer();
    if (container) container.style.cursor = hit ? 'pointer' : '';
    this.opts.onHover?.(hit);
  }
}
