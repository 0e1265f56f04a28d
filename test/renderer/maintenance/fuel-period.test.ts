import { describe, expect, it } from 'vitest';
import {
  inPeriod,
  money,
  periodTotals,
  presetPeriod,
} from '../../../src/renderer/src/features/maintenance/fuel-period';
import type { FuelEntry } from '../../../src/shared/ipc';

const entry = (
  id: number,
  timestamp: string,
  liters: number,
  cost?: number,
  currency?: string,
): FuelEntry => ({
  id,
  asset_id: 1,
  timestamp,
  liters,
  full_tank: true,
  ...(cost === undefined ? {} : { cost }),
  ...(currency === undefined ? {} : { currency }),
  created_at: timestamp,
  updated_at: timestamp,
});

describe('fuel totals for a period', () => {
  const entries = [
    entry(1, '2026-11-25T10:00:00Z', 40.25, 72.05, 'EUR'),
    entry(2, '2026-11-03T10:00:00Z', 30, 54, 'EUR'),
    entry(3, '2026-11-02T10:00:00Z', 20, 30, 'GBP'),
    entry(4, '2026-10-30T10:00:00Z', 10),
  ];

  it('keeps the refills of the days chosen, open at either end when a date is left empty', () => {
    expect(inPeriod(entries, { from: '2026-11-01', to: '2026-11-30' }).map((e) => e.id)).toEqual([1, 2, 3]);
    expect(inPeriod(entries, { from: '', to: '2026-11-02' }).map((e) => e.id)).toEqual([3, 4]);
    expect(inPeriod(entries, { from: '', to: '' })).toHaveLength(4);
  });

  it('sums litres, and costs per currency without ever adding two currencies', () => {
    expect(periodTotals(entries)).toEqual({
      entries: 4,
      liters: 100.25,
      costs: [
        { currency: 'EUR', amount: 126.05 },
        { currency: 'GBP', amount: 30 },
      ],
    });
  });

  it('offers this month, last month and the last 30 days in the operator’s calendar', () => {
    const now = new Date(2026, 10, 26, 12).getTime();
    expect(presetPeriod('thisMonth', now)).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(presetPeriod('lastMonth', now)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetPeriod('last30', now)).toEqual({ from: '2026-10-28', to: '2026-11-26' });
  });

  it('writes an amount in its currency, and a bare amount when the entry named none', () => {
    expect(money(126.05, 'EUR')).toMatch(/126\.05/);
    expect(money(126.05, 'EUR')).toMatch(/€|EUR/);
    expect(money(12.5, null)).toBe((12.5).toLocaleString());
  });
});
