import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import StopList from '../../../src/renderer/src/features/history/StopList.vue';
import { formatDuration } from '../../../src/renderer/src/features/history/history-format';
import type { Stretch } from '../../../src/renderer/src/features/history/stop-detection';
import { useSettings } from '../../../src/renderer/src/stores/settings';
import { FakeBridge } from '../support/fake-bridge';
import { fakeElementSize } from '../support/fake-layout';
import { mountWithBridge, settle } from '../support/mount-with-bridge';
import { TEST_SETTINGS } from '../support/sim-fleet';

let current: VueWrapper | null = null;
afterEach(() => current?.unmount());

// The list's scroller at the size it has in the History screen's side panel.
let restoreSize: () => void = () => undefined;
beforeAll(() => (restoreSize = fakeElementSize('stop-scroller', { height: 300, width: 280 })));
afterAll(() => restoreSize());

const HOUR = 3_600_000;
const T0 = Date.parse('2026-11-01T00:00:00Z');

/** A month's stops: 25 a day, an hour apart, each a few minutes long. */
function monthOfStops(days: number): Stretch[] {
  const stops: Stretch[] = [];
  for (let d = 0; d < days; d++)
    for (let h = 0; h < 25; h++) {
      const start = T0 + d * 24 * HOUR + h * 0.9 * HOUR;
      const durationMs = (3 + ((d + h) % 40)) * 60_000;
      stops.push({ startIndex: 0, endIndex: 0, start, end: start + durationMs, durationMs, lat: 0, lon: 0 });
    }
  return stops;
}

async function mountList(stops: Stretch[]): Promise<{ wrapper: VueWrapper; bridge: FakeBridge }> {
  const mounted = mountWithBridge(StopList, new FakeBridge(), { stops });
  current = mounted.wrapper;
  useSettings().settings = { ...TEST_SETTINGS, timeZone: 'UTC', dateFormat: 'iso' };
  await settle();
  return mounted;
}

describe('the stops list', () => {
  it('puts only the rows in view in the page, and tells how many there are in all', async () => {
    const stops = monthOfStops(30);
    const { wrapper } = await mountList(stops);
    const rows = wrapper.findAll('li');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]!.attributes('aria-setsize')).toBe('750');
    expect(rows[0]!.attributes('aria-posinset')).toBe('1');
    expect(rows[0]!.find('h4').text()).toBe('2026-11-01');
    expect(rows[0]!.find('.dur').text()).toBe(formatDuration(stops[0]!.durationMs));
    expect(rows[1]!.find('h4').exists()).toBe(false);
  });

  it('seeks to a stop on click, and shows later days once scrolled there', async () => {
    const stops = monthOfStops(30);
    const { wrapper } = await mountList(stops);
    await wrapper.findAll('li')[2]!.find('button').trigger('click');
    expect(wrapper.emitted('seek')).toEqual([[stops[2]!.start]]);

    // Day 20's first stop: 19 days of 25 rows, each day's first row taller by its heading.
    const scroller = wrapper.find('.stop-scroller').element as HTMLElement;
    scroller.scrollTop = 19 * 25 * 24 + 19 * 22;
    scroller.dispatchEvent(new Event('scroll'));
    await settle();
    const headings = wrapper.findAll('h4').map((h) => h.text());
    expect(headings).toContain('2026-11-20');
    expect(headings).not.toContain('2026-11-01');
  });
});
