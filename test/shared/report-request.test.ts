import { describe, expect, it } from 'vitest';
import {
  issuesToFieldErrors,
  reportRequestSchema,
  REPORT_CATALOGUE,
  REPORT_TYPES,
} from '../../src/shared/interface';

const base = { format: 'pdf', asset_id: 7, date_from: '2026-03-01', date_to: '2026-03-14' } as const;

describe('report request rules (spec 2.1, 2.5)', () => {
  it('accepts a request inside every type maximum and defaults priority to standard', () => {
    for (const type of REPORT_TYPES) {
      const req = reportRequestSchema.parse({ ...base, type, beacon_id: 3 });
      expect(req.priority).toBe('standard');
    }
  });

  it('refuses a range one day past the type maximum, naming date_to', () => {
    const r = reportRequestSchema.safeParse({ ...base, type: 'obd_data', date_to: '2026-03-15' });
    expect(r.success).toBe(false);
    if (!r.success) expect(issuesToFieldErrors(r.error.issues).date_to?.[0]).toMatch(/14 days/);
    expect(REPORT_CATALOGUE.mileage_monthly.maxRangeDays).toBe(365);
  });

  it('refuses reversed dates and impossible calendar dates', () => {
    const reversed = reportRequestSchema.safeParse({
      ...base,
      type: 'trail',
      date_from: '2026-03-10',
      date_to: '2026-03-01',
    });
    const impossible = reportRequestSchema.safeParse({ ...base, type: 'trail', date_from: '2026-02-30' });
    expect(reversed.success).toBe(false);
    expect(impossible.success).toBe(false);
  });

  it('requires beacon_id for portable_beacon and an asset for mileage reports', () => {
    const beacon = reportRequestSchema.safeParse({ ...base, type: 'portable_beacon' });
    expect(beacon.success).toBe(false);
    if (!beacon.success) expect(Object.keys(issuesToFieldErrors(beacon.error.issues))).toContain('beacon_id');
    const mileage = reportRequestSchema.safeParse({
      type: 'mileage_daily',
      format: 'json',
      date_from: '2026-03-01',
      date_to: '2026-03-02',
    });
    expect(mileage.success).toBe(false);
    expect(
      reportRequestSchema.parse({
        type: 'mileage_daily',
        format: 'json',
        asset_ids: [1, 2],
        date_from: '2026-03-01',
        date_to: '2026-03-02',
      }).asset_ids,
    ).toEqual([1, 2]);
  });
});
