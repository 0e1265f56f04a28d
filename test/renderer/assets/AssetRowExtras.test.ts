import { afterEach, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import AssetRowExtras from '../../../src/renderer/src/features/assets/AssetRowExtras.vue';
import { FakeBridge } from '../support/fake-bridge';
import { mountWithBridge, settle } from '../support/mount-with-bridge';

let current: VueWrapper | null = null;
afterEach(() => current?.unmount());

async function mountRow(bridge: FakeBridge, assetId: number): Promise<VueWrapper> {
  const { wrapper } = mountWithBridge(AssetRowExtras, bridge, { assetId });
  current = wrapper;
  for (let i = 0; i < 3; i++) await settle();
  return wrapper;
}

describe('an asset list row’s photo and maintenance counts', () => {
  it('shows the photo’s thumbnail and the overdue and due-soon counts, named in words', async () => {
    const bridge = new FakeBridge()
      .handle('photos.get', (a) => ({
        assetId: a?.assetId ?? 0,
        contentType: 'image/png',
        size: 10,
        dataUrl: 'data:image/png;base64,iVBORw0KGgo=',
        fetchedAt: 1,
        fromCache: false,
      }))
      .handle('reminders.badges', [{ assetId: 5, overdue: 2, dueSoon: 1 }]);
    const w = await mountRow(bridge, 5);
    // Where no canvas can redraw it (happy-dom), the photo itself serves as its thumbnail.
    expect(w.get('[data-testid="asset-thumb"]').attributes('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    const badge = w.get('[data-testid="reminder-badge"]');
    expect(badge.attributes('title')).toBe('Maintenance: 2 overdue, 1 due soon');
    expect(badge.find('.visually-hidden').text()).toBe('Maintenance: 2 overdue, 1 due soon');
    expect(badge.findAll('.count').map((c) => c.text())).toEqual(['2', '1']);
  });

  it('shows nothing for an asset with no photo and nothing due, and follows main’s changes', async () => {
    let badges = [{ assetId: 9, overdue: 1, dueSoon: 0 }];
    const bridge = new FakeBridge().handle('photos.get', null).handle('reminders.badges', () => badges);
    const w = await mountRow(bridge, 5);
    expect(w.find('[data-testid="asset-thumb"]').exists()).toBe(false);
    expect(w.find('[data-testid="reminder-badge"]').exists()).toBe(false);
    badges = [{ assetId: 5, overdue: 0, dueSoon: 3 }];
    bridge.emit('records.changed', { family: 'serviceReminders', assetId: 5 });
    await settle();
    expect(w.get('[data-testid="reminder-badge"]').attributes('data-due-soon')).toBe('3');
  });
});
