import L from 'leaflet';
import { drawSpeedTrack, projectTrack, type ProjectedTrack, type TrackColumns } from '../map/speed-track';
import { StrokeCoverage } from '../map/stroke-coverage';
import { mercatorX, mercatorY, worldScale } from '../map/interpolation';
import type { DataGap } from './data-gaps';
import type { Stretch } from './stop-detection';
import { formatDuration } from './history-format';
import { placeLabels, type LabelCandidate } from './label-placement';
import { stopPlaces } from './stop-places';

/** The canvas reaches this far beyond the view on each side, so a pan shows track until moveend redraws. */
const PAD = 0.5;
/** Above this many stops in view, their duration labels would overlap into noise. */
const MAX_LABELLED_STOPS = 60;
const STOP_RADIUS = 6;
const LABEL_HEIGHT = 16;
/** How near the pointer must come to a fix for the track to count as pointed at. */
export const HOVER_PX = 10;

export interface TrackStyle {
  readonly stopFill: string;
  readonly stopRing: string;
  readonly labelText: string;
  readonly labelBack: string;
  /** The dashed connector across a stretch with no fixes. */
  readonly noData: string;
}

/** A labelled thing on the track: a stop (its duration) or a gap (its "no data" duration). */
interface Mark {
  readonly x: number;
  readonly y: number;
  readonly text: string;
  readonly priority: number;
  readonly stop: boolean;
}

/**
 * The replay track on one canvas: J1's speed-band drawing (features/map/speed-track), broken at
 * every data gap and joined there by a dashed grey "no data" connector, plus stop markers with their
 * duration. Labels never overlap (label-placement.ts): the longer stop keeps its label. Redrawn on
 * moveend/zoomend only; the moving replay cursor is a separate marker, so a 30-day track is not
 * redrawn per frame.
 */
export class TrackLayer extends L.Layer {
  private canvas: HTMLCanvasElement | null = null;
  /** The track between gaps, each piece projected once. */
  private pieces: ProjectedTrack[] = [];
  private whole: ProjectedTrack | null = null;
  private times: Float64Array = new Float64Array(0);
  private stops: readonly Stretch[] = [];
  private gaps: readonly DataGap[] = [];
  private stopXY: Float64Array = new Float64Array(0);
  /** Labels drawn at the last redraw, in container pixels (read by tests and screenshots). */
  private shownLabels: { text: string; left: number; top: number; width: number }[] = [];
  /** Inside batch(): the view's events ask for redraws that the batch's one draw makes. */
  private holding = false;
  private readonly coverage = new StrokeCoverage();
  constructor(
    private style: TrackStyle,
    /** Told after each redraw: how long it took, how many points survived thinning, how many segments were stroked. */
    private readonly onDrawn: (ms: number, kept: number, stroked: number) => void = () => {},
  ) {
    super();
  }

  setTrack(
    cols: (TrackColumns & { readonly t: Float64Array }) | null,
    stops: readonly Stretch[],
    gaps: readonly DataGap[],
  ): void {
    const whole = cols ? projectTrack(cols) : null;
    this.whole = whole;
    this.times = cols ? cols.t : new Float64Array(0);
    this.pieces = [];
    if (whole) {
      // The pieces between gaps are views of the one projection (a month: 259,200 sines and logarithms).
      let from = 0;
      for (const g of [...gaps, null]) {
        const to = g ? g.afterIndex + 1 : whole.x.length;
        this.pieces.push({
          x: whole.x.subarray(from, to),
          y: whole.y.subarray(from, to),
          band: whole.band.subarray(from, to),
        });
        from = to;
      }
    }
    this.stops = stops;
    this.gaps = cols ? gaps : [];
    this.stopXY = new Float64Array(stops.length * 2);
    stops.forEach((s, i) => {
      this.stopXY[i * 2] = mercatorX(s.lon);
      this.stopXY[i * 2 + 1] = mercatorY(s.lat);
    });
    this.redraw();
  }

  /**
   * Runs `change` (a new track, the view fitted to it) and then draws once: fitting the view fires
   * viewreset, zoomend and moveend, each of which would draw the whole track again.
   */
  batch(change: () => void): void {
    this.holding = true;
    try {
      change();
    } finally {
      this.holding = false;
    }
    this.redraw();
  }

  setStyle(style: TrackStyle): void {
    this.style = style;
    this.redraw();
  }

  get labels(): readonly { text: string; left: number; top: number; width: number }[] {
    return this.shownLabels;
  }

  /** The time of the fix nearest a container point, when one lies within HOVER_PX; else null. */
  timeNear(point: L.Point): number | null {
    const map = this._map as L.Map | undefined;
    const track = this.whole;
    if (!map || !track) return null;
    const scale = worldScale(map.getZoom());
    const origin = map.getPixelBounds().min ?? L.point(0, 0);
    const wx = (origin.x + point.x) / scale;
    const wy = (origin.y + point.y) / scale;
    let best = (HOVER_PX / scale) ** 2;
    let found = -1;
    for (let i = 0; i < track.x.length; i++) {
      const dx = track.x[i]! - wx;
      const dy = track.y[i]! - wy;
      const d = dx * dx + dy * dy;
      if (d <= best) {
        best = d;
        found = i;
      }
    }
    return found < 0 ? null : this.times[found]!;
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
    if (!map || !canvas || this.holding) return;
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
    this.shownLabels = [];
    if (!this.whole) return;
    const scale = worldScale(map.getZoom());
    const origin = map.getPixelBounds().min ?? L.point(0, 0);
    const ox = origin.x - padX;
    const oy = origin.y - padY;
    let kept = 0;
    let stroked = 0;
    // One coverage for every piece: a road driven before and after a gap is stroked once.
    this.coverage.reset(w, h);
    for (const piece of this.pieces) {
      const drawn = drawSpeedTrack(ctx, piece, scale, ox, oy, 3.5, this.coverage);
      kept += drawn.kept;
      stroked += drawn.stroked;
    }
    const gapMarks = this.drawGaps(ctx, scale, ox, oy);
    this.drawStops(ctx, scale, ox, oy, w, h, gapMarks, padX, padY, dpr);
    this.onDrawn(performance.now() - started, kept, stroked);
  }

  private drawGaps(ctx: CanvasRenderingContext2D, scale: number, ox: number, oy: number): Mark[] {
    const track = this.whole!;
    const marks: Mark[] = [];
    ctx.save();
    ctx.setLineDash([6, 6]);
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = this.style.noData;
    for (const g of this.gaps) {
      const a = g.afterIndex;
      const x0 = track.x[a]! * scale - ox;
      const y0 = track.y[a]! * scale - oy;
      const x1 = track.x[a + 1]! * scale - ox;
      const y1 = track.y[a + 1]! * scale - oy;
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(x1, y1);
      ctx.stroke();
      marks.push({
        x: (x0 + x1) / 2,
        y: (y0 + y1) / 2,
        text: `No data ${formatDuration(g.durationMs)}`,
        priority: g.durationMs,
        stop: false,
      });
    }
    ctx.restore();
    return marks;
  }

  private drawStops(
    ctx: CanvasRenderingContext2D,
    scale: number,
    ox: number,
    oy: number,
    w: number,
    h: number,
    gapMarks: readonly Mark[],
    padX: number,
    padY: number,
    dpr: number,
  ): void {
    const inView = (x: number, y: number): boolean => x >= -20 && y >= -20 && x <= w + 20 && y <= h + 20;
    const marks: Mark[] = gapMarks.filter((m) => inView(m.x, m.y));
    for (let i = 0; i < this.stops.length; i++) {
      const x = this.stopXY[i * 2]! * scale - ox;
      const y = this.stopXY[i * 2 + 1]! * scale - oy;
      if (!inView(x, y)) continue;
      const s = this.stops[i]!;
      marks.push({ x, y, text: formatDuration(s.durationMs), priority: s.durationMs, stop: true });
    }
    ctx.lineWidth = 2;
    ctx.fillStyle = this.style.stopFill;
    ctx.strokeStyle = this.style.stopRing;
    for (const [x, y] of stopPlaces(marks, dpr)) {
      ctx.beginPath();
      ctx.arc(x, y, STOP_RADIUS, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    }
    if (marks.length > MAX_LABELLED_STOPS) return;
    ctx.font = '600 11px system-ui, sans-serif';
    ctx.textBaseline = 'middle';
    const candidates: LabelCandidate[] = marks.map((m) => ({
      x: m.x,
      y: m.y,
      width: ctx.measureText(m.text).width + 8,
      height: LABEL_HEIGHT,
      priority: m.priority,
    }));
    for (const p of placeLabels(candidates, STOP_RADIUS)) {
      const m = marks[p.index]!;
      const c = candidates[p.index]!;
      ctx.fillStyle = this.style.labelBack;
      ctx.fillRect(p.left, p.top, c.width, c.height);
      ctx.fillStyle = m.stop ? this.style.labelText : this.style.noData;
      ctx.fillText(m.text, p.left + 4, p.top + c.height / 2);
      this.shownLabels.push({ text: m.text, left: p.left - padX, top: p.top - padY, width: c.width });
    }
    ctx.textBaseline = 'alphabetic';
  }
}
