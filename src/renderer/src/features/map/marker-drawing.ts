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

/** A 2D context on the page's canvas or on one a worker draws (fleet-paint.worker.ts): the drawing is the same. */
export type Ctx2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

const DOT_R = 5;
const ARROW_LEN = 9;
const ARROW_HALF_W = 6;

/** Adds a heading arrow to the current path (no save/restore: 10,000 of these share one fill). */
export function drawArrow(ctx: Ctx2D, x: number, y: number, courseDeg: number): void {
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

export function drawDot(ctx: Ctx2D, x: number, y: number): void {
  ctx.moveTo(x + DOT_R, y);
  ctx.arc(x, y, DOT_R, 0, Math.PI * 2);
}

export function drawSelection(ctx: Ctx2D, x: number, y: number, pal: Palette): void {
  ctx.beginPath();
  ctx.arc(x, y, 13, 0, Math.PI * 2);
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = pal.selection;
  ctx.stroke();
}

const LABEL_FONT = '600 11px system-ui, sans-serif';

/** The box drawLabel() and drawSelection() cover together, in CSS pixels, with a pixel to spare for antialiasing. */
export function selectionBox(
  ctx: Ctx2D,
  x: number,
  y: number,
  text: string,
): { x0: number; y0: number; x1: number; y1: number } {
  ctx.font = LABEL_FONT;
  const w = ctx.measureText(text).width;
  return { x0: x - 16, y0: y - 16, x1: x + 19 + w, y1: y + 16 };
}

/** The box drawLabel() fills for a name of width `w`, in CSS pixels. */
export function labelBox(
  x: number,
  y: number,
  w: number,
): { x0: number; y0: number; x1: number; y1: number } {
  return { x0: x + 10, y0: y - 9, x1: x + 18 + w, y1: y + 7 };
}

export function labelWidth(ctx: Ctx2D, text: string): number {
  ctx.font = LABEL_FONT;
  return ctx.measureText(text).width;
}

export function drawLabel(ctx: Ctx2D, x: number, y: number, text: string, pal: Palette): void {
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

export function drawCluster(ctx: Ctx2D, x: number, y: number, count: number, pal: Palette): void {
  const r = clusterRadius(count);
  ctx.beginPath();
  ctx.arc(x, y, r + 3, 0, Math.PI * 2);
  ctx.fillStyle = pal.clusterRing;
  ctx.fill();
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = pal.clusterFill;
  ctx.fill();
  ctx.font = '700 12px system-ui, sans-serif';
  drawCount(ctx, count >= 1000 ? `${(count / 1000).toFixed(1)}k` : String(count), x, y, pal);
}

/** A count centred on (x, y) in the current font (a cluster's disc, a stack's badge). */
function drawCount(ctx: Ctx2D, text: string, x: number, y: number, pal: Palette): void {
  ctx.fillStyle = pal.clusterText;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y + 0.5);
  ctx.textAlign = 'start';
}

export function clusterRadius(count: number): number {
  return Math.min(26, 11 + Math.log10(count) * 5);
}

const BADGE_R = 8;
/** Where a stack's count sits: on the marker's upper right, so the marker's own colour still shows. */
const BADGE_DX = 9;
const BADGE_DY = -9;

/** A stack of `count` vehicles on one marker: the count in a badge on it. */
export function drawStackBadge(ctx: Ctx2D, x: number, y: number, count: number, pal: Palette): void {
  const bx = x + BADGE_DX;
  const by = y + BADGE_DY;
  const text = count > 99 ? '99+' : String(count);
  ctx.font = '700 10px system-ui, sans-serif';
  const w = Math.max(2 * BADGE_R, ctx.measureText(text).width + 8);
  ctx.beginPath();
  ctx.roundRect(bx - w / 2 - 1.5, by - BADGE_R - 1.5, w + 3, 2 * BADGE_R + 3, BADGE_R + 1.5);
  ctx.fillStyle = pal.clusterRing;
  ctx.fill();
  ctx.beginPath();
  ctx.roundRect(bx - w / 2, by - BADGE_R, w, 2 * BADGE_R, BADGE_R);
  ctx.fillStyle = pal.clusterFill;
  ctx.fill();
  drawCount(ctx, text, bx, by, pal);
}

/** The box drawStackBadge() covers, in CSS pixels, with a pixel to spare for antialiasing. */
export function stackBadgeBox(x: number, y: number): { x0: number; y0: number; x1: number; y1: number } {
  const bx = x + BADGE_DX;
  const by = y + BADGE_DY;
  return { x0: bx - 20, y0: by - BADGE_R - 3, x1: bx + 20, y1: by + BADGE_R + 3 };
}

/** An open stack: a pin on its spot and a leg out to each of its vehicles (drawn under them). */
export function drawFanLegs(
  ctx: Ctx2D,
  x: number,
  y: number,
  offsets: readonly (readonly [number, number])[],
  pal: Palette,
): void {
  ctx.beginPath();
  for (const [dx, dy] of offsets) {
    ctx.moveTo(x, y);
    ctx.lineTo(x + dx, y + dy);
  }
  // A halo in the outline colour keeps the legs readable over any tile.
  ctx.lineWidth = 3.5;
  ctx.strokeStyle = pal.outline;
  ctx.stroke();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = pal.clusterFill;
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(x, y, 4, 0, Math.PI * 2);
  ctx.fillStyle = pal.clusterFill;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = pal.outline;
  ctx.stroke();
}
