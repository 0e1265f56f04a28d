import { afterEach, describe, expect, it } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import ClusterPopover from '../../../src/renderer/src/features/map/ClusterPopover.vue';
import type { ClusterHit, StackHit } from '../../../src/renderer/src/features/map/fleet-canvas-layer';
import { NO_ALARM } from '../../../src/renderer/src/features/map/alarm-rank';

let current: VueWrapper | null = null;
afterEach(() => {
  current?.unmount();
  current = null;
});

const NAMES: Readonly<Record<number, string>> = { 11: 'Van 11', 12: 'Truck 12', 13: 'Car 13' };

function cluster(memberIds: readonly number[], count = memberIds.length): ClusterHit {
  return {
    clusterId: 7,
    count,
    memberIds,
    x: 100,
    y: 80,
    lat: 50,
    lon: 10,
    expansionZoom: 9,
    alarm: NO_ALARM,
  };
}

/** When the popover's listeners were attached: see press(). */
let mountedAt = 0;

function mountPopover(hit: ClusterHit | StackHit): VueWrapper {
  current = mount(ClusterPopover, {
    props: { cluster: hit, nameOf: (id: number) => NAMES[id] ?? `Asset ${id}` },
    attachTo: document.body,
  });
  mountedAt = Date.now();
  return current;
}

function focusedText(): string {
  return document.activeElement?.textContent?.trim() ?? '';
}

async function press(key: string): Promise<void> {
  // Vue's listeners ignore an event stamped at or before the millisecond they were attached in (its guard
  // against a handler added while that event is dispatched), and Esc passes through two of them: a key
  // pressed in the millisecond of the mount would reach the first and not the second. No one types that fast.
  while (Date.now() <= mountedAt) await new Promise((r) => setTimeout(r, 1));
  const target = document.activeElement;
  if (!target) throw new Error('nothing has focus');
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  await new Promise((r) => setTimeout(r, 0));
}

describe('the list of assets a cluster holds', () => {
  it('names every member as an option of a listbox and takes focus on the first one', () => {
    const wrapper = mountPopover(cluster([11, 12, 13], 20));
    const options = wrapper.findAll('[role="listbox"] [role="option"]');
    expect(options.map((o) => o.text())).toEqual(['Van 11', 'Truck 12', 'Car 13']);
    expect(wrapper.text()).toContain('20 assets here');
    expect(wrapper.text()).toContain('and 17 more');
    expect(focusedText()).toBe('Van 11');
    // One stop in the tab order, whichever member the arrows are on.
    expect(options.map((o) => o.attributes('tabindex'))).toEqual(['0', '-1', '-1']);
  });

  it('moves through the members with the arrow keys, Home and End, and stops at either end', async () => {
    mountPopover(cluster([11, 12, 13]));
    await press('ArrowDown');
    expect(focusedText()).toBe('Truck 12');
    await press('ArrowDown');
    await press('ArrowDown');
    expect(focusedText()).toBe('Car 13');
    await press('Home');
    expect(focusedText()).toBe('Van 11');
    await press('ArrowUp');
    expect(focusedText()).toBe('Van 11');
    await press('End');
    expect(focusedText()).toBe('Car 13');
    expect(document.activeElement?.getAttribute('aria-selected')).toBe('true');
  });

  it('selects the member Enter is pressed on, and the one clicked', async () => {
    const wrapper = mountPopover(cluster([11, 12, 13]));
    await press('ArrowDown');
    await press('Enter');
    expect(wrapper.emitted('select')).toEqual([[12]]);
    await wrapper.findAll('[role="option"]')[2]!.trigger('click');
    expect(wrapper.emitted('select')).toEqual([[12], [13]]);
  });

  it('closes on Esc without letting the key through to the app (which would clear the selection)', async () => {
    const wrapper = mountPopover(cluster([11, 12, 13]));
    let reachedWindow = false;
    const onWindow = (): void => void (reachedWindow = true);
    window.addEventListener('keydown', onWindow);
    try {
      await press('Escape');
    } finally {
      window.removeEventListener('keydown', onWindow);
    }
    expect(wrapper.emitted('close')).toHaveLength(1);
    expect(reachedWindow).toBe(false);
  });

  it('asks to zoom in to split the cluster', async () => {
    const wrapper = mountPopover(cluster([11, 12, 13]));
    await wrapper.get('button.btn').trigger('click');
    expect(wrapper.emitted('zoom')).toHaveLength(1);
  });

  it('starts again at the first member when another cluster is opened in its place', async () => {
    const wrapper = mountPopover(cluster([11, 12, 13]));
    await press('End');
    await wrapper.setProps({ cluster: { ...cluster([13, 12]), clusterId: 8 } });
    await new Promise((r) => setTimeout(r, 0));
    expect(focusedText()).toBe('Car 13');
    expect(wrapper.findAll('[role="option"]').map((o) => o.attributes('tabindex'))).toEqual(['0', '-1']);
  });
});

describe('the list of vehicles parked on one spot', () => {
  it('names every one of them, offers no zoom (they never split), and opens beyond the fan', () => {
    const ids = Array.from({ length: 23 }, (_, k) => 100 + k);
    const stack: StackHit = { stackKey: 42, count: 23, memberIds: ids, x: 300, y: 200, reach: 80 };
    const wrapper = mountPopover(stack);
    const list = wrapper.get('[role="listbox"]');
    expect(list.attributes('aria-label')).toBe('Vehicles on this spot');
    expect(list.findAll('[role="option"]').map((o) => o.text())).toEqual(ids.map((id) => `Asset ${id}`));
    expect(wrapper.get('[role="dialog"]').attributes('aria-label')).toBe('23 vehicles on one spot');
    expect(wrapper.text()).not.toContain('more');
    expect(wrapper.find('button.btn').exists()).toBe(false);
    expect(wrapper.get('[role="dialog"]').attributes('style')).toContain('left: 398px');
    expect(focusedText()).toBe('Asset 100');
  });
});
