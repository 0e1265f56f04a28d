import { afterEach, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import ReportsView from '../../../src/renderer/src/features/reports/ReportsView.vue';
import type { JsonReportContent } from '../../../src/shared/ipc';
import { defaultFormat } from '../support/display-format';
import { FakeBridge } from '../support/fake-bridge';
import { mountWithBridge, settle } from '../support/mount-with-bridge';
import { localReport } from './report-fixture';

let current: VueWrapper | null = null;
afterEach(() => current?.unmount());

async function mountReports(bridge: FakeBridge): Promise<VueWrapper> {
  const { wrapper } = mountWithBridge(ReportsView, bridge, {
    assetId: null,
    intent: { kind: 'report', assetId: 2, seq: 9 },
  });
  current = wrapper;
  await settle();
  return wrapper;
}

const statusOf = (w: VueWrapper, id: string): string =>
  w.find(`[data-local-id="${id}"] [data-testid="report-status"]`).text();

describe('report list', () => {
  it('follows a report through its states as main pushes them', async () => {
    const bridge = new FakeBridge().handle('reports.list', [localReport()]);
    const wrapper = await mountReports(bridge);
    expect(wrapper.emitted('intent-handled')).toEqual([[9]]);
    expect(statusOf(wrapper, 'r-1')).toBe('Waiting locally');

    bridge.emit('reports.changed', localReport({ state: 'queued', queuePosition: 2 }));
    await settle();
    expect(statusOf(wrapper, 'r-1')).toBe('Queued — position 2');

    bridge.emit('reports.changed', localReport({ state: 'processing', progress: 60 }));
    await settle();
    expect(statusOf(wrapper, 'r-1')).toBe('Processing 60%');
    expect(wrapper.find('[data-local-id="r-1"] .bar span').attributes('style')).toContain('width: 60%');

    bridge.emit('reports.changed', localReport({ state: 'retrying', retryAt: Date.now() + 30_000 }));
    await settle();
    expect(statusOf(wrapper, 'r-1')).toBe('Service busy (503)');
    expect(wrapper.find('[data-local-id="r-1"] [data-testid="report-detail"]').text()).toMatch(
      /^Retrying in 0:[23]\d$/,
    );

    bridge.emit(
      'reports.changed',
      localReport({ state: 'failed', errorMessage: 'No positions in the period' }),
    );
    await settle();
    expect(wrapper.find('[data-local-id="r-1"]').text()).toContain('No positions in the period');

    bridge.emit('reports.changed', localReport({ localId: 'r-2', createdAt: Date.now() }));
    bridge.emit('reports.removed', { localId: 'r-1' });
    await settle();
    expect(wrapper.findAll('[data-local-id]').map((r) => r.attributes('data-local-id'))).toEqual(['r-2']);
  });

  it('saves through main, retries a failed report, and shows json results in a table', async () => {
    const content: JsonReportContent = {
      type: 'trip',
      title: 'Trips — Van 0002',
      period: { from: '2026-11-01', to: '2026-11-02' },
      generated_at: '2026-11-23T08:00:00Z',
      summary: { trips: 2, distance_km: 84.2 },
      columns: [
        { key: 'start', label: 'Start' },
        { key: 'distance', label: 'Distance', unit: 'km' },
      ],
      rows: [
        { start: '2026-11-01T07:00:00Z', distance: 42.1 },
        { start: '2026-11-01T15:00:00Z', distance: 42.1 },
      ],
    };
    const done = localReport({
      localId: 'j-1',
      state: 'completed',
      request: { type: 'trip', format: 'json', asset_id: 2, date_from: '2026-11-01', date_to: '2026-11-02' },
      file: {
        filename: 'trip.json',
        contentType: 'application/json',
        size: 2048,
        path: '/c/trip.json',
        savedPath: null,
      },
    });
    const failed = localReport({ localId: 'f-1', state: 'failed', errorMessage: 'boom' });
    const bridge = new FakeBridge()
      .handle('reports.list', [done, failed])
      .handle('reports.save', { saved: true, path: '/home/op/trip.json' })
      .handle('reports.retry', { ...failed, state: 'waiting', errorMessage: null })
      .handle('reports.data', content);
    const wrapper = await mountReports(bridge);

    await wrapper.find('[data-local-id="j-1"] [data-action="save"]').trigger('click');
    await settle();
    expect(bridge.callsOf('reports.save')).toEqual([{ localId: 'j-1' }]);
    expect(wrapper.text()).toContain('Saved to /home/op/trip.json');

    await wrapper.find('[data-local-id="f-1"] [data-action="retry"]').trigger('click');
    await settle();
    expect(statusOf(wrapper, 'f-1')).toBe('Waiting locally');

    await wrapper.find('[data-local-id="j-1"] [data-action="view"]').trigger('click');
    await settle();
    const table = wrapper.find('[data-testid="report-table"]');
    expect(table.text()).toContain('Distance (km)');
    expect(table.text()).toContain('84.2');
  });

  it('in the browser shell says the report was downloaded, and offers no folder to show', async () => {
    const done = localReport({
      localId: 'p-1',
      state: 'completed',
      request: { type: 'trip', format: 'pdf', asset_id: 2, date_from: '2026-11-01', date_to: '2026-11-02' },
      file: {
        filename: 'Trips 2026-11-01.pdf',
        contentType: 'application/pdf',
        size: 4096,
        path: '/tmp/fleetdesk-browser-x/reports/p-1.pdf',
        savedPath: null,
      },
    });
    const bridge = new FakeBridge()
      .handle('app.info', { version: '1.0.0', platform: 'linux', shell: 'browser' })
      .handle('reports.list', [done])
      .handle('reports.save', { saved: true, path: null });
    const wrapper = await mountReports(bridge);
    const buttons = wrapper
      .findAll('[data-local-id="p-1"] [data-action]')
      .map((b) => b.attributes('data-action'));
    expect(buttons).toEqual(['save', 'open', 'remove']);

    await wrapper.find('[data-local-id="p-1"] [data-action="save"]').trigger('click');
    await settle();
    expect(wrapper.find('header [role="status"]').text()).toBe('Downloaded Trips 2026-11-01.pdf');
    expect(wrapper.text()).not.toContain('/tmp/');
  });

  it('in the desktop app offers Show in folder for a downloaded report', async () => {
    const done = localReport({
      localId: 'p-2',
      state: 'completed',
      file: { filename: 'a.pdf', contentType: 'application/pdf', size: 1, path: '/c/a.pdf', savedPath: null },
    });
    const bridge = new FakeBridge()
      .handle('app.info', { version: '1.0.0', platform: 'linux', shell: 'electron' })
      .handle('reports.list', [done])
      .handle('reports.showInFolder', null);
    const wrapper = await mountReports(bridge);
    await wrapper.find('[data-local-id="p-2"] [data-action="showInFolder"]').trigger('click');
    await settle();
    expect(bridge.callsOf('reports.showInFolder')).toEqual([{ localId: 'p-2' }]);
  });

  it('says when each report was requested, and moves its progress bar as main reports progress', async () => {
    const today = new Date();
    today.setHours(9, 5, 0, 0);
    const earlier = new Date(Date.UTC(2025, 0, 14, 16, 30));
    const bridge = new FakeBridge().handle('reports.list', [
      localReport({ localId: 'a', createdAt: today.getTime(), state: 'processing', progress: 0 }),
      localReport({ localId: 'b', createdAt: earlier.getTime() }),
    ]);
    const wrapper = await mountReports(bridge);
    const requested = (id: string) =>
      wrapper.find(`[data-local-id="${id}"] [data-testid="report-requested"]`);
    expect(requested('a').text()).toBe(`Requested ${defaultFormat().time(today.getTime())}`);
    expect(requested('b').text()).toBe(
      `Requested ${defaultFormat().date(earlier.getTime())}, ${defaultFormat().time(earlier.getTime())}`,
    );
    expect(requested('b').attributes('datetime')).toBe(earlier.toISOString());

    const bar = () => wrapper.find('[data-local-id="a"] [role="progressbar"]');
    expect(bar().attributes('aria-valuenow')).toBe('0');
    for (const progress of [20, 55]) {
      bridge.emit(
        'reports.changed',
        localReport({ localId: 'a', createdAt: today.getTime(), state: 'processing', progress }),
      );
      await settle();
      expect(bar().attributes('aria-valuenow')).toBe(String(progress));
      expect(bar().find('span').attributes('style')).toContain(`width: ${progress}%`);
      expect(statusOf(wrapper, 'a')).toBe(`Processing ${progress}%`);
    }
  });

  it('brings the report an identical request was refused for into view instead of queueing a twin', async () => {
    const queued = localReport({
      localId: 'q-1',
      state: 'queued',
      queuePosition: 1,
      title: 'Trail — Van 0002',
    });
    const other = localReport({ localId: 'o-1', createdAt: queued.createdAt + 1000, title: 'Another' });
    const bridge = new FakeBridge().handle('reports.list', [queued, other]).fail('reports.submit', {
      code: 'duplicate',
      message:
        'The same report (“Trail — Van 0002”, requested at 08:00 UTC) is queued: open that one instead of requesting it twice.',
      details: { localId: ['q-1'] },
    });
    const wrapper = await mountReports(bridge);
    await wrapper.find('form').trigger('submit');
    await settle();
    expect(wrapper.find('[data-testid="report-twin"]').text()).toContain('is queued');
    await wrapper
      .findAll('[data-testid="report-twin"] button')
      .find((b) => b.text() === 'Show that report')!
      .trigger('click');
    await settle();
    const row = wrapper.find('[data-local-id="q-1"]');
    expect(row.classes()).toContain('flashed');
    expect(document.activeElement).toBe(row.element);
    expect(wrapper.findAll('[data-local-id]')).toHaveLength(2);
  });
});
