import { afterEach, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import App from '../../../src/renderer/src/App.vue';
import { useNavigation } from '../../../src/renderer/src/layout/navigation';
import { FakeBridge } from '../support/fake-bridge';
import { mountWithBridge, settle } from '../support/mount-with-bridge';
import { DEMO_SESSION, onlineStatus, simFleet, TEST_SETTINGS } from '../support/sim-fleet';

let current: VueWrapper | null = null;
afterEach(() => {
  current?.unmount();
  current = null;
});

async function openApp(): Promise<VueWrapper> {
  const sim = simFleet(5);
  const bridge = new FakeBridge()
    .handle('session.get', DEMO_SESSION)
    .handle('connection.get', onlineStatus(Date.now()))
    .handle('settings.get', TEST_SETTINGS)
    .handle('notices.list', [])
    .handle('app.ready', null)
    .handle('fleet.snapshot', {
      assets: sim.assets,
      positions: sim.positions,
      fetchedAt: 1,
      fromCache: false,
    });
  current = mountWithBridge(App, bridge).wrapper;
  await settle();
  return current;
}

/** A key pressed where the focus is: inside an open dialog it goes through the dialog first. */
function press(key: string): void {
  (document.activeElement ?? document.body).dispatchEvent(
    new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
  );
}

describe('the shortcuts overlay in the app', () => {
  it('closes with ? pressed in it, keeps the screen keys from the screens behind, and gives way to the settings on ,', async () => {
    const w = await openApp();
    const help = (): boolean => w.find('[role="dialog"][aria-labelledby="help-title"]').exists();
    const settings = (): boolean => w.find('[role="dialog"][aria-labelledby="settings-title"]').exists();
    press('?');
    await settle();
    expect(help()).toBe(true);
    press('?');
    await settle();
    expect(help()).toBe(false);

    press('?');
    await settle();
    press('2');
    await settle();
    expect(useNavigation().screen).toBe('map');
    expect(help()).toBe(true);
    press(',');
    await settle();
    expect(help()).toBe(false);
    expect(settings()).toBe(true);
    expect(document.activeElement?.getAttribute('name')).toBe('tileUrl');
  });

  it('gives the focus back to the button that opened it', async () => {
    const w = await openApp();
    const button = w.findAll('header button').find((b) => b.text() === '?')!;
    (button.element as HTMLElement).focus();
    await button.trigger('click');
    await settle();
    expect(document.activeElement?.textContent).toContain('Close');
    press('Escape');
    await settle();
    expect(w.find('[aria-labelledby="help-title"]').exists()).toBe(false);
    expect(document.activeElement).toBe(button.element);
  });
});
