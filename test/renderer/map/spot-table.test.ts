import { describe, expect, it } from 'vitest';
import { SpotTable } from '../../../src/renderer/src/features/map/spot-table';
import { spotKey } from '../../../src/renderer/src/features/map/stack-index';

describe('the table of which slot stands on which spot', () => {
  it('answers what a Map would through thousands of moves, removals and growth', () => {
    const table = new SpotTable();
    const map = new Map<number, number>();
    let seed = 11;
    const rand = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    // Spots in a small area (many share a table place) and a few far apart, as a national fleet has them.
    const keys = Array.from({ length: 3000 }, (_, k) =>
      k % 10 === 0 ? spotKey(rand(), rand()) : spotKey(0.51 + rand() * 1e-4, 0.33 + rand() * 1e-4),
    );
    for (let step = 0; step < 40_000; step++) {
      const key = keys[Math.floor(rand() * keys.length)]!;
      if (rand() < 0.45) {
        table.delete(key);
        map.delete(key);
      } else {
        table.set(key, step);
        map.set(key, step);
      }
      if (step % 4999 === 0) expect(keys.filter((k) => table.get(k) !== map.get(k))).toEqual([]);
    }
    expect(table.size).toBe(map.size);
    expect(keys.filter((k) => table.get(k) !== map.get(k))).toEqual([]);
  });

  it('finds every key still there after the ones probed past them are removed', () => {
    const table = new SpotTable();
    // Keys that differ only in their low part land near one another: a long run of probes to shift back.
    const keys = Array.from({ length: 600 }, (_, k) => spotKey(0.5, 0.5) + k);
    keys.forEach((k, v) => table.set(k, v));
    for (let k = 0; k < keys.length; k += 3) table.delete(keys[k]!);
    keys.forEach((k, v) => expect(table.get(k)).toBe(v % 3 === 0 ? undefined : v));
    table.clear();
    expect(table.size).toBe(0);
    expect(table.get(keys[1]!)).toBeUndefined();
  });
});
