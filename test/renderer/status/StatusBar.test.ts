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
  it('says in words what each indicator means when everything is live', async () => {
    const bridge = new FakeBridge()
      .handle('connection.get', onlineStatus(Date.now()))
      .handle('notices.list', []);
    const wrapper = await mountBar(bridge);
    const item = (key: string) => wrapper.get(`[data-testid="status-${key}"]`);
    expect(item('service').text()).toBe('Service: answering');
    expect(item('live').text()).toBe('Live positions: coming in');
    expect(item('reports').text()).toBe('Report updates: instant');
    expect(item('live').attributes('title')).toBe(
      'Whether vehicles’ positions reach the map as they happen.',
    );
    expect(wrapper.text()).not.toMatch(/live\s*live/i);
  });

  it('reads the one feed state: stopped since when, and why only in the banner', async () => {
    const bridge = new FakeBridge()
      .handle('connection.get', onlineStatus(Date.now()))
      .handle('notices.list', []);
    const wrapper = await mountBar(bridge);
    const lastLiveAt = new Date(2026, 10, 26, 14, 5).getTime();
    const down = 'The service cannot be reached: the map shows where each vehicle was last seen.';
    const offline: ConnectionStatus = {
      service: 'offline',
      lastOnlineAt: lastLiveAt,
      live: { state: 'unavailable', reason: 'The service cannot be reached right now', since: lastLiveAt },
      reports: { state: 'unavailable', reason: 'The service cannot be reached right now', since: lastLiveAt },
      feed: { state: 'down', since: lastLiveAt, reason: down, lastLiveAt },
    };
    bridge.emit('connection.changed', offline);
    await settle();
    const item = (key: string) => wrapper.get(`[data-testid="status-${key}"]`);
    expect(item('service').text()).toBe('Service: not reachable');
    // Today's time alone; on a later day the date too, in the locale's order (and the year in a later one).
    expect(item('live').text()).toMatch(
      /^Live positions: stopped at ((26 Nov|Nov 26)(,? 2026)?, )?(14:05|2:05\sPM)$/,
    );
    expect(item('live').attributes('title')).toContain(down);
    expect(item('reports').text()).toBe('Report updates: checked every few seconds');
    // The banner (FeedBanner) says why; the bar does not say it a second time.
    expect(wrapper.find('[data-testid="status-reason"]').exists()).toBe(false);

    // The service answers again while the live channel is still reconnecting: no "cannot be reached" anywhere.
    bridge.emit('connection.changed', {
      ...offline,
      service: 'online',
      live: { state: 'unavailable', reason: 'The service answers again; reconnecting.', since: lastLiveAt },
      reports: { state: 'connected', reason: null, since: lastLiveAt },
      feed: { ...offline.feed, reason: 'The service answers, but live positions have not resumed yet.' },
    });
    await settle();
    expect(item('service').text()).toBe('Service: answering');
    expect(item('live').text()).toMatch(/^Live positions: stopped at /);
    expect(wrapper.text()).not.toContain('cannot be reached');
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
      reports: { state: 'unavailable', reason: long, since: Date.now() },
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
