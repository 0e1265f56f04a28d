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
   * The auth endpoint refused `token` (401): resolves true once a new token is ready, and the
   * channel subscribes again on the same socket. Without it, or false, the client stops.
   */
  renew?(token: string | null): Promise<boolean>;
  /**
   * The auth endpoint refused the token (401) and no new one came. The client has stopped by then:
   * pusher-js would otherwise ask again with the same token after every reconnect.
   */
  onUnauthorized(): void;
  readonly now?: () => number;
}

/** A second 401 this soon after a renewal means the new token is refused too. */
const RENEWAL_QUIET_MS = 10_000;

export interface ChannelClient {
  status(): ChannelStatus;
  disconnect(): void;
}

/**
 * One unmodified pusher-js client on one private channel. Its state as the
 * UI sees it: "connected" only once the channel is subscribed (events flow),
 * "failed" when the service refuses the channel, with the reason in words an
 * operator understands. pusher-js itself reconnects and resubscribes; after
 * a refused token (401) the client asks for a renewed one and subscribes
 * again on the same socket, or stops for good when there is none.
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

  /** The token of the last authorization, to say which one a 401 refused. */
  let sent: string | null = null;
  let renewing = false;
  let lastRenewalAt = Number.NEGATIVE_INFINITY;
  const token = (): string | null => (sent = options.token());
  const pusher = new Pusher(options.appKey, pusherSettings({ ...options, token }));
  const channel: Channel = pusher.subscribe(options.channel);
  for (const [event, handler] of Object.entries(options.events)) channel.bind(event, handler);

  channel.bind('pusher:subscription_succeeded', () => {
    set('connected', null);
    options.onSubscribed();
  });
  const stopRefused = (err: unknown): void => {
    set('failed', subscriptionFailureReason(err));
    if (closed) return;
    closed = true;
    pusher.disconnect();
    options.onUnauthorized();
  };
  channel.bind('pusher:subscription_error', (err: unknown) => {
    if (!isRefusedToken(err)) return set('failed', subscriptionFailureReason(err));
    if (renewing || closed) return;
    // One renewal per refusal: a service that refuses every fresh token too would otherwise loop.
    if (!options.renew || now() - lastRenewalAt < RENEWAL_QUIET_MS) return stopRefused(err);
    renewing = true;
    lastRenewalAt = now();
    set('connecting', null);
    options.renew(sent).then(
      (renewed) => {
        renewing = false;
        if (closed) return;
        if (renewed) pusher.subscribe(options.channel);
        else stopRefused(err);
      },
      () => {
        renewing = false;
        stopRefused(err);
      },
    );
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
      // pusher-js keeps every client it ever made in Pusher.instances and never lets go, so a
      // client that is done would live (sockets' buffers, channels, handlers) for the process's life.
      const at = Pusher.instances.indexOf(pusher);
      if (at >= 0) Pusher.instances.splice(at, 1);
    },
  };
}
