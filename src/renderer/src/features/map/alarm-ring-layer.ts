import L from 'leaflet';
import type { AlarmSeverity } from '../../../../shared/interface';
import { worldScale } from './interpolation';

/** Where an asset's own marker is drawn at `now`, in Web Mercator's unit square; null when it is in a cluster or not drawn. */
export type DrawnPoint = (assetId: number, now: number) => readonly [number, number] | null;

export type RingColours = Readonly<Record<AlarmSeverity, string>>;

export const RING_COLOURS: Readonly<Record<'dark' | 'light', RingColours>> = {
  dark: { critical: '#ff6b6e', warning: '#f2bd4f', info: '#5aa9e6' },
  light: { critical: '#c62828', warning: '#b26a00', info: '#1f6fb8' },
};

/** Rings this far outside the map still count: half of one shows at the edge. */
const MARGIN_PX = 24;
const RING_R = 12;
const SEVERITY_RANK: Readonly<Record<AlarmSeverity, number>> = { critical: 0, warning: 1, info: 2 };

/**
 * Rings round the assets with an unacknowledged alarm (the summary's
 * alarmedAssets) wherever their own marker is drawn (not inside a cluster,
 * where the tab's count says enough), on their own canvas under the fleet's: the fleet's canvas
 * repaints only what moved (marker-frame.ts), and rings drawn into it would
 * smear. This canvas covers the map and is cleared and redrawn whole, which
 * costs little because only alarmed assets are drawn — and only when the map
 * moves, the fleet layer draws a frame (a glide), or the set changes. The
 * subtle pulse is a CSS opacity animation of the whole canvas: no frame is
 * drawn for it.
 */
export class AlarmRingLayer extends L.Layer {
  private canvas: HTMLCanvasElement | null = null;
  private ctx: CanvasRenderingContext2D | null = null;
  private alarmed: readonly { readonly assetId: number; readonly severity: AlarmSeverity }[] = [];
  private frame = 0;

  constructor(
    private readonly drawnAt: DrawnPoint,
    private colours: RingColours,
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
    if (canvas.width !== Math.round(size.x * dpr) || canvas.height !== Math.round(size.y * dpr)) {
      canvas.width = Math.round(size.x * dpr);
      canvas.height = Math.round(size.y * dpr);
      canvas.style.width = `${size.x}px`;
      canvas.style.height = `${size.y}px`;
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, size.x, size.y);
    if (this.alarmed.length === 0) return;
    const scale = worldScale(map.getZoom());
    const corner = map.getPixelOrigin().add(topLeft);
    const now = performance.now();
    for (const { assetId, severity } of this.alarmed) {
      const at = this.drawnAt(assetId, now);
      if (!at) continue;
      const x = at[0] * scale - corner.x;
      const y = at[1] * scale - corner.y;
      if (x < -MARGIN_PX || y < -MARGIN_PX || x > size.x + MARGIN_PX || y > size.y + MARGIN_PX) continue;
      const colour = this.colours[severity];
      ctx.beginPath();
      ctx.arc(x, y, RING_R + 5, 0, Math.PI * 2);
      ctx.fillStyle = colour;
      ctx.globalAlpha = 0.18;
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.beginPath();
      ctx.arc(x, y, RING_R, 0, Math.PI * 2);
      ctx.lineWidth = 3;
      ctx.strokeStyle = colour;
      ctx.stroke();
    }
  }
}
