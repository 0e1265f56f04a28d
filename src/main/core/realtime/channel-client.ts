import Pusher, { type Channel } from 'pusher-js';
import type { ChannelState, ChannelStatus } from '../../../shared/ipc/views';
import { pusherSettings, type PusherEndpoint } from './pusher-settings';
import { subscriptionFailureReason, connectionReason, isRefusedToken } from './channel-reasons';

export interface ChannelClientOptions extends PusherEndpoint {
  readonly appKey: string;
  readonly channel: string;
  /** Event name, exactly as on the wire (event-names.ts) → handler of the raw payload. */
  readonly events: Readonly<Record<string, (payload: unknown) => void>>;
  onStatus(status: ChannelStatus): void;
  /** The channel is subscribed: after the first connect and after every reconnect. */
  onSubscribed(): void;
  /**
   * The auth endpoint refused the token (401). The client has stopped by then: pusher-js would
   * otherwise ask again with the same token after every reconnect.
   */
  onUnauthorized(): void;
  readonly now?: () => number;
}

export interface ChannelClient {
  status(): ChannelStatus;
  disconnect(): void;
}

/**
 * One unmodified pusher-js client on one private channel. Its state as the
 * UI sees it: "connected" only once the channel is subscribed (events flow),
 * "failed" when the service refuses the channel, with the reason in words an
 * operator understands. pusher-js itself reconnects and resubscribes, except
 * after a refused token (401), when the client stops for good.
 */
export function createChannelClient(options: ChannelClientOptions): ChannelClient {
  const now = options.now ?? Date.now;
  let current: ChannelStatus = { state: 'initialized', reason: null, since: now() };
  let closed = false;

  const set = (state: ChannelState, reason: string | null): void => {
    if (closed || (current.state === state && current.reason === reason)) return;
    current = { state, reason, since: now() };
    options.onStatus(current);
  };

  const pusher = new Pusher(options.appKey, pusherSettings(options));
  const channel: Channel = pusher.subscribe(options.channel);
  for (const [event, handler] of Object.entries(options.events)) channel.bind(event, handler);

  channel.bind('pusher:subscription_succeeded', () => {
    set('connected', null);
    options.onSubscribed();
  });
  channel.bind('pusher:subscription_error', (err: unknown) => {
    set('failed', subscriptionFailureReason(err));
    if (!isRefusedToken(err) || closed) return;
    closed = true;
    pusher.disconnect();
    options.onUnauthorized();
  });

  pusher.connection.bind('state_change', (change: { current: string }) => {
    switch (change.current) {
      case 'connecting':
        set('connecting', current.state === 'initialized' ? null : connectionReason('connecting'));
        break;
      // Connected but not yet subscribed: events do not flow yet.
      case 'connected':
        if (!channel.subscribed) set('connecting', null);
        else set('connected', null);
        break;
      case 'unavailable':
      case 'failed':
      case 'disconnected':
        set(change.current, connectionReason(change.current));
        break;
    }
  });

  return {
    status: () => current,
    disconnect() {
      closed = true;
      pusher.disconnect();
    },
  };
}
