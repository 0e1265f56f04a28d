import { afterEach, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import ReportForm from '../../../src/renderer/src/features/reports/ReportForm.vue';
import { useAssetSelection } from '../../../src/renderer/src/stores/asset-selection';
import { useFleet } from '../../../src/renderer/src/stores/fleet';
import { useGroups } from '../../../src/renderer/src/stores/groups';
import type { IpcArgs } from '../../../src/shared/ipc';
import { FakeBridge, FakeIpcError } from '../support/fake-bridge';
import { withFleetRecords } from '../support/fleet-records-bridge';
import { mountWithBridge, settle } from '../support/mount-with-bridge';
import { simFleet } from '../support/sim-fleet';
import { localReport } from './report-fixture';

let current: VueWrapper | null = null;
afterEach(() => current?.unmount());

const FLEET = simFleet(6);

/** The form over the fleet records main keeps (drivers, tags, groups) for six assets. */
async function mountForm(bridge = new FakeBridge()): Promise<{ wrapper: VueWrapper; bridge: FakeBridge }> {
  withFleetRecords(bridge, { fleet: FLEET, now: Date.UTC(2026, 10, 23, 9), offline: false });
  bridge.handle('reports.submit', (args) => localReport({ localId: 'new-1', request: args!.request }));
  const { wrapper } = mountWithBridge(ReportForm, bridge, { presetAssetId: 3, presetSeq: 0 });
  current = wrapper;
  const fleet = FLEET;
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
    await wrapper.find('form').trigger('submit');
    await settle();
    expect(wrapper.find('#report-beacon-error').text()).toBe('A beacon is required for this report');
    expect(wrapper.find('#report-beacon').attributes('aria-invalid')).toBe('true');
    expect(wrapper.find('#report-beacon').attributes('aria-describedby')).toContain('report-beacon-error');
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
    expect(wrapper.find('#report-from-error').text()).toBe('must be a date in the form YYYY-MM-DD');
    expect(wrapper.find('[role="alert"]').text()).toBe('The request was refused');
  });

  it('reports on a group: the group’s assets go as asset_ids, the title names the group', async () => {
    const { wrapper, bridge } = await mountForm();
    await useGroups().create('North depot', undefined, [2, 5, 6]);
    await wrapper.find('[data-testid="report-type"]').setValue('mileage_monthly');
    await wrapper.find('[data-testid="report-subject"] input[value="group"]').setValue(true);
    const group = wrapper.find('#report-group');
    expect(group.findAll('option').map((o) => o.text())).toEqual(['Choose a group', 'North depot (3)']);
    await wrapper.find('form').trigger('submit');
    await settle();
    expect(wrapper.find('#report-group-error').text()).toBe('A group is required for this report');

    await group.setValue(String(useGroups().sorted[0]!.id));
    expect(wrapper.find('#report-group-hint').text()).toBe('Its 3 assets.');
    await wrapper.find('form').trigger('submit');
    await settle();
    const sent = bridge.callsOf('reports.submit') as IpcArgs<'reports.submit'>[];
    expect(sent).toHaveLength(1);
    expect(sent[0]!.request).toMatchObject({
      type: 'mileage_monthly',
      asset_ids: [2, 5, 6],
      title: 'Monthly mileage — North depot',
    });
  });

  it('offers the assets selected in the asset list for a mileage report', async () => {
    const { wrapper, bridge } = await mountForm();
    await wrapper.find('[data-testid="report-type"]').setValue('mileage_daily');
    expect(wrapper.find('[data-testid="report-use-selection"]').exists()).toBe(false);
    useAssetSelection().set({ ids: new Set([6, 1, 4]), anchor: null });
    await settle();
    await wrapper.find('[data-testid="report-use-selection"]').trigger('click');
    expect(wrapper.find('[data-testid="report-assets"]').text()).toContain('3 selected');
    await wrapper.find('form').trigger('submit');
    await settle();
    const sent = bridge.callsOf('reports.submit') as IpcArgs<'reports.submit'>[];
    expect(sent[0]!.request.asset_ids).toEqual([1, 4, 6]);
  });

  it('picks a driver by name from the drivers’ list, with the assets they drive', async () => {
    const { wrapper, bridge } = await mountForm();
    await wrapper.find('[data-testid="report-type"]').setValue('driver_score');
    await wrapper.find('[data-testid="report-subject"] input[value="driver"]').setValue(true);
    const select = wrapper.find('[data-testid="report-driver"]');
    const options = select.findAll('option').map((o) => o.text());
    expect(options[0]).toBe('Choose a driver');
    expect(options).toContain(`Driver 2 — ${FLEET.assets[1]!.name}`);
    await select.setValue('101');
    await wrapper.find('form').trigger('submit');
    await settle();
    const sent = bridge.callsOf('reports.submit') as IpcArgs<'reports.submit'>[];
    expect(sent[0]!.request).toMatchObject({ type: 'driver_score', driver_id: 101 });
    expect(sent[0]!.request).not.toHaveProperty('asset_id');
  });

  it('picks a beacon from the tags main lists, portable ones first for the portable beacon report', async () => {
    const bridge = new FakeBridge();
    const { wrapper } = await mountForm(bridge);
    const at = '2026-11-01T00:00:00.000Z';
    bridge.handle('tags.list', {
      items: [
        {
          id: 31,
          name: 'Cold room',
          mac: 'AC:23:3F:00:00:01',
          portable: false,
          asset_id: null,
          created_at: at,
        },
        { id: 32, name: 'Pallet 7', mac: 'AC:23:3F:00:00:02', portable: true, asset_id: 2, created_at: at },
      ],
      // Ten minutes before the machine's clock, which the form reads the list's age against.
      fetchedAt: Date.now() - 10 * 60_000,
      fromCache: true,
    });
    bridge.emit('records.changed', { family: 'tags' });
    await settle();
    await wrapper.find('[data-testid="report-type"]').setValue('portable_beacon');
    const options = wrapper.findAll('[data-testid="report-beacon"] option').map((o) => o.text());
    expect(options).toEqual([
      'Choose a beacon',
      `Pallet 7 · AC:23:3F:00:00:02 · portable, on ${FLEET.assets[1]!.name}`,
      'Cold room · AC:23:3F:00:00:01',
    ]);
    // Read from main's cache: the form says how old the list is.
    expect(wrapper.find('[data-testid="list-age"]').text()).toMatch(
      /^Offline — showing the tags and beacons as read .* ago\./,
    );
    await wrapper.find('[data-testid="report-beacon"]').setValue('32');
    await wrapper.find('form').trigger('submit');
    await settle();
    const sent = bridge.callsOf('reports.submit') as IpcArgs<'reports.submit'>[];
    expect(sent[0]!.request).toMatchObject({ type: 'portable_beacon', beacon_id: 32 });
  });

  it('narrows a long drivers’ list by the words typed, by a driver’s name or an asset’s, and Enter takes the first', async () => {
    const bridge = new FakeBridge();
    const { wrapper } = await mountForm(bridge);
    const many = Array.from({ length: 12 }, (_, i) => ({
      id: 200 + i,
      name: i === 7 ? 'Zoë Müller' : `Driver ${String(i + 1).padStart(2, '0')}`,
      asset_ids: [FLEET.assets[i % FLEET.assets.length]!.id],
    }));
    bridge.handle('drivers.list', { items: many, fetchedAt: Date.UTC(2026, 10, 23, 9), fromCache: false });
    bridge.emit('records.changed', { family: 'drivers' });
    await settle();
    await wrapper.find('[data-testid="report-type"]').setValue('driver_score');
    await wrapper.find('[data-testid="report-subject"] input[value="driver"]').setValue(true);
    const search = wrapper.find('input[type="search"][aria-controls="report-driver"]');
    const shown = () =>
      wrapper.findAll('[data-testid="report-driver"] option:not([disabled])').map((o) => o.text());
    expect(shown()).toHaveLength(12);

    await search.setValue('zoe muller');
    expect(shown()).toEqual([`Zoë Müller — ${FLEET.assets[7 % FLEET.assets.length]!.name}`]);
    await search.trigger('keydown', { key: 'Enter' });
    expect((wrapper.find('[data-testid="report-driver"]').element as HTMLSelectElement).value).toBe('207');

    // By an asset the driver drives; the chosen driver stays on the list.
    await search.setValue(FLEET.assets[2]!.name);
    const narrowed = shown();
    expect(narrowed.filter((t) => t.startsWith('Zoë Müller'))).toHaveLength(1);
    const others = narrowed.filter((t) => !t.startsWith('Zoë Müller'));
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((t) => t.endsWith(` — ${FLEET.assets[2]!.name}`))).toBe(true);
    await search.trigger('keydown', { key: 'Enter' });
    await wrapper.find('form').trigger('submit');
    await settle();
    const sent = bridge.callsOf('reports.submit') as IpcArgs<'reports.submit'>[];
    expect(sent[0]!.request).toMatchObject({ type: 'driver_score', driver_id: 202 });
  });

  it('offers the report already queued for the same request instead of queueing a twin', async () => {
    const bridge = new FakeBridge();
    const { wrapper } = await mountForm(bridge);
    bridge.handle('reports.submit', (args) => {
      if (!args?.allowDuplicate)
        throw new FakeIpcError({
          code: 'duplicate',
          message:
            'The same report (“Trail — Van 0003”, requested at 08:00 UTC) is queued: open that one instead.',
          details: { localId: ['r-earlier'] },
        });
      return localReport({ localId: 'twin', request: args.request });
    });
    await wrapper.find('form').trigger('submit');
    await settle();
    const twin = wrapper.find('[data-testid="report-twin"]');
    expect(twin.text()).toContain('is queued: open that one instead.');
    expect(wrapper.emitted('submitted')).toBeUndefined();

    await twin
      .findAll('button')
      .find((b) => b.text() === 'Show that report')!
      .trigger('click');
    expect(wrapper.emitted('show-report')).toEqual([['r-earlier']]);
    expect(wrapper.find('[data-testid="report-twin"]').exists()).toBe(false);

    await wrapper.find('form').trigger('submit');
    await settle();
    await wrapper
      .findAll('[data-testid="report-twin"] button')
      .find((b) => b.text() === 'Queue another anyway')!
      .trigger('click');
    await settle();
    const sent = bridge.callsOf('reports.submit') as IpcArgs<'reports.submit'>[];
    expect(sent.map((s) => s.allowDuplicate ?? false)).toEqual([false, false, true]);
    expect(wrapper.emitted('submitted')).toEqual([['twin']]);
  });
});
