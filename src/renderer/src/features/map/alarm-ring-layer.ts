import L from 'leaflet';
import type { AlarmSeverity } from '../../../../shared/interface';
import { SEVERITY_RANK } from './alarm-rank';
import { mercatorX, mercatorY, worldScale } from './interpolation';
import { clusterRadius } from './marker-drawing';

/** Where an asset's own marker is drawn at `now`, in Web Mercator's unit square; null when it is in a cluster or not drawn. */
export type DrawnPoint = (assetId: number, now: number) => readonly [number, number] | null;

/** A cluster the fleet's canvas drew that holds an alarmed asset: where, how many (its disc's size), the worst alarm. */
export interface AlarmedCluster {
  readonly lat: number;
  readonly lon: number;
  readonly count: number;
  readonly severity: AlarmSeverity;
}

export type RingColours = Readonly<Record<AlarmSeverity, string>>;

export const RING_COLOURS: Readonly<Record<'dark' | 'light', RingColours>> = {
  dark: { critical: '#ff6b6e', warning: '#f2bd4f', info: '#5aa9e6' },
  light: { critical: '#c62828', warning: '#b26a00', info: '#1f6fb8' },
};

/** Rings this far outside the map still count: half of one shows at the edge. */
const MARGIN_PX = 24;
const RING_R = 12;
/** A cluster's ring stands this far outside its disc's own outer ring (marker-drawing.ts drawCluster). */
const CLUSTER_RING_GAP = 5;
/** The halo: a soft band this wide outside the ring. */
const HALO_PX = 5;

/**
 * Rings round the assets with an unacknowledged alarm (the summary's
 * alarmedAssets) wherever their own marker is drawn, and round each cluster
 * that holds one, in its worst alarm's colour (a crowded city view is all
 * clusters: docs/architecture.md "The renderer"), on their own canvas under
 * the fleet's: the fleet's canvas repaints only what moved (marker-frame.ts),
 * and rings drawn into it would smear. This canvas covers the map and is
 * cleared and redrawn whole, which costs little because only alarmed assets
 * are drawn — and only when the map moves, the fleet layer paints a frame (a
 * glide, a new cluster index), or the set changes. The
 * subtle pulse is a CSS opacity animation of the whole canvas, in three steps
 * (alarm-map.css says why): no frame is drawn for it. Each ring is a copy, at
 * whole device pixels, of one drawn once per colour and size (ringSprite), and a frame
 * whose rings would land on the same pixels leaves the canvas alone: without a
 * GPU, Chromium rasterizes and composites a touched canvas of the map's size
 * again in each frame, and the ~400 rings of a 50,000-asset fleet on screen,
 * stroked every frame of a glide, held most of the page's main thread
 * (docs/architecture.md "National fleets").
 */
export class AlarmRingLayer extends L.Layer {
  private canvas: HTMLCanvasElement | null = null;
  private ctx: CanvasRenderingContext2D | null = null;
  private alarmed: readonly { readonly assetId: number; readonly severity: AlarmSeverity }[] = [];
  private frame = 0;
  /** One ring per colour and device scale, drawn once. */
  private readonly sprites = new Map<string, ImageBitmap | null>();
  /** What the canvas shows: each ring's sprite and device pixel, as drawn last. */
  private shown: { sprites: ImageBitmap[]; at: number[] } = { sprites: [], at: [] };

  constructor(
    private readonly drawnAt: DrawnPoint,
    private colours: RingColours,
    /** The clusters drawn that hold an alarmed asset: each is ringed in its worst alarm's colour. */
    private readonly alarmedClusters: () => readonly AlarmedCluster[] = () => [],
  ) {
    super();
  }

  override onAdd(map: L.Map): this {
    const pane = map.getPane('alarmRingPane') ?? map.createPane('alarmRingPane');
    // Under the fleet's pane (450): the ring frames the marker instead of covering its neighbours.
    pane.style.zIndex = '440';
    pane.style.pointerEvents = 'none';
    this.canvas = L.DomUtil.create('canvas', 'alarm-rings leaflet-zoom-hide', pane);
    this.ctx = this.canvas.getContext('2d');
    map.on('move zoomend viewreset resize', this.request, this);
    this.request();
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('move zoomend viewreset resize', this.request, this);
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.canvas?.remove();
    this.canvas = null;
    this.ctx = null;
    for (const sprite of this.sprites.values()) sprite?.close();
    this.sprites.clear();
    this.shown = { sprites: [], at: [] };
    return this;
  }

  /** The assets to ring, worst severity first so a critical ring is drawn over a warning one. */
  setAlarmed(alarmed: readonly { readonly assetId: number; readonly severity: AlarmSeverity }[]): void {
    this.alarmed = [...alarmed].sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity]);
    this.request();
  }

  setColours(colours: RingColours): void {
    this.colours = colours;
    this.request();
  }

  /** Draws now, in the fleet layer's frame: the rings keep to the markers as they glide. */
  redraw(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.draw();
  }

  readonly request = (): void => {
    if (this.frame === 0 && this.canvas) this.frame = requestAnimationFrame(this.drawFrame);
  };

  private readonly drawFrame = (): void => {
    this.frame = 0;
    this.draw();
  };

  private draw(): void {
    const map = this._map as L.Map | undefined;
    const canvas = this.canvas;
    const ctx = this.ctx;
    if (!map || !canvas || !ctx) return;
    const size = map.getSize();
    const dpr = window.devicePixelRatio || 1;
    const topLeft = map.containerPointToLayerPoint([0, 0]);
    L.DomUtil.setPosition(canvas, topLeft);
    let resized = false;
    if (canvas.width !== Math.round(size.x * dpr) || canvas.height !== Math.round(size.y * dpr)) {
      canvas.width = Math.round(size.x * dpr);
      canvas.height = Math.round(size.y * dpr);
      canvas.style.width = `${size.x}px`;
      canvas.style.height = `${size.y}px`;
      resized = true;
    }
    const next: { sprites: ImageBitmap[]; at: number[] } = { sprites: [], at: [] };
    let ringedClusters = 0;
    if (this.alarmed.length > 0) {
      const scale = worldScale(map.getZoom());
      const corner = map.getPixelOrigin().add(topLeft);
      const place = (wx: number, wy: number, severity: AlarmSeverity, radius: number): void => {
        const x = wx * scale - corner.x;
        const y = wy * scale - corner.y;
        const reach = MARGIN_PX + radius - RING_R;
        if (x < -reach || y < -reach || x > size.x + reach || y > size.y + reach) return;
        const sprite = this.sprite(this.colours[severity], radius, dpr);
        if (!sprite) return;
        // Whole device pixels: a copy at a fraction of one is resampled, and its colours blur.
        next.sprites.push(sprite);
        next.at.push(Math.round(x * dpr - sprite.width / 2), Math.round(y * dpr - sprite.height / 2));
      };
      // Under the assets' rings; worst last within each, so a critical ring is drawn over a warning one.
      const clusters = [...this.alarmedClusters()].sort(
        (a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity],
      );
      for (const c of clusters)
        place(
          mercatorX(c.lon),
          mercatorY(c.lat),
          c.severity,
          Math.round(clusterRadius(c.count)) + 3 + CLUSTER_RING_GAP,
        );
      ringedClusters = next.sprites.length;
      const now = performance.now();
      for (const { assetId, severity } of this.alarmed) {
        const at = this.drawnAt(assetId, now);
        if (at) place(at[0], at[1], severity, RING_R);
      }
    }
    // The same rings at the same pixels are not drawn again: a canvas touched in a frame is composited
    // again whole, and in a glide most frames move no marker by a whole pixel.
    if (!resized && sameRings(this.shown, next)) return;
    this.shown = next;
    // What is ringed, on the element: a test or an operator's devtools can see it without reading pixels.
    canvas.dataset.ringedClusters = String(ringedClusters);
    canvas.dataset.ringedAssets = String(next.sprites.length - ringedClusters);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    next.sprites.forEach((sprite, i) => ctx.drawImage(sprite, next.at[2 * i]!, next.at[2 * i + 1]!));
  }

  private sprite(colour: string, radius: number, dpr: number): ImageBitmap | null {
    const key = `${colour} ${radius} ${dpr}`;
    let sprite = this.sprites.get(key);
    if (sprite === undefined) {
      sprite = ringSprite(colour, radius, dpr);
      this.sprites.set(key, sprite);
    }
    return sprite;
  }
}

function sameRings(
  a: { readonly sprites: readonly ImageBitmap[]; readonly at: readonly number[] },
  b: { readonly sprites: readonly ImageBitmap[]; readonly at: readonly number[] },
): boolean {
  if (a.sprites.length !== b.sprites.length) return false;
  for (let i = 0; i < a.sprites.length; i++) if (a.sprites[i] !== b.sprites[i]) return false;
  for (let i = 0; i < a.at.length; i++) if (a.at[i] !== b.at[i]) return false;
  return true;
}

/**
 * A ring and its halo, centred in an even number of device pixels; null where there is no OffscreenCanvas.
 * A bitmap, not a canvas: Chromium copies a canvas source's pixels out again for each drawImage.
 */
function ringSprite(colour: string, radius: number, dpr: number): ImageBitmap | null {
  if (typeof OffscreenCanvas === 'undefined') return null;
  const halo = radius + HALO_PX;
  const side = 2 * Math.ceil((halo + 1) * dpr);
  const canvas = new OffscreenCanvas(side, side);
  const g = canvas.getContext('2d');
  if (!g) return null;
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  const c = side / 2 / dpr;
  g.beginPath();
  g.arc(c, c, halo, 0, Math.PI * 2);
  g.fillStyle = colour;
  g.globalAlpha = 0.18;
  g.fill();
  g.globalAlpha = 1;
  g.beginPath();
  g.arc(c, c, radius, 0, Math.PI * 2);
  g.lineWidth = 3;
  g.strokeStyle = colour;
  g.stroke();
  return canvas.transferToImageBitmap();
}
