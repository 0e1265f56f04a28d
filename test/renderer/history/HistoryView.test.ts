import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, getActivePinia, setActivePinia } from 'pinia';
import { setBridge } from '../../../src/renderer/src/api';
import HistoryView from '../../../src/renderer/src/features/history/HistoryView.vue';
import { formatDuration } from '../../../src/renderer/src/features/history/history-format';
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
import { columns, morning, result, T0, type Fix } from './history-fixture';
import { toLocalInput } from '../../../src/renderer/src/features/history/history-range';

let current: VueWrapper | null = null;
afterEach(() => current?.unmount());

/** The side panel and the chart take a history a frame after the map has it (after-paint.ts). */
async function panelShown(wrapper: VueWrapper): Promise<void> {
  await vi.waitFor(() =>
    expect(wrapper.find('[aria-label="Summary"]').attributes('aria-busy')).toBe('false'),
  );
}

async function mountHistory(
  answer:
    | HistoryResult
    | ((asked: { start: number; end: number } | undefined) => HistoryResult | Promise<HistoryResult>),
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
  await panelShown(wrapper);
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

  it('marks the summary busy while the next range loads, so its figures are not read as that range’s', async () => {
    let answerNext: (r: HistoryResult) => void = () => undefined;
    const { wrapper } = await mountHistory((asked) =>
      asked?.start === T0
        ? new Promise<HistoryResult>((resolve) => (answerNext = resolve))
        : result(morning()),
    );
    const summary = wrapper.find('[aria-label="Summary"]');
    const distance = wrapper.find('[data-testid="summary-distance"]');
    expect([summary.attributes('aria-busy'), distance.text()]).toEqual(['false', '15.0 km odometer']);
    await wrapper.find('[data-preset="custom"]').trigger('click');
    await wrapper.find('[data-testid="history-from"]').setValue(toLocalInput(T0));
    await wrapper.find('[data-testid="history-to"]').setValue(toLocalInput(T0 + 5 * 60_000));
    await wrapper.find('form.custom').trigger('submit');
    // Today's figures stay in view, marked as not yet the range asked for.
    expect([summary.attributes('aria-busy'), distance.text()]).toEqual(['true', '15.0 km odometer']);
    // Its first five minutes: five fixes a kilometre apart.
    const fixes = Array.from({ length: 5 }, (_, m): Fix => ({
      t: T0 + m * 60_000,
      lat: 51.9,
      lon: 4.4 + m * 0.0146,
      speed: 60,
      odometer: 1000 + m,
    }));
    answerNext(result(columns(fixes)));
    await settle();
    // The map has the answer; the panel takes it a frame later and says busy until then.
    expect([summary.attributes('aria-busy'), distance.text()]).toEqual(['true', '15.0 km odometer']);
    await panelShown(wrapper);
    expect([summary.attributes('aria-busy'), distance.text()]).toEqual(['false', '4.0 km odometer']);
  });

  it('counts a stretch with no fixes as "No data", neither as a stop nor as stopped time', async () => {
    const MIN = 60_000;
    const before = Array.from(morning().t, (t): Fix => ({ t, lat: 51.9, lon: 4.5, speed: 0 }));
    const last = before.at(-1)!.t;
    // Parked at the end of the morning, then nothing for three hours, then parked again for 10 minutes.
    const after: Fix[] = [];
    for (let m = 0; m <= 10; m++)
      after.push({ t: last + 3 * 60 * MIN + m * MIN, lat: 51.9, lon: 4.5, speed: 0 });
    const cols = columns([...before, ...after]);
    const { wrapper } = await mountHistory(result(cols));
    const facts = wrapper.find('[aria-label="Summary"]');
    const value = (term: string): string => {
      const dts = facts.findAll('dt');
      const i = dts.findIndex((d) => d.text() === term);
      return i < 0 ? '' : facts.findAll('dd')[i]!.text();
    };
    expect(value('No data')).toBe('3 h 00 min');
    expect(value('Stopped')).toBe(formatDuration(last - T0 + 10 * MIN));
    // The gap splits what would have been one 3 h 50 min stop into two, neither spanning it.
    expect(wrapper.text()).toContain('Stops 2');
    expect(wrapper.text()).not.toMatch(/3 h 5\d min/);
  });

  it('says "Today so far" for today’s range, which ends now, rather than warning that it is incomplete', async () => {
    const { wrapper } = await mountHistory((asked) => {
      const { start, end } = asked ?? { start: 0, end: 1 };
      // The service's answer for today: settled until two minutes before the end asked for.
      const fixes: Fix[] = [];
      for (let t = Math.max(start, end - 30 * 60_000); t < end; t += 60_000)
        fixes.push({ t, lat: 51.9, lon: 4.5, speed: 30 });
      return {
        ...result(columns(fixes), { complete: false, completeUntil: end - 120_000, source: 'network' }),
        start,
        end,
      };
    });
    const notice = wrapper.find('[data-testid="history-coverage"]');
    expect(notice.text()).toBe('Today so far — the latest fixes may still be arriving');
    expect(notice.classes()).toContain('so-far');
    expect(notice.classes()).not.toContain('warning');
  });

  it('reads out the time and speed pointed at on the chart, and moves the replay by a pixel column with the arrows', async () => {
    const cols = morning();
    const { wrapper } = await mountHistory(result(cols));
    const chart = wrapper.find('[data-testid="speed-chart"]');
    // happy-dom lays nothing out: the chart is 0 px wide, so any pointer is at its right end.
    await chart.trigger('pointermove', { clientX: 5 });
    const readout = wrapper.find('[data-testid="chart-readout"]');
    expect(readout.text()).toBe(`${testFormat().dateTime(cols.t.at(-1)!, true)} · 0 km/h`);
    await chart.trigger('pointerleave');
    expect(wrapper.find('[data-testid="chart-readout"]').exists()).toBe(false);

    const scrubber = wrapper.find('[data-testid="scrubber"]');
    const clock = wrapper.find('[data-testid="replay-time"]');
    expect(clock.text()).toBe(testFormat().dateTime(cols.t[0]!, true));
    await scrubber.trigger('keydown', { key: 'End' });
    expect(clock.text()).toBe(testFormat().dateTime(cols.t.at(-1)!, true));
    await scrubber.trigger('keydown', { key: 'PageDown' });
    expect(clock.text()).toBe(
      testFormat().dateTime(cols.t.at(-1)! - (cols.t.at(-1)! - cols.t[0]!) / 10, true),
    );
    await scrubber.trigger('focus');
    expect(wrapper.find('[data-testid="chart-readout"]').text()).toContain(clock.text());
  });
});
