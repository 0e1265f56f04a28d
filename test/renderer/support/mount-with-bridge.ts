import { mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import type { Component } from 'vue';
import { setBridge } from '../../../src/renderer/src/api';
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

/** Lets pending promises and Vue's scheduler settle. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}
