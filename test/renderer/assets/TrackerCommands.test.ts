import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import TrackerCommands from '../../../src/renderer/src/features/assets/TrackerCommands.vue';
import type { TrackerCommand } from '../../../src/shared/ipc';
import { type FakeBridge } from '../support/fake-bridge';
import { fakeLayout } from '../support/fake-layout';
import { mountWithBridge, settle } from '../support/mount-with-bridge';
import { signedInBridge } from '../support/signed-in-bridge';
import { onlineStatus, simFleet } from '../support/sim-fleet';

const fleet = simFleet(3);
const trackerId = fleet.assets[0]!.tracker!.id;
let current: VueWrapper | null = null;
let undoLayout: () => void = () => undefined;
beforeAll(() => (undoLayout = fakeLayout({ 'command-history': { height: 200, width: 270 } })));
afterAll(() => undoLayout());
afterEach(() => {
  current?.unmount();
  current = null;
  document.body.innerHTML = '';
});

async function mountCommands(
  bridge: FakeBridge,
  props: Partial<{ trackerId: number | null; trackerOnline: boolean }> = {},
) {
  const { wrapper } = mountWithBridge(TrackerCommands, bridge, { trackerId, trackerOnline: true, ...props });
  current = wrapper;
  await settle();
  return wrapper;
}

const button = (w: VueWrapper, action: string) => w.get(`[data-action="${action}"]`);
const message = (w: VueWrapper): string => w.find('[data-testid="command-message"]').text();
const dialog = (): HTMLElement | null => document.querySelector('[role="dialog"]');

describe('tracker commands in the asset panel', () => {
  it('sends a soft reset at once and shows it sent, then acknowledged when main pushes the change', async () => {
    const bridge = signedInBridge({ fleet });
    const w = await mountCommands(bridge);
    expect(w.text()).toContain('No commands sent to this tracker yet.');
    await button(w, 'soft-reset').trigger('click');
    await settle();
    expect(bridge.callsOf('trackers.reset')).toEqual([{ trackerId, mode: 'soft' }]);
    expect(message(w)).toBe('Soft reset sent — waiting for the tracker to acknowledge it.');
    const row = () => w.get('[role="listitem"]');
    expect(row().attributes('data-status')).toBe('sent');
    expect(row().text()).toContain('Soft reset');
    expect(row().text()).toContain('Sent…');
    // The fake tracker acknowledges a second later and main pushes records.changed: no reload asked for.
    await vi.waitFor(() => expect(row().attributes('data-status')).toBe('acknowledged'), { timeout: 5000 });
    expect(row().text()).toContain('Acknowledged');
    expect(message(w)).toBe('Soft reset acknowledged by the tracker.');
    expect(w.get('[data-testid="command-message"]').attributes('role')).toBe('status');
  });

  it('asks before a hard reset, says what it erases, and sends nothing until confirmed', async () => {
    const bridge = signedInBridge({ fleet });
    const w = await mountCommands(bridge);
    await button(w, 'hard-reset').trigger('click');
    await settle();
    const asked = dialog();
    expect(asked?.getAttribute('aria-modal')).toBe('true');
    expect(asked?.textContent).toMatch(/erases the fixes it has stored but not yet sent/);
    // Focus starts on Cancel: a stray Enter confirms nothing.
    expect(document.activeElement?.textContent?.trim()).toBe('Cancel');
    (document.activeElement as HTMLButtonElement).click();
    await settle();
    expect(dialog()).toBeNull();
    expect(bridge.callsOf('trackers.reset')).toEqual([]);

    await button(w, 'hard-reset').trigger('click');
    await settle();
    dialog()!.querySelector<HTMLButtonElement>('[data-action="confirm"]')!.click();
    await settle();
    expect(bridge.callsOf('trackers.reset')).toEqual([{ trackerId, mode: 'hard' }]);
    expect(dialog()).toBeNull();
    expect(message(w)).toMatch(/^Hard reset sent/);
  });

  it('says why a command did not go, and never sends it later behind the operator’s back', async () => {
    const offline =
      'The service cannot be reached, so nothing was changed. Changes are never kept to be sent later: try again when the service is back.';
    const bridge = signedInBridge({ fleet }).fail('trackers.reset', { code: 'offline', message: offline });
    const w = await mountCommands(bridge);
    await button(w, 'soft-reset').trigger('click');
    await settle();
    expect(message(w)).toBe(`Soft reset not sent: ${offline}`);
    expect(w.get('[data-testid="command-message"]').attributes('role')).toBe('alert');
    bridge.emit('connection.changed', onlineStatus(1));
    bridge.emit('records.changed', { family: 'trackerCommands', trackerId });
    await settle();
    expect(bridge.callsOf('trackers.reset')).toHaveLength(1);

    bridge.fail('trackers.reset', { code: 'not_found', message: `No tracker with id ${trackerId}.` });
    await button(w, 'soft-reset').trigger('click');
    await settle();
    expect(message(w)).toMatch(
      /^Soft reset not sent: the service does not know this tracker \(No tracker with id \d+\.\)/,
    );

    const forbidden =
      'Your account may not do this: only the assets you have been given access to can be seen or changed.';
    bridge.fail('trackers.setBle', { code: 'forbidden', message: forbidden });
    await button(w, 'ble-on').trigger('click');
    await settle();
    expect(message(w)).toBe(`Bluetooth on not sent: ${forbidden}`);
  });

  it('shows the Bluetooth state of the newest Bluetooth command, pressed', async () => {
    const bridge = signedInBridge({ fleet });
    const w = await mountCommands(bridge);
    expect(button(w, 'ble-on').attributes('aria-pressed')).toBe('false');
    expect(button(w, 'ble-off').attributes('aria-pressed')).toBe('false');
    expect(w.text()).toContain('not switched from here yet');
    await button(w, 'ble-off').trigger('click');
    await settle();
    expect(bridge.callsOf('trackers.setBle')).toEqual([{ trackerId, enabled: false }]);
    expect(button(w, 'ble-off').attributes('aria-pressed')).toBe('true');
    expect(message(w)).toBe('Bluetooth off sent — waiting for the tracker to acknowledge it.');
  });

  it('tells that an offline tracker acknowledges when it reports again, and shows a cached history’s age', async () => {
    const cached: TrackerCommand = {
      id: 4,
      tracker_id: trackerId,
      asset_id: 1,
      type: 'reset',
      parameters: { mode: 'hard' },
      status: 'acknowledged',
      created_at: '2026-11-25T08:00:00Z',
      acknowledged_at: '2026-11-25T08:00:05Z',
      created_by: 1,
    };
    const bridge = signedInBridge({ fleet, offline: true }).handle('trackers.commands', {
      items: [cached],
      fetchedAt: Date.now() - 20 * 60_000,
      fromCache: true,
      trackerId,
      bleEnabled: null,
      pending: false,
    });
    const w = await mountCommands(bridge, { trackerOnline: false });
    expect(w.get('[data-testid="list-age"]').text()).toBe(
      'Offline — showing the commands as read 20 min ago. Changes cannot be made until the service is back.',
    );
    expect(w.get('[role="listitem"]').text()).toContain('Hard reset');
  });

  it('says there is nothing to command on an asset without a tracker', async () => {
    const w = await mountCommands(signedInBridge({ fleet }), { trackerId: null });
    expect(w.text()).toContain('This asset has no tracker');
    expect(w.find('[data-action="soft-reset"]').exists()).toBe(false);
  });
});
