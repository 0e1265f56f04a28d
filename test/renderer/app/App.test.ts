import { describe, expect, it } from 'vitest';
import { useNavigation } from '../../../src/renderer/src/layout/navigation';
import { mountApp, press, signedInBridge } from '../support/app-shell';
import { settle } from '../support/mount-with-bridge';
import { DEMO_SESSION, SIGNED_OUT } from '../support/sim-fleet';

describe('the app shell', () => {
  it('subscribes before loading, loads the fleet once signed in, then tells main it is ready', async () => {
    const { bridge } = await mountApp();
    const order: string[] = bridge.calls.map((c) => c.method);
    // What the screens ask for once they show (photos, badges) may come later; the loads come before.
    const ready = order.indexOf('app.ready');
    expect(order.filter((m) => m === 'app.ready')).toHaveLength(1);
    for (const load of ['session.get', 'connection.get', 'settings.get', 'notices.list', 'fleet.snapshot'])
      expect(order.indexOf(load), load).toBeLessThan(ready);
    expect(order.indexOf('fleet.snapshot')).toBeGreaterThanOrEqual(0);
    expect(bridge.listenerCount('live.positions')).toBe(1);
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('switches screens with 1–4 and shows the shortcuts with ?', async () => {
    const { wrapper } = await mountApp();
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
    const { wrapper } = await mountApp(bridge);
    expect(wrapper.find('[data-testid="demo"]').exists()).toBe(true);
    await wrapper.find('[data-testid="demo"]').trigger('click');
    await settle();
    expect(wrapper.find('[data-testid="live-map"]').exists()).toBe(true);
    expect(wrapper.find('[data-testid="status-bar"]').text()).toContain('online');
  });
});
