import { median } from '../support/sample-stats';

/**
 * Growth of a sampled figure after warm-up: the median of the last few
 * samples against the median of the first few after warm-up. Medians, so
 * one sample taken mid-allocation burst does not decide the verdict.
 */
export interface Growth {
  readonly start: number;
  readonly end: number;
  /** (end - start) / start */
  readonly ratio: number;
  /** Least-squares slope over the measured samples, per minute of wall time. */
  readonly slopePerMin: number;
}

const WINDOW = 3;

export function growthOf(samples: ReadonlyArray<{ readonly atMs: number; readonly value: number }>): Growth {
  if (samples.length < WINDOW * 2)
    throw new Error(`need at least ${WINDOW * 2} samples, got ${samples.length}`);
  const start = median(samples.slice(0, WINDOW).map((s) => s.value));
  const end = median(samples.slice(-WINDOW).map((s) => s.value));
  const n = samples.length;
  const meanX = samples.reduce((a, s) => a + s.atMs, 0) / n;
  const meanY = samples.reduce((a, s) => a + s.value, 0) / n;
  let num = 0;
  let den = 0;
  for (const s of samples) {
    num += (s.atMs - meanX) * (s.value - meanY);
    den += (s.atMs - meanX) ** 2;
  }
  return { start, end, ratio: (end - start) / start, slopePerMin: den === 0 ? 0 : (num / den) * 60_000 };
}
