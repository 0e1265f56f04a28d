import { describe, expect, it } from 'vitest';
import { filenameSlug, specReportFilename } from '../../src/shared/interface';

describe('the spec’s report filename, as the service and the app both write it', () => {
  it('is <type>_<asset-name>_<YYYYMMDD>_<YYYYMMDD>.<ext> with the format’s extension', () => {
    expect(specReportFilename('trail', 'Van 03 – Iveco Daily', '2026-11-01', '2026-11-30', 'excel')).toBe(
      'trail_van-03-iveco-daily_20261101_20261130.xlsx',
    );
  });

  it('keeps ASCII letters, digits and dashes only, drops accents, and is never empty', () => {
    expect(filenameSlug('Müller & Søn / Ærø')).toBe('muller-s-n-r');
    expect(filenameSlug('../../etc/passwd')).toBe('etc-passwd');
    expect(filenameSlug('東京')).toBe('report');
    expect(filenameSlug('')).toBe('report');
  });

  it('is at most 60 characters and never ends in a dash after the cut', () => {
    const slug = filenameSlug(`${'a'.repeat(59)} b`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug).toBe('a'.repeat(59));
  });
});
