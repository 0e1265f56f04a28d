import { describe, expect, it } from 'vitest';
import { median, percentile } from '../../../bench/support/sample-stats';

describe('the order statistics the benches print', () => {
  const twenty = Array.from({ length: 20 }, (_, i) => 20 - i); // 20 … 1, unsorted on purpose

  it('takes the nearest-rank percentile: a value the sample holds', () => {
    expect(percentile(twenty, 95)).toBe(19);
    expect(percentile(twenty, 50)).toBe(10);
    expect(percentile(twenty, 100)).toBe(20);
    expect(percentile(twenty, 0)).toBe(1);
    expect(percentile([7], 95)).toBe(7);
  });

  it('takes the median as the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median(twenty)).toBe(10.5);
  });

  it('gives NaN for an empty sample, so a figure not measured never prints as 0', () => {
    expect(percentile([], 95)).toBeNaN();
    expect(median([])).toBeNaN();
  });

  it('leaves the sample as it was', () => {
    const sample = [3, 1, 2];
    percentile(sample, 50);
    median(sample);
    expect(sample).toEqual([3, 1, 2]);
  });
});
