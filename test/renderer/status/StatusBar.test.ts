import { afterEach, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import StatusBar from '../../../src/renderer/src/features/status/StatusBar.vue';
import { useConnection } from '../../../src/renderer/src/stores/connection';
import { useNotices } from '../../../src/renderer/src/stores/notices';
import type { ConnectionStatus, Notice } from '../../../src/shared/ipc';
import { FakeBridge } from '../support/fake-bridge';
import { mountWithBridge, settle } from '../support/mount-with-bridge';
import { onlineStatus } from '../support/sim-fleet';

let current: VueWrapper | null = null;
afterEach(() => current?.unmount());

const notice: Notice = { id: 'dep-1', kind: 'deprecation', message: 'GET /asset is deprecated', at: 0 };

async function mountBar(bridge: FakeBridge): Promise<VueWrapper> {
  const { wrapper } = mountWithBridge(StatusBar, bridge);
  current = wrapper;
  const connection = useConnection();
  const notices = useNotices();
  connection.listen();
  notices.listen();
  await connection.load();
  await notices.load();
  await settle();
  return wrapper;
}

describe('status bar', () => {
  it('shows the service and both channels live when connected', async () => {
    const bridge = new FakeBridge()
      .handle('connection.get', onlineStatus(Date.now()))
      .handle('notices.list', []);
    const wrapper = await mountBar(bridge);
    const bar = wrapper.find('[data-testid="status-bar"]').text();
    expect(bar).toMatch(/Service\s*online/);
    expect(bar).toMatch(/Live\s*live/);
    expect(bar).toMatch(/Reports\s*live/);
    expect(wrapper.find('[data-testid="offline-banner"]').exists()).toBe(false);
  });

  it('raises an offline banner with the age of the data when the service drops', async () => {
    const bridge = new FakeBridge()
      .handle('connection.get', onlineStatus(Date.now()))
      .handle('notices.list', []);
    const wrapper = await mountBar(bridge);
    const offline: ConnectionStatus = {
      service: 'offline',
      lastOnlineAt: Date.now() - 5 * 60_000 - 20_000,
      live: { state: 'unavailable', reason: 'The live channel cannot reach the service', since: Date.now() },
      reports: { state: 'connecting', reason: null, since: Date.now() },
    };
    bridge.emit('connection.changed', offline);
    await settle();
    expect(wrapper.find('[data-testid="offline-banner"]').text()).toBe(
      'Offline — showing cached data from 5 min ago',
    );
    expect(wrapper.text()).toContain('unavailable, retrying');
    expect(wrapper.text()).toContain('The live channel cannot reach the service');
  });

  it('clips a long reason in the bar and keeps it whole in the tooltip and the text screen readers read', async () => {
    const bridge = new FakeBridge()
      .handle('connection.get', onlineStatus(Date.now()))
      .handle('notices.list', []);
    const wrapper = await mountBar(bridge);
    const long = `The live channel cannot reach the service: ${'upstream said 502 Bad Gateway, '.repeat(20)}giving up for now`;
    const online = onlineStatus(Date.now());
    bridge.emit('connection.changed', {
      ...online,
      live: { state: 'unavailable', reason: long, since: Date.now() },
    });
    await settle();
    const reason = wrapper.find('[data-testid="status-reason"]');
    expect(reason.text()).toBe(long);
    expect(reason.attributes('title')).toBe(long);
    expect(reason.attributes('aria-hidden')).toBeUndefined();
    // Layout cannot be measured in happy-dom; these are the rules that clip it (checked in Chromium by eye).
    expect(reason.classes()).toEqual(['reason']);
    expect(reason.element.parentElement?.getAttribute('data-testid')).toBe('status-bar');
    expect(wrapper.classes()).toContain('status-area');

    bridge.emit('connection.changed', {
      ...online,
      reports: { state: 'failed', reason: 'Reports channel: 403 from the auth endpoint', since: Date.now() },
    });
    await settle();
    expect(wrapper.find('[data-testid="status-reason"]').attributes('title')).toBe(
      'Reports channel: 403 from the auth endpoint',
    );
  });

  it('lists notices, adds pushed ones, and dismisses them in main', async () => {
    const bridge = new FakeBridge()
      .handle('connection.get', onlineStatus(Date.now()))
      .handle('notices.list', [notice])
      .handle('notices.dismiss', null);
    const wrapper = await mountBar(bridge);
    expect(wrapper.text()).toContain('GET /asset is deprecated');
    bridge.emit('notice', {
      id: 'kr',
      kind: 'keyring',
      message: 'No keyring: the token stays in memory',
      at: 1,
    });
    await settle();
    expect(wrapper.findAll('.notice')).toHaveLength(2);
    await wrapper.find('button[aria-label="Dismiss: GET /asset is deprecated"]').trigger('click');
    await settle();
    expect(bridge.callsOf('notices.dismiss')).toEqual([{ id: 'dep-1' }]);
    expect(wrapper.text()).not.toContain('GET /asset is deprecated');
    expect(wrapper.text()).toContain('No keyring');
  });
});
