/**
 * Vehicles parked on the same spot (a depot puts dozens on one coordinate) draw on one pixel at every
 * zoom: they are grouped here so the map can show them as one marker with a count and fan them out.
 * A spot is a cell of 2^-26 of Web Mercator's unit square (about 0.6 m at the equator): identical fixes
 * always share one, and the key stays a safe integer (2^26 · 2^26 < 2^53).
 */
const CELLS = 2 ** 26;

/** The spot a point of the unit square lies in, as one number. */
export function spotKey(mx: number, my: number): number {
  const qx = Math.min(CELLS - 1, Math.max(0, Math.floor(mx * CELLS)));
  const qy = Math.min(CELLS - 1, Math.max(0, Math.floor(my * CELLS)));
  return qx * CELLS + qy;
}

export interface Stack {
  readonly key: number;
  /** Slots of FleetPositions on this spot, two or more, in slot order. */
  readonly slots: readonly number[];
}

/** What the index reads of the fleet: each slot's latest fix in the unit square. */
export interface StackSource {
  readonly count: number;
  readonly tx: ArrayLike<number>;
  readonly ty: ArrayLike<number>;
}

export const NO_STACK = -1;

/** The fleet's stacks: rebuilt from the latest fixes in one pass (a map lookup per asset). */
export class StackIndex {
  stacks: Stack[] = [];
  /** Per slot, its stack's index in `stacks`, or NO_STACK. */
  stackOf = new Int32Array(0);
  private byKey = new Map<number, number>();

  rebuild(source: StackSource): void {
    const first = new Map<number, number>();
    const groups = new Map<number, number[]>();
    for (let i = 0; i < source.count; i++) {
      const key = spotKey(source.tx[i]!, source.ty[i]!);
      const seen = first.get(key);
      if (seen === undefined) {
        first.set(key, i);
        continue;
      }
      const group = groups.get(key);
      if (group) group.push(i);
      else groups.set(key, [seen, i]);
    }
    if (this.stackOf.length < source.count) this.stackOf = new Int32Array(Math.max(source.count, 1024));
    this.stackOf.fill(NO_STACK);
    this.stacks = [];
    this.byKey = new Map();
    for (const [key, slots] of groups) {
      const index = this.stacks.length;
      this.stacks.push({ key, slots });
      this.byKey.set(key, index);
      for (const s of slots) this.stackOf[s] = index;
    }
  }

  withKey(key: number): Stack | undefined {
    const i = this.byKey.get(key);
    return i === undefined ? undefined : this.stacks[i];
  }

  /** The stack a slot is part of, if any. */
  of(slot: number): Stack | undefined {
    const i = slot < this.stackOf.length ? this.stackOf[slot]! : NO_STACK;
    return i === NO_STACK ? undefined : this.stacks[i];
  }
}
