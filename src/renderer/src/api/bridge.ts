import type { FleetdeskBridge } from '../../../shared/ipc';

declare global {
  interface Window {
    /** Exposed by the Electron preload or the browser shell's preload; absent in a bare page. */
    fleetdesk?: FleetdeskBridge;
  }
}

/**
 * The one place the renderer touches window.fleetdesk (architecture.md §2).
 * Tests install a fake bridge with setBridge before mounting.
 */
let override: FleetdeskBridge | null = null;

export function setBridge(bridge: FleetdeskBridge | null): void {
  override = bridge;
}

export function bridge(): FleetdeskBridge {
  const found = override ?? window.fleetdesk;
  if (!found) throw new Error('window.fleetdesk is missing: the renderer runs only inside a Fleetdesk shell');
  return found;
}
