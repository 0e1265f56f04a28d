import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/src/api';
import { useGroups } from '../../../src/renderer/src/stores/groups';
import type { AssetGroup } from '../../../src/shared/ipc';
import { FakeBridge } from '../support/fake-bridge';
import { settle } from '../support/mount-with-bridge';
import { onlineStatus } from '../support/sim-fleet';

const group = (id: number, name: string, asset_ids: number[]): AssetGroup => ({
  id,
  name,
  asset_ids,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
});

let bridge: FakeBridge;
let served: AssetGroup[];
let fromCache: boolean;
beforeEach(() => {
  setActivePinia(createPinia());
  served = [group(1, 'North', [1, 2]), group(2, 'Airport', [2, 9])];
  fromCache = false;
  bridge = new FakeBridge().handle('groups.list', () => ({ items: [...served], fetchedAt: 1000, fromCache }));
  setBridge(bridge);
});

describe('groups store', () => {
  it('lists the groups by name, each asset’s groups, and what the filter lets through', async () => {
    const groups = useGroups();
    await groups.load();
    expect(groups.sorted.map((g) => g.name)).toEqual(['Airport', 'North']);
    expect(groups.groupsOf.get(2)).toEqual([1, 2]);
    expect(groups.filterMembers).toBeNull();
    groups.setFilter(2);
    expect(groups.filterMembers).toEqual(new Set([2, 9]));
    groups.setFilter(404);
    expect(groups.filterId).toBeNull();
  });

  it('lists again when main says the family changed, and drops a filter whose group is gone', async () => {
    const groups = useGroups();
    const stop = groups.listen();
    await groups.load();
    groups.setFilter(1);
    served = [group(2, 'Airport', [2, 9])];
    bridge.emit('records.changed', { family: 'fuel' });
    await settle();
    expect(groups.groups).toHaveLength(2);
    bridge.emit('records.changed', { family: 'groups' });
    await settle();
    expect(groups.groups.map((g) => g.name)).toEqual(['Airport']);
    expect(groups.filterId).toBeNull();
    stop();
  });

  it('replaces the cached copy with the service’s when the service is back', async () => {
    const groups = useGroups();
    const stop = groups.listen();
    fromCache = true;
    await groups.load();
    expect(groups.fromCache).toBe(true);
    fromCache = false;
    bridge.emit('connection.changed', onlineStatus(Date.now()));
    await settle();
    expect(groups.fromCache).toBe(false);
    expect(bridge.callsOf('groups.list')).toHaveLength(2);
    stop();
  });
});
