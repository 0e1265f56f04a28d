import { afterEach, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import App from '../../../src/renderer/src/App.vue';
import { useNavigation } from '../../../src/renderer/src/layout/navigation';
import { FakeBridge } from '../support/fake-bridge';
import { mountWithBridge, settle } from '../support/mount-with-bridge';
import { DEMO_SESSION, onlineStatus, SIGNED_OUT, simFleet, TEST_SETTINGS } from '../support/sim-fleet';

let current: VueWrapper | null = null;
afterEach(() => current?.unmount());

function signedInBridge(): FakeBridge {
  const sim = simFleet(10);
  return new FakeBridge()
    .handle('session.get', DEMO_SESSION)
    .handle('session.signOut', SIGNED_OUT)
    .handle('connection.get', onlineStatus(Date.now()))
    .handle('settings.get', { ...TEST_SETTINGS, theme: 'light' })
    .handle('notices.list', [])
    .handle('app.ready', null)
    .handle('fleet.snapshot', {
      assets: sim.assets,
      positions: sim.positions,
      fetchedAt: 1,
      fromCache: false,
    });
}

const press = (key: string): void => {
  window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
};

describe('the app shell', () => {
  it('subscribes before loading, loads the fleet once signed in, then tells main it is ready', async () => {
    const bridge = signedInBridge();
    const { wrapper } = mountWithBridge(App, bridge);
    current = wrapper;
    await settle();
    const order = bridge.calls.map((c) => c.method);
    expect(order).toContain('fleet.snapshot');
    expect(order.at(-1)).toBe('app.ready');
    expect(bridge.listenerCount('live.positions')).toBe(1);
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('switches screens with 1–4 and shows the shortcuts with ?', async () => {
    const { wrapper } = mountWithBridge(App, signedInBridge());
    current = wrapper;
    await settle();
    const nav = useNavigation();
    press('2');
    expect(nav.screen).toBe('history');
    press('4');
    expect(nav.screen).toBe('links');
    press('1');
    expect(nav.screen).toBe('map');
    press('?');
    await settle();
    expect(wrapper.text()).toContain('Keyboard shortcuts');
    press('Escape');
    await settle();
    expect(wrapper.text()).not.toContain('Keyboard shortcuts');
  });

  it('shows the connect screen when nobody is signed in, and the map after the demo starts', async () => {
    const bridge = signedInBridge()
      .handle('session.get', SIGNED_OUT)
      .handle('session.signInDemo', DEMO_SESSION);
    const { wrapper } = mountWithBridge(App, bridge);
    current = wrapper;
    await settle();
    expect(wrapper.find('[data-testid="demo"]').exists()).toBe(true);
    await wrapper.find('[data-testid="demo"]').trigger('click');
    await settle();
    expect(wrapper.find('[data-testid="live-map"]').exists()).toBe(true);
    expect(wrapper.find('[data-testid="status-bar"]').text()).toContain('online');
  });
});
