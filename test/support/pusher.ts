import Pusher, { type Channel, type Options } from 'pusher-js';
import { accountChannelName, reportsChannelName } from '../../src/shared/interface';
import type { LocalService, ReadyUser } from '../../src/server/local-service';

/**
 * The one way tests and benches talk to the local service's Pusher server:
 * an unmodified pusher-js client with the settings of spec 6.1 / 6.2,
 * derived from the service's URLs instead of the hosted defaults
 * (port 443, TLS forced), which the local service does not serve.
 */

/** `live`: spec 6.2, `{api_url}/broadcasting/auth`. `reports`: spec 6.1, `{base_url}/api/broadcasting/auth`. */
export type PusherChannelKind = 'live' | 'reports';

export interface PusherClientOptions {
  /** Overrides the user's token (e.g. a bad one for the 401 path). */
  readonly token?: string;
  /** Overrides the app key (e.g. a wrong one for close code 4001). */
  readonly appKey?: string;
  /** Extra pusher-js options merged last. */
  readonly overrides?: Partial<Options>;
}

export interface SubscriptionError {
  readonly type?: string;
  readonly error?: string;
  readonly status?: number;
}

/** The pusher-js options of spec 6.1 for this service, this user and this channel kind. */
export function pusherOptions(
  service: Pick<LocalService, 'api_url' | 'base_url' | 'ws_url' | 'api_ws_url'>,
  token: string,
  kind: PusherChannelKind,
): Options {
  const wsUrl = new URL(kind === 'live' ? service.api_ws_url : service.ws_url);
  const tls = wsUrl.protocol === 'wss:';
  const port = wsUrl.port === '' ? (tls ? 443 : 80) : Number(wsUrl.port);
  const endpoint =
    kind === 'live' ? `${service.api_url}/broadcasting/auth` : `${service.base_url}/api/broadcasting/auth`;
  return {
    cluster: '',
    wsHost: wsUrl.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    channelAuthorization: {
      endpoint,
      transport: 'ajax',
      headers: { Authorization: `Bearer ${token}` },
    },
  };
}

/** What a client needs to know of the service: the ready line's addresses and keys. */
export type PusherServiceInfo = Pick<
  LocalService,
  'api_url' | 'base_url' | 'ws_url' | 'api_ws_url' | 'app_key' | 'account_key'
>;

/** A connecting pusher-js client. Call {@link closePusher} (or `pusher.disconnect()`) when done. */
export function pusherClientFor(
  service: PusherServiceInfo,
  user: Pick<ReadyUser, 'token'>,
  kind: PusherChannelKind,
  options: PusherClientOptions = {},
): Pusher {
  const base = pusherOptions(service, options.token ?? user.token, kind);
  return new Pusher(options.appKey ?? service.app_key, { ...base, ...options.overrides });
}

/** The channel a kind of client subscribes to: the account's live channel, or the user's reports channel. */
export function channelNameFor(
  service: Pick<LocalService, 'account_key'>,
  user: Pick<ReadyUser, 'id'>,
  kind: PusherChannelKind,
): string {
  return kind === 'live'
    ? accountChannelName(service.account_key)
    : reportsChannelName(service.account_key, user.id);
}

/** Builds the client and subscribes to the kind's channel; resolves once the server confirms. */
export async function subscribedClient(
  service: PusherServiceInfo,
  user: Pick<ReadyUser, 'token' | 'id'>,
  kind: PusherChannelKind,
  options: PusherClientOptions = {},
): Promise<{ pusher: Pusher; channel: Channel }> {
  const pusher = pusherClientFor(service, user, kind, options);
  const channel = pusher.subscribe(channelNameFor(service, user, kind));
  try {
    await awaitSubscription(channel);
  } catch (err) {
    pusher.disconnect();
    throw err;
  }
  return { pusher, channel };
}

/** Resolves on `pusher:subscription_succeeded`; rejects on `pusher:subscription_error` or timeout. */
export function awaitSubscription(channel: Channel, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no subscription answer for ${channel.name} within ${timeoutMs} ms`));
    }, timeoutMs);
    const ok = (): void => {
      cleanup();
      resolve();
    };
    const failed = (err: unknown): void => {
      cleanup();
      reject(new Error(`subscription to ${channel.name} failed: ${JSON.stringify(err)}`));
    };
    const cleanup = (): void => {
      clearTimeout(timer);
      channel.unbind('pusher:subscription_succeeded', ok);
      channel.unbind('pusher:subscription_error', failed);
    };
    channel.bind('pusher:subscription_succeeded', ok);
    channel.bind('pusher:subscription_error', failed);
  });
}

/** Resolves with the error of `pusher:subscription_error`; rejects if the subscription succeeds or times out. */
export function awaitSubscriptionError(channel: Channel, timeoutMs = 10_000): Promise<SubscriptionError> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no subscription error for ${channel.name} within ${timeoutMs} ms`));
    }, timeoutMs);
    const ok = (): void => {
      cleanup();
      reject(new Error(`subscription to ${channel.name} unexpectedly succeeded`));
    };
    const failed = (err: unknown): void => {
      cleanup();
      resolve(toSubscriptionError(err));
    };
    const cleanup = (): void => {
      clearTimeout(timer);
      channel.unbind('pusher:subscription_succeeded', ok);
      channel.unbind('pusher:subscription_error', failed);
    };
    channel.bind('pusher:subscription_succeeded', ok);
    channel.bind('pusher:subscription_error', failed);
  });
}

function toSubscriptionError(err: unknown): SubscriptionError {
  if (typeof err !== 'object' || err === null) return { error: String(err) };
  const rec = err as Record<string, unknown>;
  return {
    type: typeof rec.type === 'string' ? rec.type : undefined,
    error: typeof rec.error === 'string' ? rec.error : undefined,
    status: typeof rec.status === 'number' ? rec.status : undefined,
  };
}

export interface EventCollector {
  /** Every payload received so far, as pusher-js decoded it. */
  readonly events: unknown[];
  /** Resolves once at least `count` payloads have arrived (in total), or rejects after the timeout. */
  waitFor(count: number, timeoutMs?: number): Promise<unknown[]>;
  stop(): void;
}

/** Records every payload of `event` on `channel` (the name as sent on the wire: REPORT_EVENTS, LOCATION_UPDATED_EVENT). */
export function collectEvents(channel: Channel, event: string): EventCollector {
  const events: unknown[] = [];
  const waiters: Array<{ count: number; resolve: (v: unknown[]) => void }> = [];
  const onEvent = (data: unknown): void => {
    events.push(data);
    for (const w of [...waiters]) {
      if (events.length >= w.count) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(events);
      }
    }
  };
  channel.bind(event, onEvent);
  return {
    events,
    waitFor(count, timeoutMs = 10_000) {
      if (events.length >= count) return Promise.resolve(events);
      return new Promise((resolve, reject) => {
        const waiter = {
          count,
          resolve: (v: unknown[]) => {
            clearTimeout(timer);
            resolve(v);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`${event}: ${events.length} of ${count} events within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    stop() {
      channel.unbind(event, onEvent);
    },
  };
}

/** Resolves once the connection is established (socket id known); rejects on failure or timeout. */
export function awaitConnected(pusher: Pusher, timeoutMs = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (pusher.connection.state === 'connected') {
      resolve(pusher.connection.socket_id);
      return;
    }
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`pusher-js not connected within ${timeoutMs} ms (state ${pusher.connection.state})`));
    }, timeoutMs);
    const onConnected = (): void => {
      cleanup();
      resolve(pusher.connection.socket_id);
    };
    const onFailed = (): void => {
      cleanup();
      reject(new Error(`pusher-js connection ${pusher.connection.state}`));
    };
    const cleanup = (): void => {
      clearTimeout(timer);
      pusher.connection.unbind('connected', onConnected);
      pusher.connection.unbind('failed', onFailed);
      pusher.connection.unbind('unavailable', onFailed);
    };
    pusher.connection.bind('connected', onConnected);
    pusher.connection.bind('failed', onFailed);
    pusher.connection.bind('unavailable', onFailed);
  });
}

/** Disconnects and waits until pusher-js says so, so no socket outlives a test. */
export function closePusher(pusher: Pusher, timeoutMs = 5_000): Promise<void> {
  return new Promise((resolve) => {
    const state = pusher.connection.state;
    if (state === 'disconnected' || state === 'failed' || state === 'initialized') {
      pusher.disconnect();
      resolve();
      return;
    }
    const timer = setTimeout(done, timeoutMs);
    function done(): void {
      clearTimeout(timer);
      pusher.connection.unbind('disconnected', done);
      resolve();
    }
    pusher.connection.bind('disconnected', done);
    pusher.disconnect();
  });
}

/** The raw WebSocket address pusher-js would open, for protocol-level tests with `ws`. */
export function rawSocketUrl(
  service: Pick<LocalService, 'api_ws_url' | 'app_key'>,
  appKey = service.app_key,
  query = 'protocol=7&client=js&version=8.6.0&flash=false',
): string {
  return `${service.api_ws_url}/app/${encodeURIComponent(appKey)}?${query}`;
}
