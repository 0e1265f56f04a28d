import { describe, expect, it } from 'vitest';
import {
  coveredUntil,
  gaps,
  intersect,
  normalize,
  subtract,
  totalLength,
  union,
} from '../../../src/main/core/cache/intervals';

const iv = (start: number, end: number) => ({ start, end });

describe('coverage intervals', () => {
  it('merges overlapping and touching ranges and drops empty ones', () => {
    expect(normalize([iv(10, 20), iv(0, 5), iv(5, 8), iv(15, 30), iv(40, 40)])).toEqual([
      iv(0, 8),
      iv(10, 30),
    ]);
  });

  it('keeps separate ranges separate in a union', () => {
    expect(union([iv(0, 10)], [iv(20, 30), iv(5, 12)])).toEqual([iv(0, 12), iv(20, 30)]);
  });

  it('subtracts a hole out of the middle, the ends and everything', () => {
    expect(subtract([iv(0, 100)], [iv(40, 60)])).toEqual([iv(0, 40), iv(60, 100)]);
    expect(subtract([iv(0, 100)], [iv(-5, 10), iv(90, 120)])).toEqual([iv(10, 90)]);
    expect(subtract([iv(0, 100)], [iv(0, 100)])).toEqual([]);
    expect(subtract([iv(0, 10), iv(20, 30)], [iv(5, 25)])).toEqual([iv(0, 5), iv(25, 30)]);
  });

  it('lists only the gaps of a request that the cache does not cover', () => {
    expect(gaps(iv(0, 100), [iv(10, 20), iv(50, 200)])).toEqual([iv(0, 10), iv(20, 50)]);
    expect(gaps(iv(0, 100), [])).toEqual([iv(0, 100)]);
    expect(gaps(iv(0, 100), [iv(-10, 110)])).toEqual([]);
  });

  it('intersects coverage with a request', () => {
    expect(intersect([iv(0, 10), iv(20, 30)], [iv(5, 25)])).toEqual([iv(5, 10), iv(20, 25)]);
  });

  it('says how far a range is complete from its start', () => {
    expect(coveredUntil(iv(10, 100), [iv(0, 40), iv(50, 100)])).toBe(40);
    expect(coveredUntil(iv(10, 100), [iv(0, 200)])).toBe(100);
    expect(coveredUntil(iv(10, 100), [iv(20, 200)])).toBeNull();
    expect(coveredUntil(iv(10, 100), [iv(0, 5), iv(5, 12)])).toBe(12);
  });

  it('measures total covered length without double counting', () => {
    expect(totalLength([iv(0, 10), iv(5, 15), iv(20, 25)])).toBe(20);
  });
});
