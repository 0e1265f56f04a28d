import type { AssetState } from '../map/asset-state';
import { countStates, type AssetRow, type StateCounts } from './asset-query';

/** The asset list's sections: one per group, then the assets in none; a fleet without groups has one, unheaded. */
export type SectionKey = `g${number}` | 'ungrouped' | 'all';

export interface SectionHeader {
  readonly kind: 'section';
  readonly key: SectionKey;
  /** The group; null for the assets in no group. */
  readonly groupId: number | null;
  readonly name: string;
  /** The section's assets that the search and the online filter let through, in each state. */
  readonly counts: StateCounts;
  /** Of those, how many the state chips let through (the rows under the header). */
  readonly shown: number;
  readonly collapsed: boolean;
}

export interface AssetItem {
  readonly kind: 'asset';
  /** Unique in the list: an asset in two groups has a row in each. */
  readonly key: `${SectionKey}:${number}`;
  readonly section: SectionKey;
  readonly groupId: number | null;
  readonly row: AssetRow;
}

export type ListItem = SectionHeader | AssetItem;

export interface SectionOptions {
  /** The groups in the order their sections come (by name). */
  readonly groups: readonly { readonly id: number; readonly name: string }[];
  /** Each asset's groups. */
  readonly groupsOf: ReadonlyMap<number, readonly number[]>;
  /** The state chips that are on; none on lets every state through. */
  readonly states: ReadonlySet<AssetState>;
  readonly collapsed: ReadonlySet<SectionKey>;
  /** The list is filtered by this group: its section alone. */
  readonly filterGroupId: number | null;
  /** Searching or filtering by state: sections without a match are left out rather than shown empty. */
  readonly searching: boolean;
}

export const sectionKeyOf = (groupId: number | null): SectionKey =>
  groupId === null ? 'ungrouped' : `g${groupId}`;

/**
 * Lays the filtered, sorted rows out as the list shows them: a header per
 * section (with the counts per state an operator scans) followed by the
 * section's rows in the same order. `rows` have passed every filter but the
 * state chips, so the counts do not shrink to the chip that is on.
 */
export function layoutSections(rows: readonly AssetRow[], o: SectionOptions): ListItem[] {
  const passes = (r: AssetRow): boolean => o.states.size === 0 || o.states.has(r.state);
  if (o.groups.length === 0) {
    return rows.filter(passes).map((row) => ({
      kind: 'asset',
      key: `all:${row.asset.id}`,
      section: 'all',
      groupId: null,
      row,
    }));
  }
  const bySection = new Map<number | null, AssetRow[]>();
  const known = new Set(o.groups.map((g) => g.id));
  for (const row of rows) {
    const inGroups = (o.groupsOf.get(row.asset.id) ?? []).filter((id) => known.has(id));
    const targets = inGroups.length > 0 ? inGroups : [null];
    for (const id of targets) {
      if (o.filterGroupId !== null && id !== o.filterGroupId) continue;
      let list = bySection.get(id);
      if (!list) bySection.set(id, (list = []));
      list.push(row);
    }
  }
  const sections: { id: number | null; name: string }[] = [
    ...o.groups.filter((g) => o.filterGroupId === null || g.id === o.filterGroupId),
    ...(o.filterGroupId === null ? [{ id: null, name: 'Not in a group' }] : []),
  ];
  const items: ListItem[] = [];
  for (const s of sections) {
    const all = bySection.get(s.id) ?? [];
    const shown = all.filter(passes);
    // Searching or filtering by state, a section without a match is left out; otherwise an empty
    // group stays, a place to drop assets, and the ungrouped section shows when it has any.
    if (o.searching ? shown.length === 0 : all.length === 0 && s.id === null) continue;
    const key = sectionKeyOf(s.id);
    const collapsed = o.collapsed.has(key);
    items.push({
      kind: 'section',
      key,
      groupId: s.id,
      name: s.name,
      counts: countStates(all),
      shown: shown.length,
      collapsed,
    });
    if (collapsed) continue;
    for (const row of shown)
      items.push({ kind: 'asset', key: `${key}:${row.asset.id}`, section: key, groupId: s.id, row });
  }
  return items;
}
