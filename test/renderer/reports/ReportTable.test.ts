import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import ReportTable from '../../../src/renderer/src/features/reports/ReportTable.vue';
import { useSettings } from '../../../src/renderer/src/stores/settings';
import type { JsonReportContent, Settings } from '../../../src/shared/ipc';
import { MILES_UTC_ISO } from '../support/display-format';
import { FakeBridge } from '../support/fake-bridge';
import { fakeElementSize } from '../support/fake-layout';
import { mountWithBridge, settle } from '../support/mount-with-bridge';
import { TEST_SETTINGS } from '../support/sim-fleet';

let current: VueWrapper | null = null;
afterEach(() => current?.unmount());
let restore: () => void = () => undefined;
beforeAll(() => (restore = fakeElementSize('scroller', { height: 400, width: 900 })));
afterAll(() => restore());

const content: JsonReportContent = {
  type: 'trail',
  title: 'Trail — Van 0002',
  period: { from: '2026-11-16', to: '2026-11-22' },
  generated_at: '2026-11-23T08:00:00Z',
  summary: {
    positions: 12_000,
    distance_km: 812.4,
    moving_time_s: 96_240,
    maximum_speed_kmh: 92.1,
    first_position: '2026-11-16T06:00:10.000Z',
  },
  columns: [
    { key: 't', label: 'Time', unit: 'UTC' },
    { key: 'speed', label: 'Speed', unit: 'km/h' },
    { key: 'stop', label: 'Stopped for', unit: 's' },
  ],
  rows: [{ t: '2026-11-16T06:00:10.000Z', speed: 42.5, stop: 725 }],
};

const summaryOf = (w: VueWrapper, key: string): string => w.find(`[data-summary="${key}"]`).text();

describe('the json report viewer', () => {
  it('shows times and durations in the operator’s format and units, not the keys of the file', async () => {
    current = mountWithBridge(ReportTable, new FakeBridge(), { content }).wrapper;
    await settle();
    const terms = current.findAll('dt').map((d) => d.text());
    expect(terms).toEqual(['Positions', 'Distance', 'Moving time', 'Maximum speed', 'First position']);
    expect(summaryOf(current, 'moving_time_s')).toBe('26 h 44 min');
    expect(summaryOf(current, 'distance_km')).toBe(`${(812.4).toLocaleString()} km`);
    expect(summaryOf(current, 'maximum_speed_kmh')).toBe(`${(92.1).toLocaleString()} km/h`);
    expect(summaryOf(current, 'first_position')).not.toContain('T06');

    const headers = current.findAll('[role="columnheader"]').map((h) => h.text());
    expect(headers).toEqual(['Time', 'Speed (km/h)', 'Stopped for']);
    const cells = current.findAll('[role="cell"]').map((c) => c.text());
    expect(cells[1]).toBe((42.5).toLocaleString());
    expect(cells[2]).toBe('12 min 05 s');
    expect(current.text()).toContain(
      `times in your time zone (${Intl.DateTimeFormat().resolvedOptions().timeZone})`,
    );
  });

  it('re-renders in the units, zone and formats the operator switches to', async () => {
    let settings: Settings = TEST_SETTINGS;
    const bridge = new FakeBridge().handle('settings.set', (patch) => (settings = { ...settings, ...patch }));
    current = mountWithBridge(ReportTable, bridge, { content }).wrapper;
    await settle();
    expect(summaryOf(current, 'distance_km')).toBe(`${(812.4).toLocaleString()} km`);

    await useSettings().set(MILES_UTC_ISO);
    await settle();
    // 812.4 km / 1.609344 = 504.80 mi; 92.1 km/h = 57.23 mph.
    expect(summaryOf(current, 'distance_km')).toBe(`${(504.8).toLocaleString()} mi`);
    expect(summaryOf(current, 'maximum_speed_kmh')).toBe(`${(57.23).toLocaleString()} mph`);
    expect(summaryOf(current, 'first_position')).toBe('2026-11-16, 06:00:10');
    expect(summaryOf(current, 'moving_time_s')).toBe('26 h 44 min');
    const headers = current.findAll('[role="columnheader"]').map((h) => h.text());
    expect(headers).toEqual(['Time', 'Speed (mph)', 'Stopped for']);
    expect(current.findAll('[role="cell"]')[0]?.text()).toBe('2026-11-16, 06:00:10');
    expect(current.text()).toContain('2026-11-16 – 2026-11-22 · times in your time zone (UTC)');
  });
});
