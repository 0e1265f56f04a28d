/** A rectangle in device pixels: x0 ≤ x < x1, y0 ≤ y < y1. */
export interface PixelRect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/**
 * Which parts of a frame must be redrawn, on a grid of square tiles: a
 * marker that moved by a pixel dirties the few tiles under its old and new
 * place, and only those are recomposed and handed to the canvas.
 */
export class DirtyTiles {
  readonly cols: number;
  readonly rows: number;
  private readonly flags: Uint8Array;
  /** How many tiles are dirty. */
  count = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly size: number,
  ) {
    this.cols = Math.max(1, Math.ceil(width / size));
    this.rows = Math.max(1, Math.ceil(height / size));
    this.flags = new Uint8Array(this.cols * this.rows);
  }

  get total(): number {
    return this.flags.length;
  }

  /** Marks every tile the pixels x0..x1, y0..y1 (inclusive) touch, clipped to the frame. */
  mark(x0: number, y0: number, x1: number, y1: number): void {
    const s = this.size;
    const c0 = Math.max(0, Math.floor(x0 / s));
    const c1 = Math.min(this.cols - 1, Math.floor(x1 / s));
    const r0 = Math.max(0, Math.floor(y0 / s));
    const r1 = Math.min(this.rows - 1, Math.floor(y1 / s));
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const k = r * this.cols + c;
        if (this.flags[k] === 0) {
          this.flags[k] = 1;
          this.count++;
        }
      }
    }
  }

  /**
   * Moves the dirty tiles that touch the pixels `r` into `into` (the same
   * grid, clean), leaving the others dirty here; returns how many tiles touch `r`.
   */
  takeWithin(r: PixelRect, into: DirtyTiles): number {
    const t = this.tilesUnder(r);
    if (!t) return 0;
    for (let row = t.r0; row <= t.r1 && this.count > 0; row++) {
      for (let k = row * this.cols + t.c0; k <= row * this.cols + t.c1; k++) {
        if (this.flags[k] === 0) continue;
        this.flags[k] = 0;
        this.count--;
        into.flags[k] = 1;
        into.count++;
      }
    }
    return (t.c1 - t.c0 + 1) * (t.r1 - t.r0 + 1);
  }

  /** Whether any dirty tile touches the pixels `r`. */
  anyWithin(r: PixelRect): boolean {
    const t = this.count === 0 ? null : this.tilesUnder(r);
    if (!t) return false;
    for (let row = t.r0; row <= t.r1; row++)
      for (let c = t.c0; c <= t.c1; c++) if (this.flags[row * this.cols + c] === 1) return true;
    return false;
  }

  /** The columns and rows of the tiles the pixels `r` touch, clipped to the frame; null if none. */
  private tilesUnder(r: PixelRect): { c0: number; c1: number; r0: number; r1: number } | null {
    const s = this.size;
    const c0 = Math.max(0, Math.floor(r.x0 / s));
    const c1 = Math.min(this.cols - 1, Math.floor((r.x1 - 1) / s));
    const r0 = Math.max(0, Math.floor(r.y0 / s));
    const r1 = Math.min(this.rows - 1, Math.floor((r.y1 - 1) / s));
    return c1 < c0 || r1 < r0 ? null : { c0, c1, r0, r1 };
  }

  /** The frame's pixels moved by (−kx, −ky): so do the dirty parts (each now touching up to four tiles). */
  shift(kx: number, ky: number): void {
    if (this.count === 0) return;
    const was = this.flags.slice();
    this.clear();
    const s = this.size;
    for (let row = 0; row < this.rows; row++)
      for (let c = 0; c < this.cols; c++)
        if (was[row * this.cols + c] === 1)
          this.mark(c * s - kx, row * s - ky, (c + 1) * s - 1 - kx, (row + 1) * s - 1 - ky);
  }

  isDirty(col: number, row: number): boolean {
    return this.flags[row * this.cols + col] === 1;
  }

  clear(): void {
    this.flags.fill(0);
    this.count = 0;
  }

  /**
   * The dirty tiles as boxes to hand to the canvas, one putImageData each, clipped to the frame: runs
   * along a row and boxes over the rows before are joined wherever the clean pixels that joining hands
   * over too cost less than another call, `callPx` pixels' worth (docs/architecture.md "The renderer").
   * Every dirty tile is in a box.
   */
  boxes(callPx: number): PixelRect[] {
    const s = this.size;
    const tilePx = s * s;
    const cols = this.cols;
    const done: PixelRect[] = [];
    // Boxes that reach the row above, in tiles: [c0, c1) × [r0, r1).
    let open: { c0: number; c1: number; r0: number; r1: number }[] = [];
    for (let r = 0; r < this.rows; r++) {
      const runs: [number, number][] = [];
      let c = 0;
      while (c < cols) {
        if (this.flags[r * cols + c] === 0) {
          c++;
          continue;
        }
        const start = c;
        while (c < cols && this.flags[r * cols + c] === 1) c++;
        const last = runs[runs.length - 1];
        if (last && (start - last[1]) * tilePx < callPx) last[1] = c;
        else runs.push([start, c]);
      }
      const next: typeof open = [];
      for (const [c0, c1] of runs) {
        let joined = false;
        for (let k = 0; k < open.length; k++) {
          const b = open[k]!;
          const u0 = Math.min(b.c0, c0);
          const u1 = Math.max(b.c1, c1);
          const waste = (u1 - u0) * (r + 1 - b.r0) - (b.c1 - b.c0) * (b.r1 - b.r0) - (c1 - c0);
          if (waste * tilePx >= callPx) continue;
          open.splice(k, 1);
          next.push({ c0: u0, c1: u1, r0: b.r0, r1: r + 1 });
          joined = true;
          break;
        }
        if (!joined) next.push({ c0, c1, r0: r, r1: r + 1 });
      }
      for (const b of open) done.push(this.pixelsOf(b));
      open = next;
    }
    for (const b of open) done.push(this.pixelsOf(b));
    return done;
  }

  private pixelsOf(b: { c0: number; c1: number; r0: number; r1: number }): PixelRect {
    const s = this.size;
    return {
      x0: b.c0 * s,
      y0: b.r0 * s,
      x1: Math.min(this.width, b.c1 * s),
      y1: Math.min(this.height, b.r1 * s),
    };
  }

  /** The dirty tiles as few rectangles: each run of neighbouring dirty tiles along a row is one, clipped to the frame. */
  runs(): PixelRect[] {
    const out: PixelRect[] = [];
    this.forEachRun((x0, y0, x1, y1) => out.push({ x0, y0, x1, y1 }));
    return out;
  }

  /** runs() one by one, without making an object of each (a paint at city zoom has hundreds). */
  forEachRun(each: (x0: number, y0: number, x1: number, y1: number) => void): void {
    const s = this.size;
    for (let r = 0; r < this.rows; r++) {
      let c = 0;
      while (c < this.cols) {
        if (this.flags[r * this.cols + c] === 0) {
          c++;
          continue;
        }
        const start = c;
        while (c < this.cols && this.flags[r * this.cols + c] === 1) c++;
        each(start * s, r * s, Math.min(this.width, c * s), Math.min(this.height, (r + 1) * s));
      }
    }
  }
}
