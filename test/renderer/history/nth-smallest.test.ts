import { describe, expect, it } from 'vitest';
import { medianInterval } from '../../../src/renderer/src/features/history/data-gaps';
import { nthSmallest } from '../../../src/renderer/src/features/history/nth-smallest';

/** A small, seeded generator: the same arrays on every run. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32;
}

describe('the k-th smallest value', () => {
  it('agrees with a sort at every k, for distinct, repeated, sorted and reversed values', () => {
    const random = seeded(7);
    const cases = [
      Float64Array.from({ length: 101 }, () => random()),
      Float64Array.from({ length: 100 }, () => Math.floor(random() * 4)), // mostly repeats
      Float64Array.from({ length: 64 }, (_, i) => i),
      Float64Array.from({ length: 64 }, (_, i) => 64 - i),
      Float64Array.from({ length: 50 }, (_, i) => (i === 17 ? 20_000 : 10_000)), // a 10 s tracker and one late fix
      new Float64Array([-0.5, 3, -7]),
      new Float64Array([42]),
    ];
    for (const values of cases) {
      const sorted = values.slice().sort();
      for (let k = 0; k < values.length; k++)
        expect(nthSmallest(values.slice(), k), `k=${k}`).toBe(sorted[k]);
    }
  });

  it('leaves the values reordered, none lost, with the k-th in its sorted place', () => {
    const random = seeded(11);
    const values = Float64Array.from({ length: 1_000 }, () => Math.round(random() * 50));
    const before = values.slice().sort();
    const v = nthSmallest(values, 500);
    expect(values[500]).toBe(v);
    expect(values.slice(0, 500).every((x) => x <= v)).toBe(true);
    expect(values.slice(501).every((x) => x >= v)).toBe(true);
    expect(values.slice().sort()).toEqual(before);
  });

  it('refuses a k outside the values', () => {
    for (const k of [-1, 3, 1.5, Number.NaN])
      expect(() => nthSmallest(new Float64Array(3), k)).toThrow(RangeError);
  });

  it("gives the median interval a sort gives, the even count's two middles averaged", () => {
    const random = seeded(3);
    for (let run = 0; run < 20; run++) {
      const n = 2 + Math.floor(random() * 300);
      let at = 1_700_000_000_000;
      const t = Float64Array.from(
        { length: n },
        () => (at += [0, 5_000, 10_000, 10_000, 60_000][Math.floor(random() * 5)]!),
      );
      const steps = Array.from(t.slice(1), (x, i) => x - t[i]!)
        .filter((d) => d > 0)
        .sort((a, b) => a - b);
      const m = steps.length >> 1;
      const expected =
        steps.length === 0 ? null : steps.length % 2 ? steps[m]! : (steps[m - 1]! + steps[m]!) / 2;
      expect(medianInterval(t), `run ${run}`).toBe(expected);
    }
  });
});
