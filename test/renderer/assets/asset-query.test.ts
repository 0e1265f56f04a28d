import { describe, expect, it } from 'vitest';
import { queryAssets, type AssetQuery } from '../../../src/renderer/src/features/assets/asset-query';
import type { AssetState } from '../../../src/renderer/src/features/map/asset-state';
import type { Asset, LivePosition } from '../../../src/shared/ipc';

const mk = (id: number, name: string, extra: Partial<Asset> = {}, online = true): Asset => ({
  id,
  name,
  registration: `REG-${id}`,
  vin: `VIN${id}000`,
  make: null,
  model: null,
  year: null,
  tracker: { id, imei: `35${id}99`, online, last_update: null },
  ...extra,
});
const at = (
  assetId: number,
  speed: number,
  t: number,
  state = speed > 3 ? 'moving' : 'stopped',
): LivePosition => ({
  assetId,
  lat: 0,
  lon: 0,
  speed,
  course: 0,
  t,
  state,
  ignition: speed > 0,
});

const assets = [
  mk(1, 'Truck 10'),
  mk(2, 'truck 2'),
  mk(3, 'Van 1', { registration: 'AB-123-C' }),
  mk(4, 'Bus', {}, false),
];
const positions = new Map<number, LivePosition>([
  [1, at(1, 80, 1000)],
  [2, at(2, 0, 3000)],
  [3, at(3, 30, 2000)],
  [4, at(4, 0, 500)],
]);
const q = (over: Partial<AssetQuery>): AssetQuery => ({
  text: '',
  states: new Set<AssetState>(),
  online: 'all',
  sort: 'name',
  ...over,
});
const names = (rows: ReturnType<typeof queryAssets>): string[] => rows.map((r) => r.asset.name);

describe('asset list search, filter and sort', () => {
  it('finds an asset by name, registration, VIN or IMEI, ignoring case', () => {
    expect(names(queryAssets(assets, positions, q({ text: 'TRUCK' })))).toEqual(['truck 2', 'Truck 10']);
    expect(names(queryAssets(assets, positions, q({ text: 'ab-123' })))).toEqual(['Van 1']);
    expect(names(queryAssets(assets, positions, q({ text: 'vin4' })))).toEqual(['Bus']);
    expect(names(queryAssets(assets, positions, q({ text: '35399' })))).toEqual(['Van 1']);
  });

  it('sorts names the way people read them (2 before 10)', () => {
    expect(names(queryAssets(assets, positions, q({})))).toEqual(['Bus', 'truck 2', 'Truck 10', 'Van 1']);
  });

  it('sorts by speed and by last update, fastest and newest first', () => {
    expect(names(queryAssets(assets, positions, q({ sort: 'speed' })))).toEqual([
      'Truck 10',
      'Van 1',
      'Bus',
      'truck 2',
    ]);
    expect(names(queryAssets(assets, positions, q({ sort: 'lastUpdate' })))).toEqual([
      'truck 2',
      'Van 1',
      'Truck 10',
      'Bus',
    ]);
  });

  it('filters by state and by online', () => {
    expect(names(queryAssets(assets, positions, q({ states: new Set(['moving']) })))).toEqual([
      'Truck 10',
      'Van 1',
    ]);
    expect(names(queryAssets(assets, positions, q({ states: new Set(['offline']) })))).toEqual(['Bus']);
    expect(names(queryAssets(assets, positions, q({ online: 'offline' })))).toEqual(['Bus']);
    expect(queryAssets(assets, positions, q({ online: 'online' }))).toHaveLength(3);
  });
  it('breaks ties on name, follows the positions from one query of a list to the next, and sorts a new list afresh', () => {
    const fleet = [mk(5, 'Van 20'), mk(6, 'Van 3'), mk(7, 'Van 100'), mk(8, 'Van 1')];
    const moving = new Map([
      [5, at(5, 40, 100)],
      [6, at(6, 40, 100)],
      [7, at(7, 40, 100)],
    ]);
    // Same speed and same fix time: name order; Van 1 has no fix (and no last_update) and goes last.
    expect(names(queryAssets(fleet, moving, q({ sort: 'speed' })))).toEqual([
      'Van 3',
      'Van 20',
      'Van 100',
      'Van 1',
    ]);
    expect(names(queryAssets(fleet, moving, q({ sort: 'lastUpdate' })))).toEqual([
      'Van 3',
      'Van 20',
      'Van 100',
      'Van 1',
    ]);
    // The same list a second later: the new positions order it.
    moving.set(7, at(7, 90, 200));
    moving.set(8, at(8, 10, 50));
    expect(names(queryAssets(fleet, moving, q({ sort: 'speed' })))).toEqual([
      'Van 100',
      'Van 3',
      'Van 20',
      'Van 1',
    ]);
    expect(names(queryAssets(fleet, moving, q({ sort: 'lastUpdate' })))).toEqual([
      'Van 100',
      'Van 3',
      'Van 20',
      'Van 1',
    ]);
    // A last_update that does not parse counts as none, and keeps the order whole.
    const odd = [
      ...fleet,
      mk(9, 'Van 2', { tracker: { id: 9, imei: '1', online: true, last_update: 'soon' } }),
    ];
    expect(names(queryAssets(odd, new Map(), q({ sort: 'lastUpdate' })))).toEqual([
      'Van 1',
      'Van 2',
      'Van 3',
      'Van 20',
      'Van 100',
    ]);
    // A new list (renamed) is sorted by its own names; the input is left as it was.
    const renamed = fleet.map((a) => (a.id === 8 ? { ...a, name: 'Van 50' } : a));
    expect(names(queryAssets(renamed, moving, q({})))).toEqual(['Van 3', 'Van 20', 'Van 50', 'Van 100']);
    expect(renamed.map((a) => a.id)).toEqual([5, 6, 7, 8]);
  });
});
