/**
 * Deterministic randomness: every value of the simulation is a hash of
 * (seed, asset, day, index…), so any instant can be computed on its own and
 * is identical in every process.
 */
export function hash32(...parts: readonly number[]): number {
  let h = 0x811c9dc5 ^ parts.length;
  for (const p of parts) {
    // Mix both halves so large integers (epoch days, ids) spread well.
    h = Math.imul(h ^ (p | 0), 0x9e3779b1);
    h = Math.imul(h ^ Math.floor(p / 4294967296), 0x85ebca6b);
    h ^= h >>> 15;
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A uniform number in [0, 1) from the parts. */
export const unit = (...parts: readonly number[]): number => hash32(...parts) / 4294967296;

/** A small seeded generator (mulberry32) for sequences drawn in order. */
export function rng(...parts: readonly number[]): () => number {
  let a = hash32(...parts);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(items: readonly T[], r: number): T =>
  items[Math.min(items.length - 1, Math.floor(r * items.length))]!;

export const between = (lo: number, hi: number, r: number): number => lo + (hi - lo) * r;

/** hash32 for exactly three parts, without the rest-array: for per-fix values (259,200 a month). */
export function hash3(a: number, b: number, c: number): number {
  let h = 0x811c9dc5 ^ 3;
  h = Math.imul(h ^ (a | 0), 0x9e3779b1);
  h = Math.imul(h ^ Math.floor(a / 4294967296), 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h ^ (b | 0), 0x9e3779b1);
  h = Math.imul(h ^ Math.floor(b / 4294967296), 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h ^ (c | 0), 0x9e3779b1);
  h = Math.imul(h ^ Math.floor(c / 4294967296), 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
