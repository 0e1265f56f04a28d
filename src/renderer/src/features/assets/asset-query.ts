import type { Asset, LivePosition } from '../../../../shared/ipc';
import { stateOf, type AssetState } from '../map/asset-state';

export type SortKey = 'name' | 'lastUpdate' | 'speed';
export type OnlineFilter = 'all' | 'online' | 'offline';

export interface AssetQuery {
  readonly text: string;
  readonly states: ReadonlySet<AssetState>;
  readonly online: OnlineFilter;
  readonly sort: SortKey;
  /** Only these assets (a group's members); absent or null: every asset. */
  readonly members?: ReadonlySet<number> | null;
}

export interface AssetRow {
  readonly asset: Asset;
  readonly position: LivePosition | undefined;
  readonly state: AssetState;
}

/** The time of the asset's last known fix: the live position, else the tracker's last_update. */
export function lastUpdateOf(asset: Asset, position: LivePosition | undefined): number | null {
  if (position) return position.t;
  const lu = asset.tracker?.last_update;
  return lu ? Date.parse(lu) : null;
}

function matches(asset: Asset, needle: string): boolean {
  if (needle === '') return true;
  const fields = [asset.name, asset.registration, asset.vin, asset.tracker?.imei];
  return fields.some((f) => f !== null && f !== undefined && f.toLowerCase().includes(needle));
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Search (name, registration, VIN, IMEI), filter by group, state and online, then sort; ties break on name. */
export function queryAssets(
  assets: readonly Asset[],
  positions: ReadonlyMap<number, LivePosition>,
  q: AssetQuery,
): AssetRow[] {
  const needle = q.text.trim().toLowerCase();
  const rows: AssetRow[] = [];
  const members = q.members ?? null;
  for (const asset of assets) {
    if (members !== null && !members.has(asset.id)) continue;
    if (!matches(asset, needle)) continue;
    const online = asset.tracker?.online === true;
    if (q.online === 'online' && !online) continue;
    if (q.online === 'offline' && online) continue;
    const position = positions.get(asset.id);
    const state = stateOf(asset, position);
    if (q.states.size > 0 && !q.states.has(state)) continue;
    rows.push({ asset, position, state });
  }
  const byName = (a: AssetRow, b: AssetRow): number => collator.compare(a.asset.name, b.asset.name);
  if (q.sort === 'name') rows.sort(byName);
  else if (q.sort === 'speed')
    rows.sort((a, b) => (b.position?.speed ?? -1) - (a.position?.speed ?? -1) || byName(a, b));
  else
    rows.sort(
      (a, b) =>
        (lastUpdateOf(b.asset, b.position) ?? -Infinity) - (lastUpdateOf(a.asset, a.position) ?? -Infinity) ||
        byName(a, b),
    );
  return rows;
}

export type StateCounts = Record<AssetState, number>;

/** How many rows are in each state: the filter chips' and the group sections' counts. */
export function countStates(rows: Iterable<AssetRow>): StateCounts {
  const counts: StateCounts = { moving: 0, idle: 0, stopped: 0, offline: 0 };
  for (const r of rows) counts[r.state] += 1;
  return counts;
}
