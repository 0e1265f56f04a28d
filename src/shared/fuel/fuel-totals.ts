import type { FuelEntry } from '../interface';
import type { FuelTotals } from '../ipc/fleet-admin-views';

const cents = (n: number): number => Math.round(n * 100) / 100;

/** Litres and costs of a list of entries; costs are summed per currency, never across currencies. */
export function fuelTotals(entries: readonly FuelEntry[]): FuelTotals {
  const costs = new Map<string | null, number>();
  let liters = 0;
  for (const e of entries) {
    liters += e.liters;
    if (e.cost === undefined) continue;
    const currency = e.currency ?? null;
    costs.set(currency, (costs.get(currency) ?? 0) + e.cost);
  }
  return {
    entries: entries.length,
    liters: cents(liters),
    costs: [...costs]
      .map(([currency, amount]) => ({ currency, amount: cents(amount) }))
      .sort((a, b) => (a.currency ?? '').localeCompare(b.currency ?? '')),
  };
}
