import { fuelTotals } from '../../../../shared/fuel/fuel-totals';
import type { FuelEntry, FuelTotals } from '../../../../shared/ipc';
import { toLocalInput } from '../history/history-range';

/** An inclusive range of the operator's calendar days (YYYY-MM-DD); an empty end is open. */
export interface FuelPeriod {
  readonly from: string;
  readonly to: string;
}

export type PeriodPreset = 'thisMonth' | 'lastMonth' | 'last30' | 'all';
export const PERIOD_PRESETS: readonly { readonly id: PeriodPreset; readonly label: string }[] = [
  { id: 'thisMonth', label: 'This month' },
  { id: 'lastMonth', label: 'Last month' },
  { id: 'last30', label: 'Last 30 days' },
  { id: 'all', label: 'All' },
];

const day = (d: Date): string => toLocalInput(d.getTime()).slice(0, 10);

export function presetPeriod(preset: PeriodPreset, now: number): FuelPeriod {
  const d = new Date(now);
  switch (preset) {
    case 'thisMonth':
      return { from: day(new Date(d.getFullYear(), d.getMonth(), 1)), to: day(d) };
    case 'lastMonth':
      return {
        from: day(new Date(d.getFullYear(), d.getMonth() - 1, 1)),
        to: day(new Date(d.getFullYear(), d.getMonth(), 0)),
      };
    case 'last30':
      return { from: day(new Date(d.getFullYear(), d.getMonth(), d.getDate() - 29)), to: day(d) };
    case 'all':
      return { from: '', to: '' };
  }
}

/** The entries whose local day falls in the period (main lists newest first; so does this). */
export function inPeriod(entries: readonly FuelEntry[], period: FuelPeriod): FuelEntry[] {
  return entries.filter((e) => {
    const d = toLocalInput(Date.parse(e.timestamp)).slice(0, 10);
    return (period.from === '' || d >= period.from) && (period.to === '' || d <= period.to);
  });
}

/** Totals of what is shown: main's totals are of the asset's whole list, the screen's of its period. */
export const periodTotals = (entries: readonly FuelEntry[]): FuelTotals => fuelTotals(entries);

/** "1,234.50 EUR" in the operator's number format; a cost without currency as a bare number. */
export function money(amount: number, currency: string | null): string {
  if (currency === null) return amount.toLocaleString(undefined, { maximumFractionDigits: 2 });
  try {
    return amount.toLocaleString(undefined, { style: 'currency', currency });
  } catch {
    return `${amount.toLocaleString(undefined, { maximumFractionDigits: 2 })} ${currency}`;
  }
}
