import { median } from '../support/sample-stats';

/**
 * Growth of a sampled figure after warm-up, read from a robust line through every sample (Theil–Sen): its
 * value at the first sample against its value at the last. A leak raises that line; what comes and goes
 * does not. Two patterns fooled simpler readings, both with no trend under them:
 * - the renderer's heap after a full GC sits at 34–35 or at 38–41 MB from one sample to the next, so the
 *   medians of the first and last three samples (what this used to judge by, still printed) said +9.6 % and
 *   +15.6 % in two 20-minute soaks at 50,000 assets;
 * - the core's heap holds ~35 MB more for 3–7 samples every five minutes or so (periodic work), and such a
 *   stretch near the end tilts a least-squares line: +14.4 % for a heap whose floor stayed at 93–95 MB.
 */
export interface Growth {
  /** The fitted line at the first sample. */
  readonly start: number;
  /** The fitted line at the last sample. */
  readonly end: number;
  /** (end - start) / start */
  readonly ratio: number;
  /** The line's slope, per minute of wall time. */
  readonly slopePerMin: number;
  /** Medians of the first and of the last WINDOW samples. */
  readonly firstMedian: number;
  readonly lastMedian: number;
}

export const WINDOW = 3;

export function growthOf(samples: ReadonlyArray<{ readonly atMs: number; readonly value: number }>): Growth {
  if (samples.length < WINDOW * 2)
    throw new Error(`need at least ${WINDOW * 2} samples, got ${samples.length}`);
  const n = samples.length;
  // Theil–Sen: the median of the slopes between every two samples, and the median intercept. A third of the
  // samples can sit anywhere without moving it.
  const slopes: number[] = [];
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const dx = samples[j]!.atMs - samples[i]!.atMs;
      if (dx !== 0) slopes.push((samples[j]!.value - samples[i]!.value) / dx);
    }
  const slope = slopes.length === 0 ? 0 : median(slopes);
  const intercept = median(samples.map((s) => s.value - slope * s.atMs));
  const at = (x: number): number => intercept + slope * x;
  const start = at(samples[0]!.atMs);
  const end = at(samples[n - 1]!.atMs);
  return {
    start,
    end,
    ratio: (end - start) / start,
    slopePerMin: slope * 60_000,
    firstMedian: median(samples.slice(0, WINDOW).map((s) => s.value)),
    lastMedian: median(samples.slice(-WINDOW).map((s) => s.value)),
  };
}
