import type { FleetPositions } from './fleet-positions';
import type { DrawnMarkers } from './hit-test';
import { lerp, lerpAngle, MOVE_DURATION_MS, progress } from './interpolation';
import type { FrameDelta } from './marker-compositor';
import { headingColumn } from './marker-sprites';
import { grow, HIDDEN, shiftPlaced, type PlacedSprites } from './sprite-compose';

/** Names show while at most this many markers are on screen: beyond, they would hide the map. */
export const LABEL_MAX_COUNT = 50;
/** Markers this far outside the view still count as drawn: half of one shows at the edge. */
const VIEW_MARGIN_PX = 16;
const NO_STATE = 255;
/** The container-pixel transform of one frame: x = mercator x · scale − ox. */
export interface FrameView {
  readonly scale: number;
  readonly ox: number;
  readonly oy: number;
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
}

/** Same zoom, canvas size and pixel ratio: the views differ at most by where the canvas lies. */
const sameShape = (a: FrameView, b: FrameView): boolean =>
  a.scale === b.scale && a.width === b.width && a.height === b.height && a.dpr === b.dpr;

const sameView = (a: FrameView, b: FrameView): boolean => sameShape(a, b) && a.ox === b.ox && a.oy === b.oy;

/** How many whole device pixels the canvas moved from view a to b, or null if it did more than move by those. */
function translation(a: FrameView, b: FrameView): readonly [number, number] | null {
  if (!sameShape(a, b)) return null;
  const kx = (b.ox - a.ox) * b.dpr;
  const ky = (b.oy - a.oy) * b.dpr;
  const rx = Math.round(kx);
  const ry = Math.round(ky);
  // The layer moves its canvas by whole device pixels; what is left is floating-point noise.
  return Math.abs(kx - rx) < 1e-6 && Math.abs(ky - ry) < 1e-6 ? [rx, ry] : null;
}

/**
 * Where each of the fleet's markers lands on screen at a frame (hit-testing, names, the selection), and
 * what changed since the last: a marker glides by a fraction of a pixel per frame, so most frames move a
 * few dozen to another whole pixel, and only those go into the delta a MarkerCompositor paints from.
 */
export class MarkerFrame implements DrawnMarkers, PlacedSprites {
  /** Slots placed at the last frame; sx/sy beyond are stale. */
  count = 0;
  ids: ArrayLike<number> = new Int32Array(0);
  /** Container position of each slot at the last frame, NaN when not drawn (hit-testing, labels). */
  sx = new Float32Array(1024).fill(NaN);
  sy = new Float32Array(1024);
  /** Whole device pixel, heading column and state of each slot at the last located frame. */
  qx = new Int32Array(1024).fill(HIDDEN);
  qy = new Int32Array(1024);
  qc = new Uint8Array(1024);
  qs = new Uint8Array(1024).fill(NO_STATE);
  /** CSS pixels a slot is drawn away from its fix: the vehicles of an open stack, fanned out. */
  fanX = new Float32Array(1024);
  fanY = new Float32Array(1024);
  /** How many markers the last located frame drew. */
  visible = 0;
  /** The view and time of the last located frame, and how many slots it placed. */
  private last: { view: FrameView; now: number; count: number } | null = null;
  /** What changed since the delta was last taken (takeDelta): slot, x, y, state << 8 | column. */
  private changes = new Int32Array(4096);
  private changed = 0;
  private fresh = true;
  private moveBy: [number, number] | null = null;

  /** Everything is placed and painted anew at the next frame. */
  invalidate(): void {
    this.last = null;
  }

  /** Nothing drawn from the fleet (a clustered frame places its lone markers with place()). */
  hideAll(positions: FleetPositions): void {
    this.track(positions);
    this.sx.fill(NaN);
    this.invalidate();
  }

  /** Fans slots out by CSS-pixel offsets (an open stack) or back (empty offsets); every marker is placed anew. */
  setFan(slots: readonly number[], offsets: readonly (readonly [number, number])[]): void {
    for (let k = 0; k < slots.length; k++) {
      const s = slots[k]!;
      if (s >= this.fanX.length) continue;
      this.fanX[s] = offsets[k]?.[0] ?? 0;
      this.fanY[s] = offsets[k]?.[1] ?? 0;
    }
    this.invalidate();
  }

  place(slot: number, x: number, y: number): void {
    this.sx[slot] = x;
    this.sy[slot] = y;
  }

  /**
   * Screen position of every asset at `now`; true when any lands on a
   * different whole pixel, heading or state (else the frame would be identical).
   */
  locate(positions: FleetPositions, now: number, view: FrameView): boolean {
    this.track(positions);
    const { scale, ox, oy, width, height, dpr } = view;
    const last = this.last;
    const same = last !== null && sameView(last.view, view);
    const moveBy = last === null || same ? null : translation(last.view, view);
    if (moveBy) {
      shiftPlaced(this, moveBy[0], moveBy[1]);
      this.moveBy = this.moveBy ? [this.moveBy[0] + moveBy[0], this.moveBy[1] + moveBy[1]] : [...moveBy];
    }
    // A canvas that only moved keeps what it had: each marker is compared with its old place, moved along.
    const incremental = same || moveBy !== null;
    if (!incremental) {
      this.visible = 0;
      this.fresh = true;
      this.changed = 0;
    }
    // Slots already placed in this view whose glide had ended by the last frame cannot have moved.
    const settledCount = same ? last.count : 0;
    const restedBy = same ? last.now - MOVE_DURATION_MS : -Infinity;
    this.last = { view, now, count: positions.count };
    const { fx, fy, tx, ty, fc, tc, t0, st } = positions;
    let moved = !same;
    for (let i = 0; i < positions.count; i++) {
      const start = t0[i]!;
      if (i < settledCount && start <= restedBy) continue;
      const t = progress(start, now);
      const x = lerp(fx[i]!, tx[i]!, t) * scale - ox + this.fanX[i]!;
      const y = lerp(fy[i]!, ty[i]!, t) * scale - oy + this.fanY[i]!;
      let qx = HIDDEN;
      let qy = 0;
      let qc = 0;
      let qs = NO_STATE;
      if (
        x < -VIEW_MARGIN_PX ||
        y < -VIEW_MARGIN_PX ||
        x > width + VIEW_MARGIN_PX ||
        y > height + VIEW_MARGIN_PX
      ) {
        this.sx[i] = NaN;
      } else {
        this.sx[i] = x;
        this.sy[i] = y;
        qx = Math.round(x * dpr);
        qy = Math.round(y * dpr);
        qs = st[i]!;
        qc = qs === 0 ? headingColumn(lerpAngle(fc[i]!, tc[i]!, t)) : 0;
      }
      const oldX = this.qx[i]!;
      if (!incremental) {
        if (qx !== HIDDEN) {
          this.visible++;
          this.record(i, qx, qy, qs, qc);
        }
      } else if (qx !== oldX || qy !== this.qy[i] || qc !== this.qc[i] || qs !== this.qs[i]) {
        if (oldX === HIDDEN) this.visible++;
        else if (qx === HIDDEN) this.visible--;
        this.record(i, qx, qy, qs, qc);
        moved = true;
      } else {
        continue;
      }
      this.qx[i] = qx;
      this.qy[i] = qy;
      this.qc[i] = qc;
      this.qs[i] = qs;
    }
    return moved;
  }

  /** What changed since the last delta taken, for a compositor whose canvas is `view`'s; starts the next. */
  takeDelta(view: FrameView): FrameDelta {
    const delta: FrameDelta = {
      width: Math.round(view.width * view.dpr),
      height: Math.round(view.height * view.dpr),
      dpr: view.dpr,
      count: this.count,
      moveBy: this.moveBy,
      fresh: this.fresh,
      // A copy of its own: it may be handed (transferred) to a worker.
      changes: this.changes.slice(0, this.changed * 4),
    };
    this.changed = 0;
    this.fresh = false;
    this.moveBy = null;
    return delta;
  }

  /** Where a slot is drawn at `now` (mid-glide and fan offset included), with its state and heading column. */
  markerAt(
    positions: FleetPositions,
    slot: number,
    now: number,
    view: FrameView,
  ): { x: number; y: number; state: number; column: number } {
    const t = progress(positions.t0[slot]!, now);
    const x = lerp(positions.fx[slot]!, positions.tx[slot]!, t) * view.scale - view.ox + this.fanX[slot]!;
    const y = lerp(positions.fy[slot]!, positions.ty[slot]!, t) * view.scale - view.oy + this.fanY[slot]!;
    const state = positions.st[slot]!;
    const column = state === 0 ? headingColumn(lerpAngle(positions.fc[slot]!, positions.tc[slot]!, t)) : 0;
    return { x, y, state, column };
  }

  private record(slot: number, qx: number, qy: number, qs: number, qc: number): void {
    if ((this.changed + 1) * 4 > this.changes.length)
      this.changes = grow(new Int32Array(this.changes.length * 2), this.changes);
    const o = this.changed * 4;
    this.changes[o] = slot;
    this.changes[o + 1] = qx;
    this.changes[o + 2] = qy;
    this.changes[o + 3] = (qs << 8) | qc;
    this.changed++;
  }

  private track(positions: FleetPositions): void {
    // Slots given up by a smaller fleet are drawn nowhere.
    if (positions.count < this.count) this.qx.fill(HIDDEN, positions.count, this.count);
    this.count = positions.count;
    this.ids = positions.ids;
    if (positions.count <= this.sx.length) return;
    const size = Math.max(positions.count, this.sx.length * 2);
    this.sx = grow(new Float32Array(size).fill(NaN), this.sx);
    this.sy = grow(new Float32Array(size), this.sy);
    this.qx = grow(new Int32Array(size).fill(HIDDEN), this.qx);
    this.qy = grow(new Int32Array(size), this.qy);
    this.qc = grow(new Uint8Array(size), this.qc);
    this.qs = grow(new Uint8Array(size).fill(NO_STATE), this.qs);
    this.fanX = grow(new Float32Array(size), this.fanX);
    this.fanY = grow(new Float32Array(size), this.fanY);
  }
}
