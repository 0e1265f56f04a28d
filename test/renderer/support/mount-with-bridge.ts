import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import type { Component } from 'vue';
import { setBridge } from '../../../src/renderer/src/api';
import { bridge } from '../../../src/renderer/src/api/bridge';
import { FakeBridge } from './fake-bridge';

/** Mounts a component with a fresh Pinia and the given fake as window.fleetdesk. */
export function mountWithBridge(
  component: Component,
  bridge: FakeBridge = new FakeBridge(),
  props: Record<string, unknown> = {},
): { wrapper: VueWrapper; bridge: FakeBridge } {
  const pinia = createPinia();
  setActivePinia(pinia);
  setBridge(bridge);
  const wrapper = mount(component, { props, global: { plugins: [pinia] }, attachTo: document.body });
  return { wrapper, bridge };
}

/**
 * Resolves once the renderer is done with what the test just did: every call it made to the bridge is
 * answered, and everything those answers and the test's own changes set off (promise continuations,
 * Vue's render, the calls they make in turn) has run. A macrotask (flushPromises) starts only after
 * every queued continuation, Vue's scheduler included, so after one with no call in flight nothing is left.
 */
export async function settle(): Promise<void> {
  const fake = bridge();
  for (;;) {
    if (fake instanceof FakeBridge) await fake.answered();
    await flushPromises();
    if (!(fake instanceof FakeBridge && fake.busy)) return;
  }
}
