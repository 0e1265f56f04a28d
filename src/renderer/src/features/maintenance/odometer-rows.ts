import type { OdometerEntry } from '../../../../shared/ipc';

export interface OdometerRow {
  readonly entry: OdometerEntry;
  readonly at: number;
  /** Kilometres since the asset's previous reading; null for its first. */
  readonly sincePrevious: number | null;
}

/** Newest first, each with how far the asset went since its reading before. */
export function odometerRows(entries: readonly OdometerEntry[]): OdometerRow[] {
  const oldestFirst = entries
    .map((entry) => ({ entry, at: Date.parse(entry.timestamp) }))
    .sort((a, b) => a.at - b.at || a.entry.id - b.entry.id);
  const last = new Map<number, number>();
  const rows = oldestFirst.map(({ entry, at }): OdometerRow => {
    const before = last.get(entry.asset_id);
    last.set(entry.asset_id, entry.odometer_km);
    return {
      entry,
      at,
      sincePrevious: before === undefined ? null : Math.round((entry.odometer_km - before) * 10) / 10,
    };
  });
  return rows.reverse();
}
