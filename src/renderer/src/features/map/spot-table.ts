/** No entry: spot keys are ≥ 0. */
const EMPTY = -1;
/** 2^26: a spot key is qx · 2^26 + qy, each part below 2^26 (stack-index.ts). */
const PART = 2 ** 26;

/**
 * Spot key → slot, for the fleet's tens of thousands of spots: open addressing
 * with linear probing over typed arrays. A Map keyed by these numbers (beyond
 * the small-integer range) boxes every key it stores and makes garbage on every
 * move, which the once-a-second regrouping of a national fleet paid for in
 * tens of milliseconds.
 */
export class SpotTable {
  private keys = new Float64Array(1024).fill(EMPTY);
  private values = new Int32Array(1024);
  private mask = 1023;
  size = 0;

  get(key: number): number | undefined {
    const i = this.find(key);
    return this.keys[i] === key ? this.values[i] : undefined;
  }

  set(key: number, value: number): void {
    const i = this.find(key);
    if (this.keys[i] !== key) {
      this.keys[i] = key;
      this.size++;
    }
    this.values[i] = value;
    if (this.size * 2 > this.mask) this.grow();
  }

  delete(key: number): void {
    let i = this.find(key);
    if (this.keys[i] !== key) return;
    this.size--;
    // Backward-shift deletion: each later entry of the run moves up if its probe passed this hole, so no
    // search ever stops at a hole short of its key (no tombstones).
    for (let j = (i + 1) & this.mask; this.keys[j] !== EMPTY; j = (j + 1) & this.mask) {
      const home = this.home(this.keys[j]!);
      // Entry j can fill hole i when its home is not within (i, j] going round the table.
      if (i <= j ? home <= i || home > j : home <= i && home > j) {
        this.keys[i] = this.keys[j]!;
        this.values[i] = this.values[j]!;
        i = j;
      }
    }
    this.keys[i] = EMPTY;
  }

  clear(): void {
    this.keys.fill(EMPTY);
    this.size = 0;
  }

  /** Where `key` is, or the empty place where it would go. */
  private find(key: number): number {
    let i = this.home(key);
    while (this.keys[i] !== key && this.keys[i] !== EMPTY) i = (i + 1) & this.mask;
    return i;
  }

  private home(key: number): number {
    const hi = Math.floor(key / PART);
    const lo = key - hi * PART;
    return Math.imul(Math.imul(hi, 0x9e3779b1) ^ lo, 0x85ebca6b) & this.mask;
  }

  private grow(): void {
    const keys = this.keys;
    const values = this.values;
    this.keys = new Float64Array(keys.length * 2).fill(EMPTY);
    this.values = new Int32Array(keys.length * 2);
    this.mask = keys.length * 2 - 1;
    this.size = 0;
    for (let i = 0; i < keys.length; i++) if (keys[i] !== EMPTY) this.set(keys[i]!, values[i]!);
  }
}
