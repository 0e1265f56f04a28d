import { afterEach, describe, expect, it } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, getActivePinia, setActivePinia } from 'pinia';
import { setBridge } from '../../../src/renderer/src/api';
import HistoryView from '../../../src/renderer/src/features/history/HistoryView.vue';
import type { ScreenIntent } from '../../../src/renderer/src/layout/navigation';
import { useFleet } from '../../../src/renderer/src/stores/fleet';
import { useGroups } from '../../../src/renderer/src/stores/groups';
import { useSettings } from '../../../src/renderer/src/stores/settings';
import type { HistoryResult } from '../../../src/shared/ipc';
import { testFormat } from '../support/display-format';
import { FakeBridge } from '../support/fake-bridge';
import { withFleetRecords } from '../support/fleet-records-bridge';
import { settle } from '../support/mount-with-bridge';
import { simFleet, TEST_SETTINGS } from '../support/sim-fleet';
import { morning, result, T0 } from './history-fixture';

let current: VueWrapper | null = null;
afterEach(() => current?.unmount());

async function mountHistory(
  answer: HistoryResult,
  intent: ScreenIntent = { kind: 'history', assetId: 3, seq: 4 },
): Promise<{ wrapper: VueWrapper; bridge: FakeBridge }> {
  const fleet = simFleet(5);
  const bridge = new FakeBridge().handle('history.get', answer).handle('settings.get', TEST_SETTINGS);
  setActivePinia(createPinia());
  setBridge(bridge);
  // The Leaflet map is exercised in Chromium; here it would fetch the outline map from nowhere.
  const wrapper = mount(HistoryView, {
    props: { assetId: 3, intent },
    global: { plugins: [getActivePinia()!], stubs: { HistoryMap: true } },
    attachTo: document.body,
  });
  current = wrapper;
  useFleet().applySnapshot({
    assets: fleet.assets,
    positions: fleet.positions,
    fetchedAt: 0,
    fromCache: false,
  });
  await useSettings().load();
  await settle();
  return { wrapper, bridge };
}

describe('history view', () => {
  it("opens today's history of the asset an intent names, and marks the intent handled", async () => {
    const { wrapper, bridge } = await mountHistory(result(morning()));
    const args = bridge.callsOf('history.get') as { assetId: number; start: number; end: number }[];
    expect(args).toHaveLength(1);
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    expect(args[0]).toMatchObject({ assetId: 3, start: midnight.getTime() });
    expect(wrapper.emitted('intent-handled')).toEqual([[4]]);
    expect(wrapper.find('[data-testid="summary-distance"]').text()).toContain('15.0 km');
    expect(wrapper.text()).toContain('Stops 2');
    expect(wrapper.find('[data-testid="history-coverage"]').exists()).toBe(false);
  });

  it('opens at an alarm’s moment: half an hour either side on whole minutes, the replay cursor on the instant', async () => {
    const at = T0 + 12 * 60_000 + 20_000;
    const { wrapper, bridge } = await mountHistory(result(morning()), {
      kind: 'history',
      assetId: 3,
      seq: 9,
      at,
    });
    const args = bridge.callsOf('history.get') as { assetId: number; start: number; end: number }[];
    expect(args).toEqual([{ assetId: 3, start: T0 - 18 * 60_000, end: T0 + 43 * 60_000 }]);
    expect(wrapper.emitted('intent-handled')).toEqual([[9]]);
    expect(wrapper.find('[data-preset="custom"]').attributes('aria-pressed')).toBe('true');
    expect(wrapper.find('[data-testid="replay-time"]').text()).toBe(testFormat().dateTime(at, true));
  });

  it('switches asset through the picker: the screen asks for the new selection', async () => {
    const { wrapper } = await mountHistory(result(morning()));
    const picker = wrapper.find('[data-testid="history-asset"] input[role="combobox"]');
    const fleet = useFleet();
    expect((picker.element as HTMLInputElement).value).toBe(fleet.assetsById.get(3)!.name);
    await picker.setValue(fleet.assetsById.get(5)!.vin!);
    await picker.trigger('keydown', { key: 'Enter' });
    expect(wrapper.emitted('select-asset')).toEqual([[5]]);
  });

  it('narrows the picker to a group, starting from the group the asset list is filtered by', async () => {
    const { wrapper } = await mountHistory(result(morning()));
    expect(wrapper.find('#history-group').exists()).toBe(false);
    current?.unmount();
    const bridge = new FakeBridge()
      .handle('history.get', result(morning()))
      .handle('settings.get', TEST_SETTINGS);
    withFleetRecords(bridge, { fleet: simFleet(5), now: Date.now(), offline: false });
    setActivePinia(createPinia());
    setBridge(bridge);
    const groups = useGroups();
    await groups.create('Yard', undefined, [2, 4]);
    await groups.create('Road', undefined, [1, 3, 5]);
    groups.setFilter(groups.groups[0]!.id);
    useFleet().applySnapshot({ assets: simFleet(5).assets, positions: [], fetchedAt: 0, fromCache: false });
    current = mount(HistoryView, {
      props: { assetId: null, intent: null },
      global: { plugins: [getActivePinia()!], stubs: { HistoryMap: true } },
      attachTo: document.body,
    });
    await settle();
    const select = current.find('#history-group');
    expect((select.element as HTMLSelectElement).value).toBe(String(groups.groups[0]!.id));
    const picker = current.find('[data-testid="history-asset"] input[role="combobox"]');
    await picker.trigger('click');
    const listed = () =>
      current!
        .findAll('[data-testid="history-asset"] [role="option"]')
        .map((o) => Number(o.attributes('data-asset-id')));
    expect(listed().sort()).toEqual([2, 4]);
    await select.setValue('');
    await picker.trigger('click');
    expect(listed()).toHaveLength(5);
    // The list's own filter stays where the operator put it.
    expect(groups.filterId).toBe(groups.groups[0]!.id);
  });

  it('says offline and how far the cached data is complete, never pretending it is live', async () => {
    const cols = morning();
    const until = cols.t[10]!;
    const { wrapper } = await mountHistory(
      result(cols, { offline: true, complete: false, completeUntil: until, source: 'cache' }),
    );
    const banner = wrapper.find('[data-testid="history-coverage"]').text();
    expect(banner).toBe(`Offline — cached data, complete until ${testFormat().dateTime(until, true)}`);
  });

  it('warns when the service answered only part of the range', async () => {
    const cols = morning();
    const { wrapper } = await mountHistory(
      result(cols, { complete: false, completeUntil: cols.t[5]!, source: 'mixed' }),
    );
    expect(wrapper.find('[data-testid="history-coverage"]').text()).toMatch(
      /^Incomplete — complete until .*later fixes may be missing$/,
    );
  });

  it('plays and pauses with Space, and steps fix by fix with the arrow keys', async () => {
    const cols = morning();
    const { wrapper } = await mountHistory(result(cols));
    const play = wrapper.find('[data-testid="play"]');
    expect(play.text()).toBe('Play');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: ' ' }));
    await settle();
    expect(play.text()).toBe('Pause');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: ' ' }));
    await settle();
    expect(play.text()).toBe('Play');
    const before = wrapper.find('[data-testid="replay-time"]').text();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    await settle();
    expect(wrapper.find('[data-testid="replay-time"]').text()).not.toBe(before);
  });

  it('refuses a custom range over 31 days without asking the service', async () => {
    const { wrapper, bridge } = await mountHistory(result(morning()));
    await wrapper.find('[data-preset="custom"]').trigger('click');
    await wrapper.find('[data-testid="history-from"]').setValue('2026-01-01T00:00');
    await wrapper.find('[data-testid="history-to"]').setValue('2026-03-01T00:00');
    await wrapper.find('form.custom').trigger('submit');
    await settle();
    expect(wrapper.find('[data-testid="history-range-error"]').text()).toBe(
      'History covers at most 31 days at a time',
    );
    expect(bridge.callsOf('history.get')).toHaveLength(1);
  });
});
