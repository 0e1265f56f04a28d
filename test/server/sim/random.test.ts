import { describe, expect, it } from 'vitest';
import { hash3, hash32, rng, unit } from '../../../src/server/sim/random';

describe('seeded randomness of the simulator', () => {
  it('gives the same numbers from the fast three-part hash as from the general one', () => {
    for (const [a, b, c] of [
      [1, 2, 3],
      [42, 17, 14_958_000],
      [-5, 2 ** 40, 7],
      [0, 0, 0],
    ] as const)
      expect(hash3(a, b, c)).toBe(hash32(a, b, c));
  });

  it('spreads values evenly and repeats a sequence exactly for the same parts', () => {
    const values = Array.from({ length: 10_000 }, (_, i) => unit(7, i));
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    const a = rng(1, 2, 3);
    const b = rng(1, 2, 3);
    expect(Array.from({ length: 20 }, a)).toEqual(Array.from({ length: 20 }, b));
  });
});
