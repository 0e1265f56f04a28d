import L from 'leaflet';
import type { LivePosition } from '../../../../shared/ipc';
import { onPixelGrid, placeCanvas, type CanvasPlacement } from './canvas-placement';
import type { AlarmSeverity } from '../../../../shared/interface';
import { NO_ALARM, SEVERITY_OF_RANK, SEVERITY_RANK } from './alarm-rank';
import type { AlarmedCluster } from './alarm-ring-layer';
import { ClusterView } from './cluster-view';
import { Crowding } from './crowding';
import { FleetPositions } from './fleet-positions';
import { hitTest, sameHover, type ClusterHit, type HoverHit, type StackHit } from './hit-test';
import { lerp, MOVE_DURATION_MS, progress, worldScale } from './interpolation';
import type { PixelRect } from './dirty-tiles';
import type { Palette } from './marker-drawing';
import { LABEL_MAX_COUNT, MarkerFrame, type FrameView } from './marker-frame';
import type { MarkerOverlay } from './marker-overlay';
import { PagePainter, type CanvasPixels, type MarkerPainter } from './marker-painter';
import { headingColumn } from './marker-sprites';
import { fanOffsets, fanReach } from './spiderfy';
import { NO_STACK, StackIndex, type Stack } from './stack-index';
import { canPaintInWorker, WorkerPainter } from './worker-painter';

export type { ClusterHit, HoverHit, StackHit } from './hit-test';

/** How far past the canvas clusters are looked up: a cluster's disc centred there still shows at the edge. */
const CLUSTER_QUERY_MARGIN_PX = 40;
/** Regrouping the vehicles on one spot is a pass over the fleet: once a second follows the live feed. */
const STACK_REBUILD_MS = 1000;

/** The fleet's canvas element, with a way to read what it shows even while a worker paints it (tests, the pan check). */
export type FleetCanvas = HTMLCanvasElement & { readFleetPixels?: () => Promise<CanvasPixels> };

export interface FleetLayerOptions {
  /** Colour index (STATE_INDEX) of an asset from its latest position. */
  classify(position: LivePosition): number;
  nameOf(assetId: number): string;
  palette: Palette;
  /** Below this zoom the fleet is clustered; 0 turns clustering off. */
  clusterBelowZoom?: number;
  /** At or above it, cluster a view too crowded to draw each marker apart (crowding.ts; default false: every marker drawn). */
  clusterWhenCrowded?: boolean;
  onSelect?(assetId: number | null): void;
  onClusterClick?(cluster: ClusterHit): void;
  /** A stack of vehicles on one spot was opened (fanned out) or folded back (null), by whatever means. */
  onStackChange?(stack: StackHit | null): void;
  onHover?(hit: HoverHit | null): void;
  /** Skip frames identical to the last painted one and redraw only what changed (default true; false repaints everything every frame, the worst case). */
  skipUnchangedFrames?: boolean;
  /** Called with the main-thread time of each redraw (bench, diagnostics). */
  onFrame?(ms: number): void;
  /** Paint in a worker where the page can hand it the canvas (default true; false paints on the page). */
  paintInWorker?: boolean;
}

/**
 * The whole fleet on ONE canvas (docs/architecture.md "The renderer"): no DOM element per asset,
 * positions kept in typed arrays, one redraw per animation frame however many
 * batches arrive, each move interpolated over ~1 s in Web Mercator space.
 * This file is the Leaflet side: events, frame scheduling, follow; the
 * fleet's data, its drawing, clustering and hit-testing live next to it.
 */
const sameRect = (a: PixelRect, b: PixelRect | null): boolean =>
  b !== null && a.x0 === b.x0 && a.y0 === b.y0 && a.x1 === b.x1 && a.y1 === b.y1;

export class FleetCanvasLayer extends L.Layer {
  private canvas: FleetCanvas | null = null;
  private painter: MarkerPainter | null = null;
  /** The canvas's size in device pixels as last drawn, and where the map showed on it (device pixels). */
  private canvasSize = '';
  private lastShown: PixelRect | null = null;
  private opts: FleetLayerOptions;
  private readonly positions = new FleetPositions();
  private readonly markers = new MarkerFrame();
  private readonly clusters: ClusterView;
  private readonly crowding = new Crowding();
  /** Batches of fixes applied so far: the crowding's count is redone only for new fixes. */
  private batchesApplied = 0;
  /** The painted frame and view the frame listeners were last called for. */
  private listenedAt = '';

  /** Where the canvas lies on the world; null places it anew (centred on the map) at the next frame. */
  private placement: CanvasPlacement | null = null;
  /** Clusters as drawn, in canvas pixels. */
  private drawnClusters: ClusterHit[] = [];
  private forceRedraw = true;
  /**
   * What the last clustered frame was drawn from: the index's build and the canvas's place; null after
   * anything else that changes what it shows (forceRedraw). Lone markers in a clustered frame stand where
   * the index has them, so the live feed changes the frame only when the index is rebuilt or one of them
   * changes colour or heading.
   */
  private clustered: { built: number; placement: CanvasPlacement; at: number } | null = null;
  private paused = false;
  private animateUntil = 0;
  private frame = 0;
  private selected: number | null = null;
  private following = false;
  private readonly frameListeners = new Set<() => void>();
  private readonly stacks = new StackIndex();
  private stacksDirty = true;
  private stacksBuiltAt = -Infinity;
  /** The spot whose vehicles are fanned out, its slots and their offsets. */
  private openKey: number | null = null;
  private fanned: number[] = [];
  private fan: [number, number][] = [];
  private labels = true;
  /**
   * Where the pointer rests on the map (container pixels), null off it, and what was last said to be under
   * it: markers move, and zooms and panels redraw the map, under a pointer that does not move.
   */
  private pointer: { readonly x: number; readonly y: number } | null = null;
  private hovered: HoverHit | null = null;
  /** Frames handed to the painter, and the frame and view the pointer was last asked against. */
  private paintedFrames = 0;
  private hoverAskedAt = '';

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
    this.mountCanvas(canvas, this.opts.paintInWorker !== false);
    map.on('move zoom viewreset resize', this.requestRedraw, this);
    map.on('zoomend', this.onZoomEnd, this);
    map.on('moveend', this.onMoveEnd, this);
    map.on('zoomanim', this.onZoomAnim, this);
    map.on('zoomstart', this.fold, this);
    map.on('click', this.onClick, this);
    map.on('mousemove', this.onMouseMove, this);
    map.on('mouseout', this.onMouseOut, this);
    map.on('dragstart', this.stopFollowingOnDrag, this);
    this.requestRedraw();
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('move zoom viewreset resize', this.requestRedraw, this);
    map.off('zoomend', this.onZoomEnd, this);
    map.off('moveend', this.onMoveEnd, this);
    map.off('zoomanim', this.onZoomAnim, this);
    map.off('zoomstart', this.fold, this);
    map.off('click', this.onClick, this);
    map.off('mousemove', this.onMouseMove, this);
    map.off('mouseout', this.onMouseOut, this);
    map.off('dragstart', this.stopFollowingOnDrag, this);
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.painter?.dispose();
    this.painter = null;
    this.canvas?.remove();
    this.canvas = null;
    this.placement = null;
    this.pointer = null;
    this.hovered = null;
    this.canvasSize = '';
    return this;
  }

  /** Where the fleet is painted: in a worker, or on the page (no OffscreenCanvas, or the worker failed). */
  paintMode(): MarkerPainter['mode'] | null {
    return this.painter?.mode ?? null;
  }

  /** The canvas's pixels as of the last frame drawn (tests, the pan check). */
  pixels(): Promise<CanvasPixels> {
    return this.painter ? this.painter.pixels() : Promise.reject(new Error('the layer is not on a map'));
  }

  /**
   * Paints into `canvas`: from a worker that owns it where the page can hand it over (and `inWorker`), else
   * on the page. A worker that fails leaves its canvas unusable from the page: a new one takes its place,
   * painted here.
   */
  private mountCanvas(canvas: FleetCanvas, inWorker: boolean): void {
    this.canvas = canvas;
    this.canvasSize = '';
    this.lastShown = null;
    this.markers.invalidate();
    this.forceRedraw = true;
    canvas.readFleetPixels = () => this.pixels();
    this.painter =
      inWorker && canPaintInWorker(canvas)
        ? new WorkerPainter(canvas, (reason) => this.workerFailed(canvas, reason))
        : new PagePainter(canvas);
    // Who paints it, on the element: what a test or an operator's devtools can see.
    canvas.dataset.painter = this.painter.mode;
  }

  private workerFailed(canvas: FleetCanvas, reason: string): void {
    console.warn('fleet canvas: the painting worker failed, painting on the page', reason);
    if (this.canvas !== canvas) return;
    const fresh: FleetCanvas = L.DomUtil.create('canvas', canvas.className);
    fresh.style.cssText = canvas.style.cssText;
    canvas.replaceWith(fresh);
    this.mountCanvas(fresh, false);
    this.requestRedraw();
  }

  /** Replaces everything (a new snapshot): no animation from stale places. */
  reset(positions: Iterable<LivePosition>): void {
    // Slots are handed out anew: the fan's offsets belong to the old ones.
    this.markers.setFan(this.fanned, []);
    this.fanned = [];
    this.stacksBuiltAt = -Infinity;
    this.clusters.invalidate();
    this.positions.clear();
    this.forceRedraw = true;
    this.apply(positions, false);
  }

  /** A live batch: each asset glides from where it is drawn now to its new fix. */
  update(positions: Iterable<LivePosition>): void {
    this.apply(positions, true);
  }

  /** The assets with an unacknowledged alarm: the clusters that hold one say so (alarmedClusters). */
  setAlarmed(alarmed: readonly { readonly assetId: number; readonly severity: AlarmSeverity }[]): void {
    const ranks = new Map<number, number>();
    for (const { assetId, severity } of alarmed)
      ranks.set(assetId, Math.min(ranks.get(assetId) ?? NO_ALARM, SEVERITY_RANK[severity]));
    this.clusters.setAlarmed(ranks);
    this.requestRedraw();
  }

  /** The clusters the last frame drew that hold an alarmed asset, with the worst alarm among them. */
  alarmedClusters(): AlarmedCluster[] {
    const out: AlarmedCluster[] = [];
    for (const c of this.drawnClusters)
      if (c.alarm < NO_ALARM)
        out.push({ lat: c.lat, lon: c.lon, count: c.count, severity: SEVERITY_OF_RANK[c.alarm]! });
    return out;
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

  /** Names beside the markers while few are on screen (the operator's toggle). */
  setLabels(on: boolean): void {
    this.labels = on;
    this.forceRedraw = true;
    this.requestRedraw();
  }

  /** Fans out the vehicles on a spot (a StackHit's stackKey), or folds the open fan back (null). */
  openStack(key: number | null): void {
    if (key === this.openKey) return;
    this.openKey = key;
    this.applyFan();
    const stack = key === null ? undefined : this.stacks.withKey(key);
    const at = stack && this.spotOnScreen(stack);
    this.opts.onStackChange?.(stack && at ? this.stackHit(stack, at[0], at[1]) : null);
  }

  openStackKey(): number | null {
    return this.openKey;
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
    // A fanned vehicle is drawn its fan's offset (screen pixels) away from its fix.
    const scale = this.placement?.scale ?? 1;
    return [
      lerp(p.fx[i]!, p.tx[i]!, t) + this.markers.fanX[i]! / scale,
      lerp(p.fy[i]!, p.ty[i]!, t) + this.markers.fanY[i]! / scale,
    ];
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
    const hit = hitTest(this.drawnClusters, this.markers, x + dx, y + dy, {
      fanned: this.fanned,
      closedStackOf: this.closedStackOf,
    });
    if (hit?.kind === 'cluster') {
      // A cluster of vehicles all on one spot is a stack: it fans out rather than asking to zoom in.
      const stack = this.pureStack(hit.cluster);
      if (stack) return this.stackHit(stack, hit.cluster.x - dx, hit.cluster.y - dy);
      const c = this.clusters.describe(hit.cluster);
      return { kind: 'cluster', ...c, x: c.x - dx, y: c.y - dy };
    }
    if (hit?.kind === 'stack') return this.stackHit(this.stacks.stacks[hit.stack]!, hit.x - dx, hit.y - dy);
    return hit && { ...hit, x: hit.x - dx, y: hit.y - dy };
  }

  /** The index of the closed stack a slot is drawn in, or NO_STACK (also for the open one's vehicles). */
  private readonly closedStackOf = (slot: number): number => {
    if (slot >= this.positions.count || slot >= this.stacks.stackOf.length) return NO_STACK;
    const i = this.stacks.stackOf[slot]!;
    return i !== NO_STACK && this.stacks.stacks[i]!.key !== this.openKey ? i : NO_STACK;
  };

  /** The stack a cluster is, when it holds one spot's vehicles and nothing else. */
  private pureStack(c: ClusterHit): Stack | undefined {
    const slot = this.clusters.memberSlot(c, this.positions);
    const stack = slot === undefined ? undefined : this.stacks.of(slot);
    return stack?.slots.length === c.count ? stack : undefined;
  }

  private stackHit(stack: Stack, x: number, y: number): { kind: 'stack' } & StackHit {
    return {
      kind: 'stack',
      stackKey: stack.key,
      count: stack.slots.length,
      memberIds: stack.slots.map((s) => this.positions.ids[s]!),
      x,
      y,
      reach: fanReach(fanOffsets(stack.slots.length)),
    };
  }

  /** Where a stack's spot is drawn now, in container pixels of the last frame's canvas. */
  private spotOnScreen(stack: Stack): [number, number] | null {
    const map = this._map as L.Map | undefined;
    const p = this.placement;
    const s = stack.slots[0]!;
    if (!map || !p || s >= this.positions.count) return null;
    const corner = this.cornerOf(map);
    const [x, y] = this.spotInCanvas(s, performance.now(), p.scale, p.x, p.y);
    return [x - (corner.x - p.x), y - (corner.y - p.y)];
  }

  /** A slot's fix (mid-glide included, without its fan offset) in canvas pixels. */
  private spotInCanvas(slot: number, now: number, scale: number, ox: number, oy: number): [number, number] {
    const q = this.positions;
    const t = progress(q.t0[slot]!, now);
    return [lerp(q.fx[slot]!, q.tx[slot]!, t) * scale - ox, lerp(q.fy[slot]!, q.ty[slot]!, t) * scale - oy];
  }

  /** Regroups the stacks when fixes came in, at most once a second; the open fan follows its spot. */
  private refreshStacks(now: number): void {
    if (!this.stacksDirty) return;
    if (now - this.stacksBuiltAt < STACK_REBUILD_MS) {
      this.redrawLater(STACK_REBUILD_MS - (now - this.stacksBuiltAt));
      return;
    }
    const before = this.stacksShape();
    this.stacks.rebuild(this.positions);
    // A count that changed or went is drawn over pixels no marker's move dirties: everything is repainted.
    if (this.stacksShape() !== before) this.forceRedraw = true;
    this.stacksDirty = false;
    this.stacksBuiltAt = now;
    this.applyFan();
  }

  /** Puts the open stack's vehicles on their fan (and the fan's former ones back), if it changed. */
  private applyFan(): void {
    const stack = this.openKey === null ? undefined : this.stacks.withKey(this.openKey);
    const slots = stack ? stack.slots : [];
    if (slots.length === this.fanned.length && slots.every((s, k) => s === this.fanned[k])) return;
    this.markers.setFan(this.fanned, []);
    this.fanned = [...slots];
    this.fan = fanOffsets(slots.length);
    this.markers.setFan(this.fanned, this.fan);
    this.forceRedraw = true;
    this.requestRedraw();
    // The stack emptied (its vehicles drove off) while it was open.
    if (!stack && this.openKey !== null && !this.stacksDirty) {
      this.openKey = null;
      this.opts.onStackChange?.(null);
    }
  }

  /**
   * What is drawn over the markers: each closed stack in view gets its count, the open one its pin, legs
   * and vehicles; names while few markers show (`labels`); the selected asset ringed and named. Work in
   * proportion to the fleet's stacks, not its assets.
   */
  private overlay(view: FrameView, now: number, labels: boolean): MarkerOverlay {
    const m = this.markers;
    const q = this.positions;
    const badges: number[] = [];
    for (const stack of this.stacks.stacks) {
      if (stack.key === this.openKey) continue;
      const top = stack.slots.find((s) => s < m.count && !Number.isNaN(m.sx[s]));
      if (top !== undefined) badges.push(m.sx[top]!, m.sy[top]!, stack.slots.length);
    }
    const first = this.fanned[0];
    let fan: MarkerOverlay['fan'] = null;
    if (first !== undefined && first < q.count) {
      const [cx, cy] = this.spotInCanvas(first, now, view.scale, view.ox, view.oy);
      const sprites: number[] = [];
      for (const s of this.fanned) {
        if (Number.isNaN(m.sx[s])) continue;
        const state = q.st[s]!;
        sprites.push(state, state === 0 ? headingColumn(q.tc[s]!) : 0, m.sx[s]!, m.sy[s]!);
      }
      fan = { cx, cy, offsets: this.fan, sprites };
    }
    const slot = this.selected === null ? undefined : q.slot(this.selected);
    const names: { x: number; y: number; rank: number; name: string }[] = [];
    if (labels) {
      for (let i = 0; i < m.count; i++) {
        const x = m.sx[i]!;
        if (Number.isNaN(x) || (this.closedStackOf(i) !== NO_STACK && i !== slot)) continue;
        names.push({ x, y: m.sy[i]!, rank: i === slot ? -1 : q.st[i]!, name: this.opts.nameOf(q.ids[i]!) });
      }
    }
    const selected =
      slot === undefined
        ? null
        : { ...m.markerAt(q, slot, now, view), name: this.opts.nameOf(this.selected!) };
    return { badges: Float64Array.from(badges), fan, labels: labels ? names : null, selected };
  }

  /** Which spots hold which stacks, as one string: a change (a vehicle joined or left) repaints the canvas. */
  private stacksShape(): string {
    return this.stacks.stacks.map((s) => `${s.key}:${s.slots.length}`).join(',');
  }

  private apply(positions: Iterable<LivePosition>, animate: boolean): void {
    const now = performance.now();
    this.positions.apply(positions, animate, now, this.opts.classify);
    this.batchesApplied++;
    if (animate) this.animateUntil = now + MOVE_DURATION_MS;
    this.clusters.markDirty();
    this.stacksDirty = true;
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
    const painter = this.painter;
    if (!map || !canvas || !painter) return;
    const started = performance.now();
    this.refreshStacks(started);
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
    // The painter sizes the canvas itself (a worker's canvas cannot be sized from the page).
    const width = Math.round(p.width * dpr);
    const height = Math.round(p.height * dpr);
    if (this.canvasSize !== `${width}x${height}`) {
      this.forceRedraw = true;
      this.canvasSize = `${width}x${height}`;
      canvas.style.width = `${p.width}px`;
      canvas.style.height = `${p.height}px`;
    }
    // Canvas x = world x · scale − the canvas's corner.
    const view: FrameView = { scale, ox: p.x, oy: p.y, width: p.width, height: p.height, dpr };
    const pal = this.opts.palette;
    const clustering =
      zoom < (this.opts.clusterBelowZoom ?? 0) ? 'zoom' : this.crowded(corner, size, scale, started);
    // Whether the view is clustered, and why, on the element: what a test or an operator's devtools can see.
    const shownAs = clustering || 'no';
    if (canvas.dataset.clustered !== shownAs) canvas.dataset.clustered = shownAs;
    if (clustering) {
      // The canvas's own bounds, plus a cluster disc's reach.
      const m = CLUSTER_QUERY_MARGIN_PX;
      const shown = {
        x0: (p.x - m) / scale,
        y0: (p.y - m) / scale,
        x1: (p.x + p.width + m) / scale,
        y1: (p.y + p.height + m) / scale,
      };
      this.clusters.refresh(this.positions, this.redrawLater, zoom, shown);
      if (
        !this.forceRedraw &&
        this.opts.skipUnchangedFrames !== false &&
        this.clustered?.built === this.clusters.built &&
        this.clustered.placement === p &&
        !this.clusters.loneChanged(this.positions) &&
        !this.glides(
          this.selected === null ? undefined : this.positions.slot(this.selected),
          this.clustered.at,
        ) &&
        !this.glides(this.fanned[0], this.clustered.at)
      ) {
        this.finishFrame(map, scale, corner, size, started);
        return;
      }
      const sw = map.unproject([p.x - m, p.y + p.height + m], zoom);
      const ne = map.unproject([p.x + p.width + m, p.y - m], zoom);
      const bbox = [sw.lng, sw.lat, ne.lng, ne.lat] as const;
      const scene: number[] = [];
      this.drawnClusters = this.clusters.draw(
        scene,
        this.positions,
        this.markers,
        bbox,
        zoom,
        view,
        this.openInClusters(),
      );
      // The open fan's vehicles are placed here (the clusters skip them), then drawn with the stacks' counts.
      const first = this.fanned[0];
      if (first !== undefined && first < this.positions.count) {
        const [cx, cy] = this.spotInCanvas(first, started, scale, p.x, p.y);
        this.fanned.forEach((s, k) => this.markers.place(s, cx + this.fan[k]![0], cy + this.fan[k]![1]));
      }
      const frame = { width, height, dpr, scene: Float64Array.from(scene) };
      painter.clustered(frame, this.overlay(view, started, false), pal);
      this.paintedFrames++;
      this.lastShown = null;
      // The clusters hid every marker (hideAll): an unclustered frame after this one starts from scratch.
      this.forceRedraw = false;
      this.clustered = { built: this.clusters.built, placement: p, at: started };
    } else {
      this.clustered = null;
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
      if (moved || !sameRect(shown, this.lastShown)) {
        const labels = this.labels && this.markers.visible <= LABEL_MAX_COUNT;
        const overlay = this.overlay(view, started, labels);
        painter.frame(this.markers.takeDelta(view), overlay, pal, shown);
        this.paintedFrames++;
        this.lastShown = shown;
        this.drawnClusters = [];
      }
      this.forceRedraw = false;
    }
    this.finishFrame(map, scale, corner, size, started);
  };

  /** 'crowded' when the view holds too many fixes to draw each marker apart and the layer clusters such views. */
  private crowded(corner: L.Point, size: L.Point, scale: number, now: number): 'crowded' | '' {
    if (this.opts.clusterWhenCrowded !== true) return '';
    const view = {
      x0: corner.x / scale,
      y0: corner.y / scale,
      x1: (corner.x + size.x) / scale,
      y1: (corner.y + size.y) / scale,
      width: size.x,
      height: size.y,
    };
    return this.crowding.assess(this.positions, this.batchesApplied, view, now) ? 'crowded' : '';
  }

  private finishFrame(map: L.Map, scale: number, corner: L.Point, size: L.Point, started: number): void {
    if (this.following && this.selected !== null) this.keepSelectedCentred(map, scale, corner, size);
    if (started < this.animateUntil) this.requestRedraw();
    // Asked again only when something was painted or the map moved: a hit test is a pass over the markers.
    const asked = `${this.paintedFrames}:${corner.x}:${corner.y}:${scale}`;
    if (this.pointer && asked !== this.hoverAskedAt) {
      this.hoverAskedAt = asked;
      this.hoverAt(this.pointer.x, this.pointer.y);
    }
    this.opts.onFrame?.(performance.now() - started);
    // Layers that mark assets (the alarm rings) redraw with the markers, when this frame painted or the view
    // moved: a frame skipped moved no marker by a whole pixel (ringing ~400 alarmed assets again in each
    // one cost ~14 ms a second at 50,000: bench:map --window --profile). None listening costs nothing.
    if (asked !== this.listenedAt) {
      this.listenedAt = asked;
      for (const l of this.frameListeners) l();
    }
  }

  /**
   * Whether a slot drawn at time `drawn` was not yet at rest on its latest fix then (mid-glide, or a
   * fix that came in since): it is drawn somewhere else now.
   */
  private glides(slot: number | undefined, drawn: number): boolean {
    return slot !== undefined && slot < this.positions.count && progress(this.positions.t0[slot]!, drawn) < 1;
  }

  /** What the clustered frame leaves to the fan: the open stack's spot and vehicles. */
  private openInClusters(): ReadonlySet<number> | null {
    return this.fanned.length === 0 ? null : new Set(this.fanned);
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

  /** A fan is laid out in screen pixels for one zoom: a new zoom folds it. */
  private fold(): void {
    this.openStack(null);
  }

  private onClick(e: L.LeafletMouseEvent): void {
    const hit = this.hitTest(e.containerPoint.x, e.containerPoint.y);
    if (hit?.kind === 'stack') {
      this.openStack(hit.stackKey);
      return;
    }
    // A click on one of the fanned vehicles keeps the fan open; anywhere else folds it.
    if (hit?.kind !== 'asset' || !this.fanned.includes(this.positions.slot(hit.assetId) ?? -1)) this.fold();
    if (hit?.kind === 'cluster') this.opts.onClusterClick?.(hit);
    else this.opts.onSelect?.(hit ? hit.assetId : null);
  }

  private onMouseMove(e: L.LeafletMouseEvent): void {
    this.pointer = { x: e.containerPoint.x, y: e.containerPoint.y };
    this.hoverAt(this.pointer.x, this.pointer.y);
  }

  private onMouseOut(): void {
    this.pointer = null;
    this.hover(null);
  }

  /** Says what is drawn under the pointer, when that changed: a resting pointer is asked again each frame. */
  private hoverAt(x: number, y: number): void {
    this.hover(this.hitTest(x, y));
  }

  private hover(hit: HoverHit | null): void {
    if (sameHover(hit, this.hovered)) return;
    this.hovered = hit;
    const container = this._map?.getContainer();
    if (container) container.style.cursor = hit ? 'pointer' : '';
    this.opts.onHover?.(hit);
  }
}
