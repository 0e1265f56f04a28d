import type { Asset, LivePosition } from '../../../../shared/ipc';
import { queryAssets, type AssetQuery } from './asset-query';

/**
 * A control room has up to 10,000 assets: the picker lists the first matches
 * only and asks for more letters, so the list stays short enough to read and
 * to render on every keystroke.
 */
export const PICKER_LIMIT = 50;

export interface PickerMatches {
  /** The first matches by name, at most the limit. */
  readonly shown: readonly Asset[];
  /** How many assets match in all. */
  readonly total: number;
}

const NO_POSITIONS: ReadonlyMap<number, LivePosition> = new Map<number, LivePosition>();
const NO_STATES: AssetQuery['states'] = new Set();

/** The assets matching `text` the way the asset list searches (name, registration, VIN, IMEI), by name. */
export function pickerMatches(
  assets: readonly Asset[],
  text: string,
  limit: number = PICKER_LIMIT,
): PickerMatches {
  const query: AssetQuery = { text, states: NO_STATES, online: 'all', sort: 'name' };
  const rows = queryAssets(assets, NO_POSITIONS, query);
  return { shown: rows.slice(0, limit).map((r) => r.asset), total: rows.length };
}

/**
 * Opening the list on a chosen asset that sorts beyond the first matches:
 * it is shown on top, so the operator sees the current choice and its
 * neighbours in the list are still the first by name.
 */
export function withChosenFirst(m: PickerMatches, chosen: Asset | undefined): PickerMatches {
  if (!chosen || m.shown.some((a) => a.id === chosen.id)) return m;
  return { shown: [chosen, ...m.shown.slice(0, Math.max(0, m.shown.length - 1))], total: m.total };
}

/** The line under the list: how many match, and what to do when they are too many to show. */
export function matchesText(m: PickerMatches, text: string): string {
  if (m.total === 0) return text.trim() === '' ? 'No assets' : `No asset matches “${text.trim()}”`;
  if (m.total > m.shown.length)
    return `${m.shown.length} of ${m.total.toLocaleString()} shown — type to narrow`;
  return m.total === 1 ? '1 asset' : `${m.total.toLocaleString()} assets`;
}

/** The next active option for an arrow key: wraps around, and starts at an end when none is active. */
export function moveActive(current: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (current < 0) return delta > 0 ? 0 : count - 1;
  return (current + delta + count) % count;
}

/** Multiple mode: choosing an asset adds it, choosing it again removes it. */
export function toggleId(ids: readonly number[], id: number): number[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}
