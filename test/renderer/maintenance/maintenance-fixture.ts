import type { VueWrapper } from '@vue/test-utils';
import MaintenanceView from '../../../src/renderer/src/features/maintenance/MaintenanceView.vue';
import { useFleet } from '../../../src/renderer/src/stores/fleet';
import type { FakeBridge } from '../support/fake-bridge';
import { mountWithBridge, settle } from '../support/mount-with-bridge';
import { simFleet } from '../support/sim-fleet';

export const FLEET = simFleet(6);

/** The Maintenance screen as the shell mounts it; `assetId` as the asset panel's Maintenance action asks. */
export async function mountMaintenance(
  bridge: FakeBridge,
  assetId: number | null = null,
): Promise<VueWrapper> {
  const { wrapper } = mountWithBridge(MaintenanceView, bridge, {
    assetId: null,
    intent: assetId === null ? null : { kind: 'maintenance', assetId, seq: 1 },
  });
  useFleet().applySnapshot({
    assets: FLEET.assets,
    positions: FLEET.positions,
    fetchedAt: 1,
    fromCache: false,
  });
  await flush();
  return wrapper;
}

export async function flush(): Promise<void> {
  for (let i = 0; i < 4; i++) await settle();
}

/** The open dialog (ModalDialog teleports nothing: it is inside the wrapper). */
export const dialog = (w: VueWrapper, name: string) =>
  w.findAll('[role="dialog"]').find((d) => d.find('h2').text() === name);

export async function fill(w: VueWrapper, selector: string, value: string): Promise<void> {
  await w.get(selector).setValue(value);
}

/** The grid's rows as an operator reads them: each piece of text, one space apart, in order. */
export const rowTexts = (w: VueWrapper, grid: string): string[] =>
  w
    .get(`[role="grid"][aria-label="${grid}"]`)
    .findAll('[role="row"]')
    .map((r) =>
      Array.from(r.element.querySelectorAll('*'))
        .filter((e) => e.children.length === 0)
        .map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim())
        .filter((t) => t !== '')
        .join(' '),
    );
