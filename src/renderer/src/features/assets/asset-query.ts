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

/**
 * Each list's assets in name order, sorted once: the list asks again every second with the live
 * positions, and collating 50,000 names took ~0.6 s of the renderer's main thread each time
 * (docs/architecture.md "National fleets"). A new list (the fleet's, a group's) is a new array.
 */
const byName = new WeakMap<readonly Asset[], readonly Asset[]>();
function inNameOrder(assets: readonly Asset[]): readonly Asset[] {
  let sorted = byName.get(assets);
  if (!sorted) {
    sorted = [...assets].sort((a, b) => collator.compare(a.name, b.name));
    byName.set(assets, sorted);
  }
  return sorted;
}

/** Rows ordered by a numeric key, highest first; the sort is stable, so ties keep name order. */
function byKeyDescending(rows: AssetRow[], key: (row: AssetRow) => number): AssetRow[] {
  const keys = rows.map((r) => {
    const k = key(r);
    return Number.isNaN(k) ? -Number.MAX_VALUE : k;
  });
  const order = rows.map((_, i) => i).sort((i, j) => keys[j]! - keys[i]!);
  return order.map((i) => rows[i]!);
}

/** Search (name, registration, VIN, IMEI), filter by group, state and online, then sort; ties break on name. */
export function queryAssets(
  assets: readonly Asset[],
  positions: ReadonlyMap<number, LivePosition>,
  q: AssetQuery,
): AssetRow[] {
  const needle = q.text.trim().toLowerCase();
  const rows: AssetRow[] = [];
  const members = q.members ?? null;
  for (const asset of inNameOrder(assets)) {
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
  if (q.sort === 'name') return rows;
  if (q.sort === 'speed') return byKeyDescending(rows, (r) => r.position?.speed ?? -1);
  return byKeyDescending(rows, (r) => lastUpdateOf(r.asset, r.position) ?? -Number.MAX_VALUE);
}

export type StateCounts = Record<AssetState, number>;

/** How many rows are in each state: the filter chips' and the group sections' counts. */
export function countStates(rows: Iterable<AssetRow>): StateCounts {
  const counts: StateCounts = { moving: 0, idle: 0, stopped: 0, offline: 0 };
  for (const r of rows) counts[r.state] += 1;
  return counts;
}
