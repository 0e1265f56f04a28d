import { afterEach, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import ReportForm from '../../../src/renderer/src/features/reports/ReportForm.vue';
import { useFleet } from '../../../src/renderer/src/stores/fleet';
import type { IpcArgs } from '../../../src/shared/ipc';
import { FakeBridge } from '../support/fake-bridge';
import { mountWithBridge, settle } from '../support/mount-with-bridge';
import { simFleet } from '../support/sim-fleet';
import { localReport } from './report-fixture';

let current: VueWrapper | null = null;
afterEach(() => current?.unmount());

async function mountForm(bridge = new FakeBridge()): Promise<{ wrapper: VueWrapper; bridge: FakeBridge }> {
  bridge.handle('reports.submit', (args) => localReport({ localId: 'new-1', request: args!.request }));
  const { wrapper } = mountWithBridge(ReportForm, bridge, { presetAssetId: 3, presetSeq: 0 });
  current = wrapper;
  const fleet = simFleet(6);
  useFleet().applySnapshot({
    assets: fleet.assets,
    positions: fleet.positions,
    fetchedAt: 0,
    fromCache: false,
  });
  await settle();
  return { wrapper, bridge };
}

describe('report form', () => {
  it('adapts the subject field to the type: asset, several assets, beacon, asset or driver', async () => {
    const { wrapper } = await mountForm();
    const type = wrapper.find('[data-testid="report-type"]');
    expect(wrapper.find('[data-testid="report-asset"]').exists()).toBe(true);

    await type.setValue('mileage_weekly');
    expect(wrapper.find('[data-testid="report-assets"]').exists()).toBe(true);
    expect(wrapper.find('[data-testid="report-assets"]').text()).toContain('1 selected');

    await type.setValue('portable_beacon');
    expect(wrapper.find('[data-testid="report-beacon"]').exists()).toBe(true);
    expect(wrapper.find('[data-testid="report-subject"]').exists()).toBe(false);

    await type.setValue('driver_behavior');
    const choices = wrapper.findAll('[data-testid="report-subject"] input').map((i) => i.attributes('value'));
    expect(choices).toEqual(['asset', 'driver']);
    await wrapper.find('[data-testid="report-subject"] input[value="driver"]').setValue(true);
    expect(wrapper.find('[data-testid="report-driver"]').exists()).toBe(true);
  });

  it('enforces the maximum range in the date picker and shows the reason', async () => {
    const { wrapper } = await mountForm();
    await wrapper.find('[data-testid="report-type"]').setValue('obd_data');
    const from = wrapper.find('[data-testid="report-from"]');
    // setValue fires the change event the date picker reports on.
    await from.setValue('2026-10-01');
    expect(wrapper.find('[data-testid="report-range-reason"]').text()).toBe(
      'OBD-II diagnostics reports cover at most 14 days',
    );
    const to = wrapper.find('[data-testid="report-to"]');
    expect(to.attributes('max')).toBe('2026-10-14');
    expect((to.element as HTMLInputElement).value).toBe('2026-10-14');
    expect(wrapper.find('[data-testid="report-range-note"]').text()).toContain('End moved');
  });

  it('shows errors per field and sends nothing while the form is invalid', async () => {
    const { wrapper, bridge } = await mountForm();
    await wrapper.find('[data-testid="report-type"]').setValue('portable_beacon');
    await wrapper.find('[data-testid="report-beacon"]').setValue('twelve');
    await wrapper.find('form').trigger('submit');
    await settle();
    expect(wrapper.find('[data-error="beacon_id"]').text()).toBe('Enter a whole number');
    expect(bridge.callsOf('reports.submit')).toEqual([]);
  });

  it('submits a valid request to main with the preselected asset', async () => {
    const { wrapper, bridge } = await mountForm();
    await wrapper.find('[data-testid="report-title"]').setValue('  Week 47  ');
    await wrapper.find('form').trigger('submit');
    await settle();
    const sent = bridge.callsOf('reports.submit') as IpcArgs<'reports.submit'>[];
    expect(sent).toHaveLength(1);
    expect(sent[0]!.request).toMatchObject({ type: 'trail', format: 'pdf', asset_id: 3, title: 'Week 47' });
    expect(wrapper.emitted('submitted')).toEqual([['new-1']]);
  });

  it('picks the asset, or several for mileage, through the asset picker', async () => {
    const { wrapper, bridge } = await mountForm();
    const fleet = useFleet();
    const picker = wrapper.find('[data-testid="report-asset"] input[role="combobox"]');
    expect((picker.element as HTMLInputElement).value).toBe(fleet.assetsById.get(3)!.name);
    await picker.setValue(fleet.assetsById.get(4)!.vin!);
    await picker.trigger('keydown', { key: 'Enter' });
    await wrapper.find('form').trigger('submit');
    await settle();

    await wrapper.find('[data-testid="report-type"]').setValue('mileage_weekly');
    const several = wrapper.find('[data-testid="report-assets"]');
    // The preset asset is the list's first choice (report-form-rules keep a list the form already has).
    expect(several.findAll('.chip').map((c) => c.attributes('data-chip'))).toEqual(['3']);
    const input = several.find('input[role="combobox"]');
    await input.setValue(fleet.assetsById.get(6)!.tracker!.imei!);
    await input.trigger('keydown', { key: 'Enter' });
    expect(several.text()).toContain('2 selected');
    await wrapper.find('form').trigger('submit');
    await settle();

    const sent = bridge.callsOf('reports.submit') as IpcArgs<'reports.submit'>[];
    expect(sent.map((s) => [s.request.asset_id, s.request.asset_ids])).toEqual([
      [4, undefined],
      [undefined, [3, 6]],
    ]);
  });

  it('shows the field errors main sends back', async () => {
    const bridge = new FakeBridge();
    const { wrapper } = await mountForm(bridge);
    bridge.fail('reports.submit', {
      code: 'bad_args',
      message: 'The request was refused',
      details: { 'request.date_from': ['must be a date in the form YYYY-MM-DD'] },
    });
    await wrapper.find('form').trigger('submit');
    await settle();
    expect(wrapper.find('[data-error="date_from"]').text()).toBe('must be a date in the form YYYY-MM-DD');
    expect(wrapper.find('[role="alert"]').text()).toBe('The request was refused');
  });
});
