import { onTestFinished } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import App from '../../../src/renderer/src/App.vue';
import type { FakeBridge } from './fake-bridge';
import { mountWithBridge, settle } from './mount-with-bridge';
import { signedInBridge as demoBridge } from './signed-in-bridge';

/**
 * window.fleetdesk for the whole renderer signed in to the demo: ten assets,
 * both channels connected, the light theme, and settings that save what they
 * are given. A test changes one answer by handling its method again.
 */
export function signedInBridge(): FakeBridge {
  return demoBridge({ settings: { theme: 'light' } });
}

/** App.vue mounted on `bridge` and settled; it is unmounted when the test ends, pass or fail. */
export async function mountApp(
  bridge: FakeBridge = signedInBridge(),
): Promise<{ wrapper: VueWrapper; bridge: FakeBridge }> {
  const mounted = mountWithBridge(App, bridge);
  onTestFinished(() => mounted.wrapper.unmount());
  await settle();
  return mounted;
}

/** A key press on the window, where App.vue listens for its shortcuts. */
export function press(key: string): void {
  window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
}
