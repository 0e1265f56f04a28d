import type { ChannelStatus, ConnectionStatus, FeedStatus, FeedState } from '../../../shared/ipc/views';
import { feedDownReason, reasonBesideService } from './channel-reasons';
import type { RealtimeChannel } from './realtime';

export interface ConnectionTracker {
  get(): ConnectionStatus;
  /** The last REST call reached the service (or not). Fires on every request: only changes are told. */
  reachability(online: boolean): void;
  channel(channel: RealtimeChannel, status: ChannelStatus): void;
  /** Signed out: no channels, service unknown. */
  reset(): void;
}

type Parts = Omit<ConnectionStatus, 'feed'>;

/**
 * docs/architecture.md "Live positions": the one state of the live feed. Positions are live only while the
 * live channel is subscribed and the service answers; once they have been live, any other state means the
 * map shows last known positions. Before the first subscription the feed is 'starting' unless the service
 * is known unreachable or the channel has given up.
 */
export function feedStateOf(parts: Parts, beenLive: boolean): FeedState {
  const { state } = parts.live;
  if (state === 'connected' && parts.service !== 'offline') return 'live';
  if (parts.service === 'offline' || state === 'unavailable' || state === 'failed') return 'down';
  return beenLive ? 'down' : 'starting';
}

/**
 * Each channel's reason says what the service does too: "cannot be reached" is never told beside a service
 * that answers (pusher-js stays 'unavailable' through its back-off after the service is back).
 */
function withService(parts: Parts): Parts {
  return {
    ...parts,
    live: reasonBesideService(parts.live, parts.service),
    reports: reasonBesideService(parts.reports, parts.service),
  };
}

/** ConnectionStatus for the UI, pushed as 'connection.changed' when it changes. */
export function createConnectionTracker(
  onChanged: (status: ConnectionStatus, wentOnline: boolean) => void,
  now: () => number = Date.now,
): ConnectionTracker {
  const idle = (): ChannelStatus => ({ state: 'initialized', reason: null, since: now() });
  let beenLive = false;
  let parts: Parts = { service: 'unknown', lastOnlineAt: null, live: idle(), reports: idle() };
  let feed: FeedStatus = { state: 'starting', since: now(), reason: null, lastLiveAt: null };
  let status: ConnectionStatus = { ...parts, feed };

  /** Derives the feed; true when it changed. */
  const derive = (): boolean => {
    const shown = withService(parts);
    const state = feedStateOf(parts, beenLive);
    if (state === 'live') beenLive = true;
    const downSince = feed.state === 'down' ? feed.since : now();
    // "The service answers" only from an answer that came after the feed went down.
    const answered = parts.lastOnlineAt !== null && parts.lastOnlineAt > downSince;
    const reason = state === 'down' ? feedDownReason(shown.service, shown.live, answered) : null;
    const before = feed;
    if (state !== feed.state || reason !== feed.reason) {
      const changed = state !== feed.state;
      // One instant: the feed stopped being live when it went down (two clock reads can straddle a tick).
      const at = changed ? now() : feed.since;
      const lastLiveAt = feed.state === 'live' && changed ? at : feed.lastLiveAt;
      feed = { state, since: at, reason, lastLiveAt };
    }
    status = { ...shown, feed };
    return feed !== before;
  };

  return {
    get: () => status,
    reachability(online) {
      const service = online ? 'online' : 'offline';
      const wentOnline = online && parts.service !== 'online';
      // lastOnlineAt is refreshed silently: pushing on every request would flood the renderer.
      const changed = parts.service !== service;
      parts = { ...parts, service, lastOnlineAt: online ? now() : parts.lastOnlineAt };
      if (derive() || changed) onChanged(status, wentOnline);
    },
    channel(channel, s) {
      parts = channel === 'live' ? { ...parts, live: s } : { ...parts, reports: s };
      derive();
      onChanged(status, false);
    },
    reset() {
      beenLive = false;
      feed = { ...feed, lastLiveAt: null };
      parts = { service: 'unknown', lastOnlineAt: parts.lastOnlineAt, live: idle(), reports: idle() };
      derive();
      onChanged(status, false);
    },
  };
}
