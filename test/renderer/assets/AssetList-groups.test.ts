import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import AssetList from '../../../src/renderer/src/features/assets/AssetList.vue';
import { stateOf } from '../../../src/renderer/src/features/map/asset-state';
import { useNavigation } from '../../../src/renderer/src/layout/navigation';
import { useAssetSelection } from '../../../src/renderer/src/stores/asset-selection';
import { useFleet } from '../../../src/renderer/src/stores/fleet';
import { useGroups } from '../../../src/renderer/src/stores/groups';
import { FakeBridge } from '../support/fake-bridge';
import { withFleetRecords } from '../support/fleet-records-bridge';
import { mountWithBridge, settle } from '../support/mount-with-bridge';
import { fakeElementSize } from '../support/fake-layout';
import { simFleet } from '../support/sim-fleet';

let current: VueWrapper | null = null;
afterEach(() => current?.unmount());
let restoreSize: () => void = () => undefined;
beforeAll(() => (restoreSize = fakeElementSize('scroller', { height: 900, width: 340 })));
afterAll(() => restoreSize());

const FLEET = simFleet(12);
const NOW = Date.UTC(2026, 10, 23, 9);
const OFFLINE =
  'The service cannot be reached, so nothing was changed. Changes are never kept to be sent later: try again when the service is back.';

async function mountList(
  options: { offline?: boolean; groups?: readonly [string, number[]][] } = {},
): Promise<{ wrapper: VueWrapper; bridge: FakeBridge }> {
  const bridge = withFleetRecords(new FakeBridge(), { fleet: FLEET, now: NOW, offline: false });
  const { wrapper } = mountWithBridge(AssetList, bridge);
  current = wrapper;
  useFleet().applySnapshot({
    assets: FLEET.assets,
    positions: FLEET.positions,
    fetchedAt: NOW,
    fromCache: false,
  });
  const groups = useGroups();
  for (const [name, ids] of options.groups ?? []) await groups.create(name, undefined, ids);
  if (options.offline) {
    // From here on main answers from its cache, 12 minutes old, and refuses every change.
    bridge
      .handle('groups.list', {
        items: [...groups.groups],
        fetchedAt: Date.now() - 12.5 * 60_000,
        fromCache: true,
      })
      .fail('groups.assign', { code: 'offline', message: OFFLINE });
    await groups.load();
  }
  await settle();
  return { wrapper, bridge };
}

const sections = (w: VueWrapper): string[] => w.findAll('.section-header').map((h) => h.find('.name').text());
const rowIds = (w: VueWrapper, section?: string): number[] =>
  w
    .findAll(section ? `.asset-row[data-section="${section}"]` : '.asset-row')
    .map((r) => Number(r.attributes('data-asset-id')));
const row = (w: VueWrapper, id: number, section: string) =>
  w.find(`.asset-row[data-asset-id="${id}"][data-section="${section}"]`);
const groupId = (name: string): number => useGroups().groups.find((g) => g.name === name)!.id;
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
/** The list's order: by name. */
const byName = (ids: readonly number[]): number[] =>
  [...ids].sort((a, b) => collator.compare(FLEET.assets[a - 1]!.name, FLEET.assets[b - 1]!.name));
const sorted = (ids: Iterable<number>): number[] => [...ids].sort((a, b) => a - b);
const countOf = (state: ReturnType<typeof stateOf>, ids: readonly number[]): number =>
  ids.filter(
    (id) =>
      stateOf(
        FLEET.assets[id - 1],
        FLEET.positions.find((p) => p.assetId === id),
      ) === state,
  ).length;

describe('asset list by group', () => {
  it('shows each group as a section with its counts per state, the assets in none last, and folds them', async () => {
    const { wrapper } = await mountList({
      groups: [
        ['North', [1, 2, 3, 4]],
        ['Airport', [4, 9]],
      ],
    });
    expect(sections(wrapper)).toEqual(['Airport', 'North', 'Not in a group']);
    const north = wrapper.find(`[data-section="g${groupId('North')}"]`);
    expect(north.find('.total').text()).toBe('4');
    expect(north.text()).toContain(`${countOf('moving', [1, 2, 3, 4])} moving`);
    expect(north.text()).toContain(`${countOf('offline', [1, 2, 3, 4])} offline`);
    // An asset in two groups has a row in each; the rest are under "Not in a group".
    expect(rowIds(wrapper, `g${groupId('Airport')}`)).toEqual(byName([4, 9]));
    expect(rowIds(wrapper, 'ungrouped')).toEqual(byName([5, 6, 7, 8, 10, 11, 12]));

    const toggle = north.find('button.toggle');
    expect(toggle.attributes('aria-expanded')).toBe('true');
    await toggle.trigger('click');
    expect(rowIds(wrapper, `g${groupId('North')}`)).toEqual([]);
    expect(
      wrapper.find(`[data-section="g${groupId('North')}"] button.toggle`).attributes('aria-expanded'),
    ).toBe('false');
    // The count line still counts assets, not rows.
    expect(wrapper.text()).toContain('12 of 12 assets');
  });

  it('counts each state on its chip, and filters by a group that the map follows too', async () => {
    const { wrapper } = await mountList({ groups: [['North', [1, 2, 3, 4]]] });
    const all = FLEET.assets.map((a) => a.id);
    for (const s of ['moving', 'idle', 'stopped', 'offline'] as const)
      expect(wrapper.find(`[data-count="${s}"]`).text()).toBe(String(countOf(s, all)));

    await wrapper.find('[data-testid="group-filter"]').setValue(String(groupId('North')));
    await settle();
    expect(useGroups().filterId).toBe(groupId('North'));
    expect(sections(wrapper)).toEqual(['North']);
    expect(rowIds(wrapper)).toEqual(byName([1, 2, 3, 4]));
    expect(wrapper.text()).toContain('4 of 12 assets');
    expect(wrapper.find('[data-count="moving"]').text()).toBe(String(countOf('moving', [1, 2, 3, 4])));
  });

  it('selects several rows with Ctrl- and Shift-click, and with the keyboard', async () => {
    const { wrapper } = await mountList();
    const selection = useAssetSelection();
    const order = rowIds(wrapper);
    expect(order).toEqual(byName(FLEET.assets.map((a) => a.id)));
    const at = (i: number) => wrapper.find(`.asset-row[data-asset-id="${order[i]}"]`);
    await at(1).trigger('click');
    expect([...selection.ids]).toEqual([order[1]]);
    expect(useNavigation().selectedAssetId).toBe(order[1]);
    await at(4).trigger('click', { shiftKey: true });
    expect(sorted(selection.ids)).toEqual(sorted(order.slice(1, 5)));
    await at(2).trigger('click', { ctrlKey: true });
    expect(sorted(selection.ids)).toEqual(sorted([order[1]!, order[3]!, order[4]!]));
    expect(wrapper.findAll('.asset-row[aria-selected="true"]')).toHaveLength(3);
    expect(wrapper.find('[data-testid="selection-bar"]').text()).toContain('3 selected');

    const list = wrapper.find('[role="listbox"]');
    expect(list.attributes('aria-multiselectable')).toBe('true');
    // The keyboard goes on from the row clicked last.
    await list.trigger('keydown', { key: 'ArrowDown' });
    expect([...selection.ids]).toEqual([order[3]]);
    await list.trigger('keydown', { key: 'ArrowDown', shiftKey: true });
    await list.trigger('keydown', { key: 'ArrowDown', shiftKey: true });
    expect(sorted(selection.ids)).toEqual(sorted(order.slice(3, 6)));
    expect(list.attributes('aria-activedescendant')).toBe(`asset-row-all-${order[5]}`);
    // Ctrl+arrow moves without selecting; Space then adds the row.
    await list.trigger('keydown', { key: 'ArrowDown', ctrlKey: true });
    expect(selection.count).toBe(3);
    await list.trigger('keydown', { key: ' ' });
    expect(sorted(selection.ids)).toEqual(sorted(order.slice(3, 7)));
    await list.trigger('keydown', { key: 'a', ctrlKey: true });
    expect(selection.count).toBe(12);
    await list.trigger('keydown', { key: 'Escape' });
    expect(selection.count).toBe(1);
  });

  it('moves the dragged selection from one group to another; onto “Not in a group” takes it out', async () => {
    const { wrapper, bridge } = await mountList({
      groups: [
        ['North', [1, 2, 3]],
        ['South', [4]],
      ],
    });
    const north = `g${groupId('North')}`;
    await row(wrapper, 1, north).trigger('click');
    await row(wrapper, 2, north).trigger('click', { ctrlKey: true });
    await row(wrapper, 2, north).trigger('dragstart');
    const south = wrapper.find(`.header-slot:has([data-section="g${groupId('South')}"])`);
    await south.trigger('dragover');
    expect(wrapper.find(`[data-section="g${groupId('South')}"]`).classes()).toContain('drop-target');
    await south.trigger('drop');
    await settle();
    expect(useGroups().membersOf(groupId('South'))).toEqual(new Set([4, 1, 2]));
    expect(useGroups().membersOf(groupId('North'))).toEqual(new Set([3]));
    expect(wrapper.find('[role="status"]').text()).toBe('Moved 2 assets from North to South.');
    expect(bridge.callsOf('groups.assign')).toEqual([
      { groupId: groupId('South'), add: byName([1, 2]), remove: [] },
      { groupId: groupId('North'), add: [], remove: byName([1, 2]) },
    ]);

    const southKey = `g${groupId('South')}`;
    await row(wrapper, 4, southKey).trigger('click');
    await row(wrapper, 4, southKey).trigger('dragstart');
    await wrapper.find('.header-slot:has([data-section="ungrouped"])').trigger('drop');
    await settle();
    expect(useGroups().membersOf(groupId('South'))).toEqual(new Set([1, 2]));
    expect(rowIds(wrapper, 'ungrouped')).toContain(4);
  });

  it('puts the selection in a group from the keyboard (M), or in a new group', async () => {
    const { wrapper } = await mountList({ groups: [['North', [1]]] });
    await wrapper.find('.asset-row[data-asset-id="5"]').trigger('click');
    await wrapper.find('.asset-row[data-asset-id="6"]').trigger('click', { ctrlKey: true });
    await wrapper.find('[role="listbox"]').trigger('keydown', { key: 'm' });
    const dialog = wrapper.find('[role="dialog"]');
    expect(dialog.text()).toContain('the 2 selected assets');
    expect(
      dialog
        .find('#move-group-target')
        .findAll('option')
        .map((o) => o.text()),
    ).toEqual(['North (1)']);
    await dialog.find('form').trigger('submit');
    await settle();
    expect(useGroups().membersOf(groupId('North'))).toEqual(new Set([1, 5, 6]));
    expect(wrapper.find('[role="dialog"]').exists()).toBe(false);
    expect(wrapper.find('[role="status"]').text()).toBe('Added 2 assets to North.');

    await wrapper.find('.asset-row[data-asset-id="8"]').trigger('click');
    await wrapper
      .findAll('button')
      .find((b) => b.text() === '+ Group')!
      .trigger('click');
    const make = wrapper.find('[role="dialog"]');
    expect(make.text()).toContain('The selected asset goes into it.');
    await make.find('form').trigger('submit');
    expect(make.find('#group-name-error').text()).toBe('Give the group a name');
    expect(make.find('#group-name').attributes('aria-invalid')).toBe('true');
    await make.find('#group-name').setValue('Workshop');
    await make.find('form').trigger('submit');
    await settle();
    expect(useGroups().membersOf(groupId('Workshop'))).toEqual(new Set([8]));
    expect(sections(wrapper)).toEqual(['North', 'Workshop', 'Not in a group']);
  });

  it('renames and deletes a group from its header; deleting asks first and keeps the assets', async () => {
    const { wrapper } = await mountList({ groups: [['North', [1, 2]]] });
    const header = () => wrapper.find(`[data-section="g${groupId('North')}"]`);
    await header().find('button[aria-label="Rename North"]').trigger('click');
    const rename = wrapper.find('[role="dialog"]');
    expect((rename.find('#group-name').element as HTMLInputElement).value).toBe('North');
    await rename.find('#group-name').setValue('North depot');
    await rename.find('form').trigger('submit');
    await settle();
    expect(sections(wrapper)).toEqual(['North depot', 'Not in a group']);
    expect(useGroups().groups[0]!.asset_ids).toEqual([1, 2]);

    await wrapper.find('button[aria-label="Delete North depot"]').trigger('click');
    const confirm = wrapper.find('[role="dialog"]');
    expect(confirm.text()).toContain('its 2 assets stay');
    await confirm
      .findAll('button')
      .find((b) => b.text() === 'Delete group')!
      .trigger('click');
    await settle();
    expect(useGroups().groups).toEqual([]);
    expect(sections(wrapper)).toEqual([]);
    expect(rowIds(wrapper)).toHaveLength(12);
  });

  it('offline: shows how old the groups are, and a change is refused with main’s reason, nothing half done', async () => {
    const { wrapper, bridge } = await mountList({ groups: [['North', [1, 2]]], offline: true });
    expect(wrapper.find('[data-testid="groups-cache-age"]').text()).toBe('Groups as of 12 min ago (offline)');
    await wrapper.find('.asset-row[data-asset-id="5"]').trigger('click');
    await wrapper.find('[role="listbox"]').trigger('keydown', { key: 'M' });
    await wrapper.find('[role="dialog"] form').trigger('submit');
    await settle();
    expect(wrapper.find('[role="dialog"] [role="alert"]').text()).toBe(OFFLINE);
    expect(useGroups().membersOf(groupId('North'))).toEqual(new Set([1, 2]));
    expect(bridge.callsOf('groups.assign')).toHaveLength(1);
  });
});
