import { describe, expect, it } from 'vitest';
import type { AssetRow } from '../../../src/renderer/src/features/assets/asset-query';
import {
  layoutSections,
  type SectionOptions,
} from '../../../src/renderer/src/features/assets/asset-sections';
import type { AssetState } from '../../../src/renderer/src/features/map/asset-state';
import { bareAsset } from '../../support/bare-asset';

const row = (id: number, state: AssetState): AssetRow => ({
  asset: bareAsset(id, `A${id}`),
  position: undefined,
  state,
});
const rows = [row(1, 'moving'), row(2, 'idle'), row(3, 'stopped'), row(4, 'offline'), row(5, 'moving')];
const options = (over: Partial<SectionOptions> = {}): SectionOptions => ({
  groups: [
    { id: 7, name: 'Airport' },
    { id: 3, name: 'North' },
    { id: 9, name: 'Spare' },
  ],
  groupsOf: new Map([
    [1, [3]],
    [2, [3, 7]],
    [4, [7]],
  ]),
  states: new Set(),
  collapsed: new Set(),
  filterGroupId: null,
  searching: false,
  ...over,
});
const shape = (items: ReturnType<typeof layoutSections>): string[] =>
  items.map((i) => (i.kind === 'section' ? `[${i.name} ${i.shown}]` : i.key));

describe('asset list sections', () => {
  it('has no headers while the fleet has no groups', () => {
    expect(shape(layoutSections(rows, options({ groups: [] })))).toEqual([
      'all:1',
      'all:2',
      'all:3',
      'all:4',
      'all:5',
    ]);
  });

  it('puts each asset under each of its groups, the rest last, keeps empty groups as drop places', () => {
    const items = layoutSections(rows, options());
    expect(shape(items)).toEqual([
      '[Airport 2]',
      'g7:2',
      'g7:4',
      '[North 2]',
      'g3:1',
      'g3:2',
      '[Spare 0]',
      '[Not in a group 2]',
      'ungrouped:3',
      'ungrouped:5',
    ]);
    const airport = items[0]!;
    expect(airport.kind === 'section' && airport.counts).toEqual({
      moving: 0,
      idle: 1,
      stopped: 0,
      offline: 1,
    });
  });

  it('counts every state in a header but lists only the chips’ states; searching drops empty sections', () => {
    const items = layoutSections(rows, options({ states: new Set(['moving']), searching: true }));
    expect(shape(items)).toEqual(['[North 1]', 'g3:1', '[Not in a group 1]', 'ungrouped:5']);
    const north = items[0]!;
    expect(north.kind === 'section' && north.counts).toEqual({ moving: 1, idle: 1, stopped: 0, offline: 0 });
  });

  it('folds a collapsed section to its header, and shows the filtered group alone', () => {
    expect(shape(layoutSections(rows, options({ collapsed: new Set(['g7', 'ungrouped']) })))).toEqual([
      '[Airport 2]',
      '[North 2]',
      'g3:1',
      'g3:2',
      '[Spare 0]',
      '[Not in a group 2]',
    ]);
    expect(shape(layoutSections(rows.slice(0, 2), options({ filterGroupId: 3 })))).toEqual([
      '[North 2]',
      'g3:1',
      'g3:2',
    ]);
  });
});
