import { afterEach, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import FeedBanner from '../../../src/renderer/src/features/status/FeedBanner.vue';
import { feedBannerText } from '../../../src/renderer/src/features/status/status-text';
import { useConnection } from '../../../src/renderer/src/stores/connection';
import type { ConnectionStatus } from '../../../src/shared/ipc';
import { FakeBridge } from '../support/fake-bridge';
import { mountWithBridge, settle } from '../support/mount-with-bridge';
import { testFormat } from '../support/display-format';
import { onlineStatus } from '../support/sim-fleet';

let current: VueWrapper | null = null;
afterEach(() => current?.unmount());

const now = new Date(2026, 10, 26, 14, 30).getTime();
const lastLiveAt = new Date(2026, 10, 26, 14, 5).getTime();
const HHMM = '14:05';
const unreachable = 'The service cannot be reached: the map shows where each vehicle was last seen.';

const offline: ConnectionStatus = {
  ...onlineStatus(lastLiveAt),
  service: 'offline',
  live: { state: 'unavailable', reason: 'The service cannot be reached right now', since: lastLiveAt },
  feed: { state: 'down', since: lastLiveAt, reason: unreachable, lastLiveAt },
};

const fmt = testFormat();

describe('the live-feed banner', () => {
  it('says nothing while positions are live or starting', () => {
    expect(feedBannerText(onlineStatus(now), now, fmt)).toBeNull();
    expect(
      feedBannerText(
        { ...onlineStatus(now), feed: { state: 'starting', since: now, reason: null, lastLiveAt: null } },
        now,
        fmt,
      ),
    ).toBeNull();
    expect(feedBannerText(null, now, fmt)).toBeNull();
  });

  it('says since when positions stopped and why, in one sentence per case', () => {
    expect(feedBannerText(offline, now, fmt)).toMatch(
      new RegExp(`^Offline — live positions stopped at ${HHMM}\\. ${unreachable}$`),
    );
    const answering = 'The service answers, but live positions have not resumed yet.';
    expect(
      feedBannerText(
        { ...offline, service: 'online', feed: { ...offline.feed, reason: answering } },
        now,
        fmt,
      ),
    ).toMatch(new RegExp(`^Live positions stopped at ${HHMM}\\. ${answering}$`));
    expect(feedBannerText({ ...offline, feed: { ...offline.feed, lastLiveAt: null } }, now, fmt)).toBe(
      `Offline — no live positions yet. ${unreachable}`,
    );
  });

  it('is one alert, shown while the feed is down and gone once it is live again', async () => {
    const bridge = new FakeBridge().handle('connection.get', onlineStatus(now));
    const { wrapper } = mountWithBridge(FeedBanner, bridge);
    current = wrapper;
    const connection = useConnection();
    connection.listen();
    await connection.load();
    await settle();
    expect(wrapper.find('[role="alert"]').exists()).toBe(false);
    bridge.emit('connection.changed', offline);
    await settle();
    expect(wrapper.findAll('[role="alert"]')).toHaveLength(1);
    expect(wrapper.get('[data-testid="feed-banner"]').text()).toContain(unreachable);
    bridge.emit('connection.changed', onlineStatus(now));
    await settle();
    expect(wrapper.find('[role="alert"]').exists()).toBe(false);
  });
});
