import { describe, expect, it } from 'vitest';
import { growthOf } from '../../../bench/soak/growth';

/** The renderer's JS heap after a full GC, MB, every 10 s of a 20-minute soak at 50,000 assets (2026-11-27). */
const RENDERER_HEAP_MB = [
  38.6, 34.2, 34.4, 35.2, 40.2, 34.7, 39.6, 34.4, 35.1, 34.7, 34.5, 35.0, 34.6, 38.7, 34.3, 35.2, 34.8, 35.1,
  38.7, 34.8, 34.9, 35.1, 39.8, 35.1, 34.7, 35.2, 35.0, 40.0, 40.1, 40.3, 40.3, 35.4, 34.8, 35.0, 34.4, 40.3,
  34.9, 38.8, 38.6, 39.5, 34.7, 35.1, 35.5, 35.3, 38.9, 34.4, 34.8, 35.3, 35.0, 35.6, 35.0, 34.4, 38.9, 34.1,
  38.5, 35.2, 40.2, 36.0, 39.0, 35.6, 34.4, 35.2, 38.5, 38.4, 38.3, 34.6, 34.9, 38.5, 39.4, 40.0, 34.7, 35.0,
  34.2, 38.7, 39.7, 34.7, 34.9, 34.7, 34.5, 35.2, 38.7, 35.1, 38.9, 38.7, 40.1, 34.2, 35.2, 34.3, 34.4, 35.1,
  35.0, 40.8, 35.5, 34.7, 40.5, 39.8,
];

/** The core's heap after a full GC, MB, in the same soak: ~35 MB more for a few samples every five minutes. */
const CORE_HEAP_MB = [
  92.6, 93.4, 87.3, 92.9, 89.8, 92.8, 87.0, 92.8, 93.3, 89.1, 93.0, 87.8, 92.9, 93.7, 93.5, 93.5, 88.8, 92.8,
  93.6, 93.4, 93.5, 93.8, 130.5, 126.7, 127.5, 89.1, 94.4, 92.9, 93.3, 94.0, 93.2, 93.0, 94.1, 93.4, 94.1,
  93.8, 93.5, 92.9, 94.0, 93.6, 94.0, 94.2, 93.0, 94.4, 93.5, 92.6, 90.3, 94.3, 93.4, 94.8, 94.1, 95.2, 130.5,
  126.0, 126.7, 128.1, 129.4, 91.2, 93.4, 94.4, 87.1, 94.0, 95.4, 93.6, 93.4, 94.3, 94.0, 95.4, 93.6, 94.6,
  95.7, 94.2, 94.6, 93.3, 93.7, 94.0, 93.0, 94.1, 93.4, 94.9, 92.1, 94.3, 132.2, 132.9, 128.5, 130.1, 130.7,
  131.8, 133.5, 89.7, 93.6, 94.6, 93.3, 95.0, 96.7, 93.6,
];

const every10s = (values: readonly number[]) => values.map((value, i) => ({ atMs: i * 10_000, value }));

describe('soak growth', () => {
  it('reads no growth from a heap that flips between two levels without a trend', () => {
    const g = growthOf(every10s(RENDERER_HEAP_MB));
    // The medians of the first and last three land on different levels.
    expect(g.lastMedian / g.firstMedian - 1).toBeGreaterThan(0.1);
    expect(Math.abs(g.ratio)).toBeLessThan(0.03);
  });

  it('reads no growth from a heap whose floor stays while periodic work lifts it for a few samples', () => {
    const g = growthOf(every10s(CORE_HEAP_MB));
    expect(g.ratio).toBeLessThan(0.05);
    // A least-squares line through the same samples rises 14 %: the last lifted stretch is near the end.
  });

  it('reads a steady leak as its whole rise over the window', () => {
    const leak = Array.from({ length: 96 }, (_, i) => 100 + (15 * i) / 95 + (i % 2 === 0 ? 0 : 4));
    const g = growthOf(every10s(leak));
    expect(g.ratio).toBeGreaterThan(0.13);
    expect(g.ratio).toBeLessThan(0.17);
    expect(g.slopePerMin).toBeCloseTo((15 / 950) * 60, 1);
  });

  it('needs six samples', () => {
    expect(() => growthOf(every10s([1, 2, 3, 4, 5]))).toThrow('need at least 6 samples, got 5');
  });
});
