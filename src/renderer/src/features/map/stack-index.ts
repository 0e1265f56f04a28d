import { SpotTable } from './spot-table';

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

/**
 * The fleet's stacks, kept up to date from the latest fixes: a pass over the
 * fleet's keys (typed arrays) finds the slots whose spot changed, and only
 * those are moved between spots, so the work follows the vehicles that moved,
 * not the size of the fleet (bench:map --curve).
 */
export class StackIndex {
  stacks: Stack[] = [];
  /** Per slot, its stack's index in `stacks`, or NO_STACK. */
  stackOf = new Int32Array(0);
  private byKey = new Map<number, number>();
  /** Each slot's spot at the last rebuild, for the `known` slots it saw. */
  private keyOf = new Float64Array(0);
  private known = 0;
  /** Spots with one vehicle (its slot), and spots with two or more (their slots in slot order). */
  private readonly lone = new SpotTable();
  private readonly groups = new Map<number, number[]>();

  rebuild(source: StackSource): void {
    const n = source.count;
    if (this.keyOf.length < n) {
      const keys = new Float64Array(Math.max(n, this.keyOf.length * 2, 1024));
      keys.set(this.keyOf.subarray(0, this.known));
      this.keyOf = keys;
    }
    let changed = false;
    // Slots a smaller fleet gave up leave their spots.
    for (let i = n; i < this.known; i++) changed = this.leave(i, this.keyOf[i]!) || changed;
    for (let i = 0; i < n; i++) {
      const key = spotKey(source.tx[i]!, source.ty[i]!);
      if (i < this.known) {
        const was = this.keyOf[i]!;
        if (was === key) continue;
        changed = this.leave(i, was) || changed;
      }
      this.keyOf[i] = key;
      changed = this.join(i, key) || changed;
    }
    this.known = n;
    if (this.stackOf.length < n) {
      this.stackOf = new Int32Array(Math.max(n, 1024)).fill(NO_STACK);
      changed = true;
    }
    if (changed) this.list();
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

  /** A slot leaves a spot; true when a stack changed. A spot is in `lone` or in `groups`, never both. */
  private leave(slot: number, key: number): boolean {
    const other = this.lone.get(key);
    if (other !== undefined) {
      if (other === slot) this.lone.delete(key);
      return false;
    }
    const group = this.groupAt(key);
    const at = group ? group.indexOf(slot) : -1;
    if (!group || at < 0) return false;
    group.splice(at, 1);
    if (group.length === 1) {
      this.groups.delete(key);
      this.lone.set(key, group[0]!);
    }
    return true;
  }

  /** A slot comes to a spot; true when a stack changed. */
  private join(slot: number, key: number): boolean {
    const other = this.lone.get(key);
    if (other === slot) return false;
    if (other !== undefined) {
      this.lone.delete(key);
      this.groups.set(key, other < slot ? [other, slot] : [slot, other]);
      return true;
    }
    const group = this.groupAt(key);
    if (!group) {
      this.lone.set(key, slot);
      return false;
    }
    let at = group.length;
    while (at > 0 && group[at - 1]! > slot) at--;
    group.splice(at, 0, slot);
    return true;
  }

  /** The slots on a spot with two or more; most of a fleet is on spots of its own (looked up in `lone` first). */
  private groupAt(key: number): number[] | undefined {
    return this.groups.size === 0 ? undefined : this.groups.get(key);
  }

  /** The stacks as handed out: fresh objects, so one handed out before never changes under its holder. */
  private list(): void {
    for (const stack of this.stacks) for (const s of stack.slots) this.stackOf[s] = NO_STACK;
    this.stacks = [];
    this.byKey = new Map();
    for (const [key, slots] of this.groups) {
      const index = this.stacks.length;
      this.stacks.push({ key, slots: [...slots] });
      this.byKey.set(key, index);
      for (const s of slots) this.stackOf[s] = index;
    }
  }
}
