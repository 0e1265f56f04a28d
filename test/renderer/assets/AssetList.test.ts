import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import AssetList from '../../../src/renderer/src/features/assets/AssetList.vue';
import { useNavigation } from '../../../src/renderer/src/layout/navigation';
import { useFleet } from '../../../src/renderer/src/stores/fleet';
import { FakeBridge } from '../support/fake-bridge';
import { fakeElementSize } from '../support/fake-layout';
import { mountWithBridge, settle } from '../support/mount-with-bridge';
import { simFleetReportedAt } from '../support/sim-fleet';

let current: VueWrapper | null = null;
afterEach(() => current?.unmount());

// The list's scroller at the size it has in the app (340 × 600 px).
let restoreSize: () => void = () => undefined;
beforeAll(() => (restoreSize = fakeElementSize('scroller', { height: 600, width: 340 })));
afterAll(() => restoreSize());

async function mountList(count: number): Promise<VueWrapper> {
  const { wrapper } = mountWithBridge(AssetList, new FakeBridge());
  current = wrapper;
  // The list shows each fix's age against the machine's clock.
  const sim = simFleetReportedAt(count, Date.now() - 60_000);
  useFleet().applySnapshot({ assets: sim.assets, positions: sim.positions, fetchedAt: 1, fromCache: false });
  await settle();
  return wrapper;
}

const rowNames = (w: VueWrapper): string[] => w.findAll('.asset-row strong').map((r) => r.text());

describe('asset list', () => {
  it('renders only the rows in view, not the whole fleet', async () => {
    const wrapper = await mountList(2000);
    const rows = wrapper.findAll('.asset-row');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(100);
    expect(wrapper.text()).toContain('2000 of 2000 assets');
  });

  it('narrows the list as the operator types a registration', async () => {
    const wrapper = await mountList(50);
    const target = useFleet().assets[12]!;
    await wrapper.find('input[type="search"]').setValue(target.registration!);
    await settle();
    expect(rowNames(wrapper)).toContain(target.name);
    expect(wrapper.text()).toMatch(/\d+ of 50 assets/);
    expect(wrapper.findAll('.asset-row').length).toBeLessThan(50);
  });

  it('filters by state with the chips', async () => {
    const wrapper = await mountList(50);
    await wrapper.find('button[data-state="moving"]').trigger('click');
    await settle();
    const dots = wrapper.findAll('.asset-row .state').map((d) => d.attributes('title'));
    expect(dots.length).toBeGreaterThan(0);
    expect(new Set(dots)).toEqual(new Set(['Moving']));
  });

  it('selects an asset on click, for the map and the panel', async () => {
    const wrapper = await mountList(20);
    const row = wrapper.findAll('.asset-row')[3]!;
    const id = Number(row.attributes('data-asset-id'));
    await row.trigger('click');
    expect(useNavigation().selectedAssetId).toBe(id);
    expect(wrapper.find('.asset-row.selected').attributes('data-asset-id')).toBe(String(id));
  });

  it('follows a selection made elsewhere (the map)', async () => {
    const wrapper = await mountList(20);
    useNavigation().select(5);
    await settle();
    expect(wrapper.find('.asset-row.selected').attributes('data-asset-id')).toBe('5');
  });

  it('shows speed and age in fixed-width numeric columns', async () => {
    const wrapper = await mountList(20);
    const first = wrapper.find('.asset-row');
    expect(first.find('.speed').classes()).toContain('num');
    expect(first.find('.age').text()).toMatch(/ago|just now/);
  });
});
