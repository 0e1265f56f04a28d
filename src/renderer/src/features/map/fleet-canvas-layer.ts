import L from 'leaflet';
import type { LivePosition } from '../../../../shared/ipc';
import { ClusterAdapter, type ClusterItem } from './cluster-adapter';
import { lerp, lerpAngle, mercatorX, mercatorY, MOVE_DURATION_MS, progress } from './interpolation';
import { clusterRadius, drawCluster, drawLabel, drawSelection, type Palette } from './marker-drawing';
import { buildSpriteAtlas, headingColumn, SPRITE_CSS_PX, type SpriteAtlas } from './marker-sprites';
import { PixelFrame } from './pixel-frame';

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
  /** Skip frames identical to the last painted one (default true; the bench turns it off for the worst case). */
  skipUnchangedFrames?: boolean;
  /** Called with the main-thread time of each redraw (bench, diagnostics). */
  onFrame?(ms: number): void;
}

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

const HIT_RADIUS_PX = 12;
/** Rebuilding the cluster index costs ~10 ms at 10,000 assets; once a second follows the live feed. */
const CLUSTER_REBUILD_MS = 1000;
const LABEL_MIN_ZOOM = 14;
const LABEL_MAX_COUNT = 150;
const CLUSTER_MEMBER_LIMIT = 12;
const HIDDEN = -0x7fffffff;

/**
 * The whole fleet on ONE canvas (issue 5 §1–2): no DOM element per asset,
 * positions kept in typed arrays, one redraw per animation frame however many
 * batches arrive, each move interpolated over ~1 s in Web Mercator space.
 */
export class FleetCanvasLayer extends L.Layer {
  private canvas: HTMLCanvasElement | null = null;
  private ctx: CanvasRenderingContext2D | null = null;
  private opts: FleetLayerOptions;
  private readonly clusters: ClusterAdapter;

  private count = 0;
  private readonly slotOf = new Map<number, number>();
  private ids = new Int32Array(1024);
  private fx = new Float64Array(1024);
  private fy = new Float64Array(1024);
  private tx = new Float64Array(1024);
  private ty = new Float64Array(1024);
  private fc = new Float32Array(1024);
  private tc = new Float32Array(1024);
  private t0 = new Float64Array(1024);
  private st = new Uint8Array(1024);
  private lat = new Float64Array(1024);
  private lon = new Float64Array(1024);
  /** Screen position of each slot at the last redraw, NaN when not drawn (hit-testing). */
  private sx = new Float32Array(1024);
  private sy = new Float32Array(1024);

  private drawnClusters: ClusterHit[] = [];
  private atlas: { palette: Palette; dpr: number; sprites: SpriteAtlas } | null = null;
  private pixels: PixelFrame | null = null;
  /** Whole device pixel and heading column of each slot at the last painted frame. */
  private qx = new Int32Array(1024).fill(HIDDEN);
  private qy = new Int32Array(1024);
  private qc = new Uint8Array(1024);
  private visible = 0;
  private forceRedraw = true;
  private paused = false;
  private animateUntil = 0;
  private frame = 0;
  private clusterDirty = true;
  private clusterBuiltAt = -Infinity;
  private selected: number | null = null;
  private following = false;

  constructor(options: FleetLayerOptions) {
    super();
    this.opts = options;
    this.clusters = new ClusterAdapter(Math.max(0, (options.clusterBelowZoom ?? 0) - 1));
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
    map.off('zoomanim', this.onZoomAnim, this);
    map.off('click', this.onClick, this);
    map.off('mousemove', this.onMouseMove, this);
    map.off('dragstart', this.stopFollowingOnDrag, this);
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.canvas?.remove();
    this.canvas = null;
    this.ctx = null;
    return this;
  }

  /** Replaces everything (a new snapshot): no animation from stale places. */
  reset(positions: Iterable<LivePosition>): void {
    this.count = 0;
    this.slotOf.clear();
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
    if (this.count === 0) return null;
    let s = 90,
      w = 180,
      n = -90,
      e = -180;
    for (let i = 0; i < this.count; i++) {
      const la = this.lat[i]!,
        lo = this.lon[i]!;
      if (la < s) s = la;
      if (la > n) n = la;
      if (lo < w) w = lo;
      if (lo > e) e = lo;
    }
    return L.latLngBounds([s, w], [n, e]);
  }

  positionOf(assetId: number): L.LatLng | null {
    const i = this.slotOf.get(assetId);
    return i === undefined ? null : L.latLng(this.lat[i]!, this.lon[i]!);
  }

  private apply(positions: Iterable<LivePosition>, animate: boolean): void {
    const now = performance.now();
    for (const p of positions) {
      let i = this.slotOf.get(p.assetId);
      const x = mercatorX(p.lon);
      const y = mercatorY(p.lat);
      if (i === undefined) {
        i = this.count++;
        this.grow(this.count);
        this.slotOf.set(p.assetId, i);
        this.ids[i] = p.assetId;
        this.fx[i] = x;
        this.fy[i] = y;
        this.fc[i] = p.course;
        this.t0[i] = -Infinity;
      } else if (animate) {
        const k = progress(this.t0[i]!, now);
        this.fx[i] = lerp(this.fx[i]!, this.tx[i]!, k);
        this.fy[i] = lerp(this.fy[i]!, this.ty[i]!, k);
        this.fc[i] = lerpAngle(this.fc[i]!, this.tc[i]!, k);
        this.t0[i] = now;
      } else {
        this.fx[i] = x;
        this.fy[i] = y;
        this.t0[i] = -Infinity;
      }
      this.tx[i] = x;
      this.ty[i] = y;
      this.tc[i] = p.course;
      this.lat[i] = p.lat;
      this.lon[i] = p.lon;
      this.st[i] = this.opts.classify(p);
    }
    if (animate) this.animateUntil = now + MOVE_DURATION_MS;
    this.clusterDirty = true;
    this.forceRedraw = true;
    this.requestRedraw();
  }

  private grow(n: number): void {
    if (n <= this.ids.length) return;
    const size = Math.max(n, this.ids.length * 2);
    const f64 = (old: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> => {
      const next = new Float64Array(size);
      next.set(old);
      return next;
    };
    const f32 = (old: Float32Array<ArrayBuffer>): Float32Array<ArrayBuffer> => {
      const next = new Float32Array(size);
      next.set(old);
      return next;
    };
    const ids = new Int32Array(size);
    ids.set(this.ids);
    this.ids = ids;
    const st = new Uint8Array(size);
    st.set(this.st);
    this.st = st;
    const qx = new Int32Array(size).fill(HIDDEN);
    qx.set(this.qx);
    this.qx = qx;
    const qy = new Int32Array(size);
    qy.set(this.qy);
    this.qy = qy;
    const qc = new Uint8Array(size);
    qc.set(this.qc);
    this.qc = qc;
    this.fx = f64(this.fx);
    this.fy = f64(this.fy);
    this.tx = f64(this.tx);
    this.ty = f64(this.ty);
    this.t0 = f64(this.t0);
    this.lat = f64(this.lat);
    this.lon = f64(this.lon);
    this.fc = f32(this.fc);
    this.tc = f32(this.tc);
    this.sx = f32(this.sx);
    this.sy = f32(this.sy);
  }

  readonly requestRedraw = (): void => {
    if (this.frame === 0 && this.canvas && !this.paused) this.frame = requestAnimationFrame(this.draw);
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
    const topLeft = map.containerPointToLayerPoint([0, 0]);
    L.DomUtil.setTransform(canvas, topLeft, 1);
    if (canvas.width !== Math.round(size.x * dpr) || canvas.height !== Math.round(size.y * dpr)) {
      this.forceRedraw = true;
      canvas.width = Math.round(size.x * dpr);
      canvas.height = Math.round(size.y * dpr);
      canvas.style.width = `${size.x}px`;
      canvas.style.height = `${size.y}px`;
    }
    const zoom = map.getZoom();
    const scale = 256 * Math.pow(2, zoom);
    const origin = map.getPixelOrigin();
    // Container x = world x · scale − pixel origin − layer offset of the container's corner.
    const ox = origin.x + topLeft.x;
    const oy = origin.y + topLeft.y;
    const k = this.opts.clusterBelowZoom ?? 0;
    if (zoom < k) {
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, size.x, size.y);
      this.drawClustered(ctx, map, zoom, scale, ox, oy, size);
      this.drawSelected(ctx, scale, ox, oy, started);
      this.forceRedraw = true;
    } else {
      const moved = this.locate(started, scale, ox, oy, size, dpr);
      // A frame whose every marker lands on the same whole pixel as the last one would be identical: skip it.
      if (moved || this.forceRedraw || this.opts.skipUnchangedFrames === false) {
        ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
        this.paint(ctx, zoom);
        this.drawSelected(ctx, scale, ox, oy, started);
        this.forceRedraw = false;
      }
    }

    if (this.following && this.selected !== null) this.keepSelectedCentred(map, scale, ox, oy, size);
    if (started < this.animateUntil) this.requestRedraw();
    this.opts.onFrame?.(performance.now() - started);
  };

  /** Screen position of every asset this frame; true when any lands on a different whole pixel or heading. */
  private locate(now: number, scale: number, ox: number, oy: number, size: L.Point, dpr: number): boolean {
    const margin = 16;
    let moved = false;
    this.visible = 0;
    for (let i = 0; i < this.count; i++) {
      const t = progress(this.t0[i]!, now);
      const x = lerp(this.fx[i]!, this.tx[i]!, t) * scale - ox;
      const y = lerp(this.fy[i]!, this.ty[i]!, t) * scale - oy;
      let qx = HIDDEN;
      let qy = 0;
      let qc = 0;
      if (x < -margin || y < -margin || x > size.x + margin || y > size.y + margin) {
        this.sx[i] = NaN;
      } else {
        this.sx[i] = x;
        this.sy[i] = y;
        this.visible++;
        qx = Math.round(x * dpr);
        qy = Math.round(y * dpr);
        qc = this.st[i] === 0 ? headingColumn(lerpAngle(this.fc[i]!, this.tc[i]!, t)) : 0;
      }
      if (qx !== this.qx[i] || qy !== this.qy[i] || qc !== this.qc[i]) {
        moved = true;
        this.qx[i] = qx;
        this.qy[i] = qy;
        this.qc[i] = qc;
      }
    }
    return moved;
  }

  private paint(ctx: CanvasRenderingContext2D, zoom: number): void {
    const pal = this.opts.palette;
    // Composed in JavaScript, handed over in one putImageData (see pixel-frame.ts for why).
    const atlas = this.spritesFor(pal);
    const frame = this.frameFor(ctx.canvas.width, ctx.canvas.height);
    frame.clear();
    for (let i = 0; i < this.count; i++) {
      if (this.qx[i] === HIDDEN) continue;
      const sprite = atlas.pixels[this.st[i]!]?.[this.qc[i]!];
      if (sprite) frame.blit(sprite, this.qx[i]!, this.qy[i]!);
    }
    ctx.putImageData(frame.image, 0, 0);
    this.drawnClusters = [];
    if (zoom >= LABEL_MIN_ZOOM && this.visible <= LABEL_MAX_COUNT) {
      for (let i = 0; i < this.count; i++) {
        const x = this.sx[i]!;
        if (!Number.isNaN(x)) drawLabel(ctx, x, this.sy[i]!, this.opts.nameOf(this.ids[i]!), pal);
      }
    }
  }

  private frameFor(width: number, height: number): PixelFrame {
    if (this.pixels?.width !== width || this.pixels.height !== height)
      this.pixels = new PixelFrame(width, height);
    return this.pixels;
  }

  private spritesFor(palette: Palette): SpriteAtlas {
    const dpr = window.devicePixelRatio || 1;
    if (this.atlas?.palette !== palette || this.atlas.dpr !== dpr)
      this.atlas = { palette, dpr, sprites: buildSpriteAtlas(palette, dpr, palette.state.length) };
    return this.atlas.sprites;
  }

  private drawClustered(
    ctx: CanvasRenderingContext2D,
    map: L.Map,
    zoom: number,
    scale: number,
    ox: number,
    oy: number,
    size: L.Point,
  ): void {
    const now = performance.now();
    if (this.clusterDirty && now - this.clusterBuiltAt >= CLUSTER_REBUILD_MS) {
      const points = [];
      for (let i = 0; i < this.count; i++)
        points.push({ assetId: this.ids[i]!, lat: this.lat[i]!, lon: this.lon[i]! });
      this.clusters.load(points);
      this.clusterDirty = false;
      this.clusterBuiltAt = now;
    } else if (this.clusterDirty) {
      setTimeout(this.requestRedraw, CLUSTER_REBUILD_MS - (now - this.clusterBuiltAt));
    }
    this.sx.fill(NaN);
    const b = map.getBounds().pad(0.1);
    const items: ClusterItem[] = this.clusters.query(
      [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()],
      zoom,
    );
    const pal = this.opts.palette;
    const hits: ClusterHit[] = [];
    for (const item of items) {
      const x = mercatorX(item.lon) * scale - ox;
      const y = mercatorY(item.lat) * scale - oy;
      if (x < -40 || y < -40 || x > size.x + 40 || y > size.y + 40) continue;
      if (item.kind === 'cluster') {
        drawCluster(ctx, x, y, item.count, pal);
        hits.push({
          clusterId: item.clusterId,
          count: item.count,
          memberIds: [],
          x,
          y,
          lat: item.lat,
          lon: item.lon,
          expansionZoom: 0,
        });
      } else {
        const i = this.slotOf.get(item.assetId);
        if (i === undefined) continue;
        this.sx[i] = x;
        this.sy[i] = y;
        const atlas = this.spritesFor(pal);
        const col = this.st[i] === 0 ? headingColumn(this.tc[i]!) : 0;
        const h = SPRITE_CSS_PX / 2;
        ctx.drawImage(
          atlas.canvas,
          col * atlas.cell,
          this.st[i]! * atlas.cell,
          atlas.cell,
          atlas.cell,
          x - h,
          y - h,
          2 * h,
          2 * h,
        );
      }
    }
    this.drawnClusters = hits;
  }

  private drawSelected(
    ctx: CanvasRenderingContext2D,
    scale: number,
    ox: number,
    oy: number,
    now: number,
  ): void {
    if (this.selected === null) return;
    const i = this.slotOf.get(this.selected);
    if (i === undefined) return;
    const t = progress(this.t0[i]!, now);
    const x = lerp(this.fx[i]!, this.tx[i]!, t) * scale - ox;
    const y = lerp(this.fy[i]!, this.ty[i]!, t) * scale - oy;
    // The selected asset is always drawn, even where it sits inside a cluster.
    const atlas = this.spritesFor(this.opts.palette);
    const col = this.st[i] === 0 ? headingColumn(lerpAngle(this.fc[i]!, this.tc[i]!, t)) : 0;
    const h = SPRITE_CSS_PX / 2;
    ctx.drawImage(
      atlas.canvas,
      col * atlas.cell,
      this.st[i]! * atlas.cell,
      atlas.cell,
      atlas.cell,
      x - h,
      y - h,
      2 * h,
      2 * h,
    );
    drawSelection(ctx, x, y, this.opts.palette);
    drawLabel(ctx, x, y, this.opts.nameOf(this.selected), this.opts.palette);
  }

  private keepSelectedCentred(map: L.Map, scale: number, ox: number, oy: number, size: L.Point): void {
    const i = this.slotOf.get(this.selected!);
    if (i === undefined) return;
    const t = progress(this.t0[i]!, performance.now());
    const dx = lerp(this.fx[i]!, this.tx[i]!, t) * scale - ox - size.x / 2;
    const dy = lerp(this.fy[i]!, this.ty[i]!, t) * scale - oy - size.y / 2;
    if (Math.abs(dx) >= 0.5 || Math.abs(dy) >= 0.5) map.panBy([dx, dy], { animate: false });
  }

  private onZoomAnim(e: L.ZoomAnimEvent): void {
    // Scale the last frame along with the tiles during the zoom animation (as L.Renderer does).
    const map = this._map;
    if (!this.canvas || !map) return;
    const scale = map.getZoomScale(e.zoom, map.getZoom());
    const size = map.getSize();
    const pos = map.containerPointToLayerPoint([0, 0]).multiplyBy(-1);
    const newOrigin = map.project(e.center, e.zoom).subtract(size.divideBy(2)).add(pos).round();
    const offset = size
      .divideBy(2)
      .multiplyBy(-scale)
      .add(map.project(map.getCenter(), e.zoom))
      .subtract(newOrigin);
    L.DomUtil.setTransform(this.canvas, offset, scale);
  }

  private onZoomEnd(): void {
    this.forceRedraw = true;
    this.clusterDirty = true;
    this.clusterBuiltAt = -Infinity;
    this.requestRedraw();
  }

  private stopFollowingOnDrag(): void {
    this.following = false;
    this.fire('followchange', { following: false });
  }

  /** The asset or cluster under a container point. */
  hitTest(x: number, y: number): HoverHit | null {
    for (const c of this.drawnClusters) {
      const r = clusterRadius(c.count);
      if ((c.x - x) ** 2 + (c.y - y) ** 2 <= r * r) return { kind: 'cluster', ...this.describe(c) };
    }
    let best = -1;
    let bestD = HIT_RADIUS_PX * HIT_RADIUS_PX;
    for (let i = 0; i < this.count; i++) {
      const sx = this.sx[i]!;
      if (Number.isNaN(sx)) continue;
      const d = (sx - x) ** 2 + (this.sy[i]! - y) ** 2;
      if (d <= bestD) {
        bestD = d;
        best = i;
      }
    }
    return best < 0
      ? null
      : { kind: 'asset', assetId: this.ids[best]!, x: this.sx[best]!, y: this.sy[best]! };
  }

  private describe(c: ClusterHit): ClusterHit {
    return {
      ...c,
      memberIds: this.clusters.members(c.clusterId, CLUSTER_MEMBER_LIMIT),
      expansionZoom: this.clusters.expansionZoom(c.clusterId),
    };
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
