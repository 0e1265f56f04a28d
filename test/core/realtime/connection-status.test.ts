import { describe, expect, it } from 'vitest';
import { createConnectionTracker } from '../../../src/main/core/realtime/connection-status';
import { connectionReason } from '../../../src/main/core/realtime/channel-reasons';
import type { ChannelState, ChannelStatus, ConnectionStatus } from '../../../src/shared/ipc/views';

/** A tracker on a clock the test moves, recording every status it pushes. */
function tracked() {
  let t = 1_000_000;
  const pushed: ConnectionStatus[] = [];
  const tracker = createConnectionTracker(
    (s) => pushed.push(s),
    () => t,
  );
  const channel = (state: ChannelState): ChannelStatus => ({
    state,
    reason: state === 'connected' || state === 'initialized' ? null : connectionReason(state),
    since: t,
  });
  return {
    tracker,
    pushed,
    at: (ms: number) => (t = ms),
    live: (state: ChannelState) => tracker.channel('live', channel(state)),
    reports: (state: ChannelState) => tracker.channel('reports', channel(state)),
  };
}

describe('the one connection state', () => {
  it('is starting until the live channel first subscribes, then live', () => {
    const { tracker, live } = tracked();
    expect(tracker.get().feed).toMatchObject({ state: 'starting', reason: null });
    live('connecting');
    tracker.reachability(true);
    expect(tracker.get().feed.state).toBe('starting');
    live('connected');
    expect(tracker.get().feed).toEqual({ state: 'live', since: 1_000_000, reason: null, lastLiveAt: null });
  });

  it('goes down from the moment the service stops answering, and stays down since then', () => {
    const { tracker, live, at, pushed } = tracked();
    live('connected');
    tracker.reachability(true);
    at(2_000_000);
    tracker.reachability(false);
    expect(tracker.get().feed).toEqual({
      state: 'down',
      since: 2_000_000,
      reason: 'The service cannot be reached: the map shows where each vehicle was last seen.',
      lastLiveAt: 2_000_000,
    });
    expect(pushed.at(-1)?.feed.state).toBe('down');
    at(2_030_000);
    live('connecting');
    at(2_060_000);
    live('unavailable');
    expect(tracker.get().feed.since).toBe(2_000_000);
  });

  it('was last live at the very instant it went down, on a clock that ticks between any two reads', () => {
    let t = 5_000_000;
    const tracker = createConnectionTracker(
      () => undefined,
      () => t++,
    );
    tracker.channel('live', { state: 'connected', reason: null, since: t });
    tracker.reachability(true);
    tracker.channel('live', { state: 'unavailable', reason: connectionReason('unavailable'), since: t });
    const { feed } = tracker.get();
    expect(feed.state).toBe('down');
    expect(feed.lastLiveAt).toBe(feed.since);
  });

  it('goes down when the live socket drops, even before a REST call notices', () => {
    const { tracker, live, at, pushed } = tracked();
    tracker.reachability(true);
    live('connected');
    at(1_500_000);
    live('connecting');
    // The service answered before the drop: that is old news, so the reason does not claim it answers.
    expect(tracker.get().feed).toMatchObject({
      state: 'down',
      since: 1_500_000,
      reason:
        'The connection to the service was lost; reconnecting. The map shows where each vehicle was last seen.',
    });
    // The next answer after the drop does say so, and is pushed although the service stayed online.
    at(1_503_000);
    const pushes = pushed.length;
    tracker.reachability(true);
    expect(pushed).toHaveLength(pushes + 1);
    expect(tracker.get().feed.reason).toMatch(/^The service answers, but live positions have not resumed/);
  });

  it('never says the service cannot be reached beside a service that answers, then goes live again', () => {
    const { tracker, live, reports, at } = tracked();
    tracker.reachability(true);
    live('connected');
    reports('connected');
    at(2_000_000);
    tracker.reachability(false);
    live('unavailable');
    reports('unavailable');
    expect(tracker.get().live.reason).toMatch(/cannot be reached/);

    // The service answers REST again while pusher-js is still in its back-off.
    at(2_100_000);
    tracker.reachability(true);
    const back = tracker.get();
    expect(back.service).toBe('online');
    expect(back.feed.state).toBe('down');
    for (const text of [back.feed.reason, back.live.reason, back.reports.reason])
      expect(text).not.toMatch(/cannot be reached/);
    expect(back.feed.reason).toBe(
      'The service answers, but live positions have not resumed yet: the map shows where each vehicle was last seen.',
    );

    at(2_130_000);
    live('connected');
    reports('connected');
    expect(tracker.get().feed).toEqual({
      state: 'live',
      since: 2_130_000,
      reason: null,
      lastLiveAt: 2_000_000,
    });
    expect(tracker.get().live.reason).toBeNull();
  });

  it('is down with the channel’s own reason when the live channel is refused', () => {
    const { tracker } = tracked();
    tracker.reachability(true);
    tracker.channel('live', {
      state: 'failed',
      reason: 'This account may not receive these updates (403).',
      since: 1_000_000,
    });
    expect(tracker.get().feed).toMatchObject({
      state: 'down',
      reason: 'This account may not receive these updates (403).',
    });
  });

  it('starts over after sign-out: a new session is starting, not down', () => {
    const { tracker, live } = tracked();
    live('connected');
    live('connecting');
    expect(tracker.get().feed.state).toBe('down');
    tracker.reset();
    expect(tracker.get().feed).toMatchObject({ state: 'starting', lastLiveAt: null });
    live('connecting');
    expect(tracker.get().feed.state).toBe('starting');
  });

  it('pushes a change of service once, not on every request', () => {
    const { tracker, pushed } = tracked();
    tracker.reachability(true);
    tracker.reachability(true);
    tracker.reachability(false);
    tracker.reachability(false);
    expect(pushed.map((s) => s.service)).toEqual(['online', 'offline']);
  });
});
