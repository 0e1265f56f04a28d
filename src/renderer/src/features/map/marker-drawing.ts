export interface Palette {
  /** Fill per STATE_INDEX: moving, idle, stopped, offline. */
  readonly state: readonly string[];
  readonly outline: string;
  readonly labelText: string;
  readonly labelBack: string;
  readonly selection: string;
  readonly clusterFill: string;
  readonly clusterRing: string;
  readonly clusterText: string;
}

const DOT_R = 5;
const ARROW_LEN = 9;
const ARROW_HALF_W = 6;

/** Adds a heading arrow to the current path (no save/restore: 10,000 of these share one fill). */
export function drawArrow(ctx: CanvasRenderingContext2D, x: number, y: number, courseDeg: number): void {
  const a = (courseDeg * Math.PI) / 180;
  const sin = Math.sin(a);
  const cos = Math.cos(a);
  // Tip ahead along the course (0° = north = −y), tail corners behind, notch at the centre.
  ctx.moveTo(x + sin * ARROW_LEN, y - cos * ARROW_LEN);
  ctx.lineTo(x - sin * 6 + cos * ARROW_HALF_W, y + cos * 6 + sin * ARROW_HALF_W);
  ctx.lineTo(x - sin * 2.5, y + cos * 2.5);
  ctx.lineTo(x - sin * 6 - cos * ARROW_HALF_W, y + cos * 6 - sin * ARROW_HALF_W);
  ctx.closePath();
}

export function drawDot(ctx: CanvasRenderingContext2D, x: number, y: number): void {
  ctx.moveTo(x + DOT_R, y);
  ctx.arc(x, y, DOT_R, 0, Math.PI * 2);
}

export function drawSelection(ctx: CanvasRenderingContext2D, x: number, y: number, pal: Palette): void {
  ctx.beginPath();
  ctx.arc(x, y, 13, 0, Math.PI * 2);
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = pal.selection;
  ctx.stroke();
}

const LABEL_FONT = '600 11px system-ui, sans-serif';

/** The box drawLabel() and drawSelection() cover together, in CSS pixels, with a pixel to spare for antialiasing. */
export function selectionBox(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  text: string,
): { x0: number; y0: number; x1: number; y1: number } {
  ctx.font = LABEL_FONT;
  const w = ctx.measureText(text).width;
  return { x0: x - 16, y0: y - 16, x1: x + 19 + w, y1: y + 16 };
}

export function drawLabel(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  text: string,
  pal: Palette,
): void {
  ctx.font = LABEL_FONT;
  const w = ctx.measureText(text).width;
  const lx = x + 14;
  const ly = y - 8;
  ctx.fillStyle = pal.labelBack;
  ctx.beginPath();
  ctx.roundRect(lx - 4, ly - 1, w + 8, 16, 3);
  ctx.fill();
  ctx.fillStyle = pal.labelText;
  ctx.textBaseline = 'top';
  ctx.fillText(text, lx, ly + 2);
}

export function drawCluster(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  count: number,
  pal: Palette,
): void {
  const r = clusterRadius(count);
  ctx.beginPath();
  ctx.arc(x, y, r + 3, 0, Math.PI * 2);
  ctx.fillStyle = pal.clusterRing;
  ctx.fill();
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = pal.clusterFill;
  ctx.fill();
  ctx.fillStyle = pal.clusterText;
  ctx.font = '700 12px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(count >= 1000 ? `${(count / 1000).toFixed(1)}k` : String(count), x, y + 0.5);
  ctx.textAlign = 'start';
}

export function clusterRadius(count: number): number {
  return Math.min(26, 11 + Math.log10(count) * 5);
}
