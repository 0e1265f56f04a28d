import L from 'leaflet';
import { drawSpeedTrack, projectTrack, type ProjectedTrack, type TrackColumns } from '../map/speed-track';
import { mercatorX, mercatorY, worldScale } from '../map/interpolation';
import type { Stretch } from './stop-detection';
import { formatDuration } from './history-format';

/** The canvas reaches this far beyond the view on each side, so a pan shows track until moveend redraws. */
const PAD = 0.5;
/** Above this many stops in view, their duration labels would overlap into noise. */
const MAX_LABELLED_STOPS = 60;

export interface TrackStyle {
  readonly stopFill: string;
  readonly stopRing: string;
  readonly labelText: string;
  readonly labelBack: string;
}

/**
 * The replay track on one canvas: J1's speed-band drawing (features/map/speed-track)
 * plus stop markers with their duration. Redrawn on moveend/zoomend only; the
 * moving replay cursor is a separate marker, so a 30-day track is not redrawn per frame.
 */
export class TrackLayer extends L.Layer {
  private canvas: HTMLCanvasElement | null = null;
  private track: ProjectedTrack | null = null;
  private stops: readonly Stretch[] = [];
  private stopXY: Float64Array = new Float64Array(0);
  constructor(
    private style: TrackStyle,
    /** Told after each redraw: how long it took and how many points survived thinning. */
    private readonly onDrawn: (ms: number, kept: number) => void = () => {},
  ) {
    super();
  }

  setTrack(cols: TrackColumns | null, stops: readonly Stretch[]): void {
    this.track = cols ? projectTrack(cols) : null;
    this.stops = stops;
    this.stopXY = new Float64Array(stops.length * 2);
    stops.forEach((s, i) => {
      this.stopXY[i * 2] = mercatorX(s.lon);
      this.stopXY[i * 2 + 1] = mercatorY(s.lat);
    });
    this.redraw();
  }

  setStyle(style: TrackStyle): void {
    this.style = style;
    this.redraw();
  }

  override onAdd(map: L.Map): this {
    const canvas = L.DomUtil.create('canvas', 'leaflet-zoom-hide history-track-canvas');
    canvas.style.position = 'absolute';
    canvas.style.pointerEvents = 'none';
    map.getPane('overlayPane')?.appendChild(canvas);
    this.canvas = canvas;
    map.on('moveend zoomend resize viewreset', this.redraw, this);
    this.redraw();
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('moveend zoomend resize viewreset', this.redraw, this);
    this.canvas?.remove();
    this.canvas = null;
    return this;
  }

  redraw(): void {
    const map = this._map as L.Map | undefined;
    const canvas = this.canvas;
    if (!map || !canvas) return;
    const started = performance.now();
    const size = map.getSize();
    const padX = Math.round(size.x * PAD);
    const padY = Math.round(size.y * PAD);
    const w = size.x + 2 * padX;
    const h = size.y + 2 * padY;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    canvas.style.width = `${w}px`;
    canvas.style.height = `${h}px`;
    L.DomUtil.setPosition(canvas, map.containerPointToLayerPoint([-padX, -padY]));
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, w, h);
    if (!this.track) return;
    const scale = worldScale(map.getZoom());
    const origin = map.getPixelBounds().min ?? L.point(0, 0);
    const ox = origin.x - padX;
    const oy = origin.y - padY;
    const kept = drawSpeedTrack(ctx, this.track, scale, ox, oy, 3.5);
    this.drawStops(ctx, scale, ox, oy, w, h);
    this.onDrawn(performance.now() - started, kept);
  }

  private drawStops(
    ctx: CanvasRenderingContext2D,
    scale: number,
    ox: number,
    oy: number,
    w: number,
    h: number,
  ): void {
    const visible: [number, number, Stretch][] = [];
    for (let i = 0; i < this.stops.length; i++) {
      const x = this.stopXY[i * 2]! * scale - ox;
      const y = this.stopXY[i * 2 + 1]! * scale - oy;
      if (x < -20 || y < -20 || x > w + 20 || y > h + 20) continue;
      visible.push([x, y, this.stops[i]!]);
    }
    ctx.lineWidth = 2;
    for (const [x, y] of visible) {
      ctx.beginPath();
      ctx.arc(x, y, 6, 0, Math.PI * 2);
      ctx.fillStyle = this.style.stopFill;
      ctx.fill();
      ctx.strokeStyle = this.style.stopRing;
      ctx.stroke();
    }
    if (visible.length > MAX_LABELLED_STOPS) return;
    ctx.font = '600 11px system-ui, sans-serif';
    ctx.textBaseline = 'middle';
    for (const [x, y, s] of visible) {
      const text = formatDuration(s.durationMs);
      const tw = ctx.measureText(text).width;
      ctx.fillStyle = this.style.labelBack;
      ctx.fillRect(x + 9, y - 8, tw + 8, 16);
      ctx.fillStyle = this.style.labelText;
      ctx.fillText(text, x + 13, y);
    }
  }
}
