import type { LivePosition } from '../../../../shared/ipc';
import { lerp, lerpAngle, mercatorX, mercatorY, progress } from './interpolation';

function grownF64(old: Float64Array<ArrayBuffer>, size: number): Float64Array<ArrayBuffer> {
  const next = new Float64Array(size);
  next.set(old);
  return next;
}

function grownF32(old: Float32Array<ArrayBuffer>, size: number): Float32Array<ArrayBuffer> {
  const next = new Float32Array(size);
  next.set(old);
  return next;
}

/**
 * Every asset's latest fix and the glide towards it, one slot per asset in
 * typed arrays (docs/architecture.md "The renderer": no object per asset per frame). Positions are
 * kept in Web Mercator's unit square, so a frame only scales and offsets them.
 */
export class FleetPositions {
  count = 0;
  private readonly slotOf = new Map<number, number>();
  ids = new Int32Array(1024);
  /** Glide start (from) and end (to) in the unit square, course in degrees, start time. */
  fx = new Float64Array(1024);
  fy = new Float64Array(1024);
  tx = new Float64Array(1024);
  ty = new Float64Array(1024);
  fc = new Float32Array(1024);
  tc = new Float32Array(1024);
  t0 = new Float64Array(1024);
  /** Colour index (STATE_INDEX) of the latest fix. */
  st = new Uint8Array(1024);
  lat = new Float64Array(1024);
  lon = new Float64Array(1024);

  slot(assetId: number): number | undefined {
    return this.slotOf.get(assetId);
  }

  clear(): void {
    this.count = 0;
    this.slotOf.clear();
  }

  /**
   * Takes in a batch. Animated, each known asset glides from where it is drawn
   * at `now` to its new fix; otherwise it jumps there. `t0` changes only for
   * an asset that moves or changes colour, so a frame can pass over the rest.
   */
  apply(
    positions: Iterable<LivePosition>,
    animate: boolean,
    now: number,
    classify: (p: LivePosition) => number,
  ): void {
    for (const p of positions) {
      let i = this.slotOf.get(p.assetId);
      // A parked asset reports the same fix over and over: once it has come to rest, nothing is to glide.
      if (
        animate &&
        i !== undefined &&
        p.lat === this.lat[i] &&
        p.lon === this.lon[i] &&
        Math.fround(p.course) === this.tc[i] &&
        progress(this.t0[i]!, now) === 1
      ) {
        const state = classify(p);
        if (state !== this.st[i]) {
          // Same place, new colour: a glide of zero length makes the next frame redraw it.
          this.fx[i] = this.tx[i]!;
          this.fy[i] = this.ty[i]!;
          this.fc[i] = this.tc[i]!;
          this.t0[i] = now;
          this.st[i] = state;
        }
        continue;
      }
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
      this.st[i] = classify(p);
    }
  }

  /** [south, west, north, east] of every latest fix, or null for an empty fleet. */
  bounds(): [number, number, number, number] | null {
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
    return [s, w, n, e];
  }

  private grow(n: number): void {
    if (n <= this.ids.length) return;
    const size = Math.max(n, this.ids.length * 2);
    const ids = new Int32Array(size);
    ids.set(this.ids);
    this.ids = ids;
    const st = new Uint8Array(size);
    st.set(this.st);
    this.st = st;
    this.fx = grownF64(this.fx, size);
    this.fy = grownF64(this.fy, size);
    this.tx = grownF64(this.tx, size);
    this.ty = grownF64(this.ty, size);
    this.t0 = grownF64(this.t0, size);
    this.lat = grownF64(this.lat, size);
    this.lon = grownF64(this.lon, size);
    this.fc = grownF32(this.fc, size);
    this.tc = grownF32(this.tc, size);
  }
}
