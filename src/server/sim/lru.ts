/**
 * A bounded cache with two generations: hits in the old generation are
 * promoted, and when the young one is full the old one is dropped. Close to
 * LRU, but a hit costs one Map look-up (no delete/re-insert per get), which
 * matters at 10,000 look-ups per live tick.
 */
export class Lru<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private readonly half: number;

  constructor(capacity: number) {
    this.half = Math.max(1, Math.ceil(capacity / 2));
  }

  get(key: K): V | undefined {
    const v = this.young.get(key);
    if (v !== undefined) return v;
    const o = this.old.get(key);
    if (o !== undefined) this.set(key, o);
    return o;
  }

  set(key: K, value: V): void {
    if (this.young.size >= this.half) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }

  get size(): number {
    return this.young.size + this.old.size;
  }
}
