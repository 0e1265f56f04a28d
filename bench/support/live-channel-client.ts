import Pusher from 'pusher-js';
import { liveAuthEndpoint, pusherSettings } from '../../src/main/core/realtime/pusher-settings';
import { accountChannelName } from '../../src/shared/interface';

interface ServiceReady {
  readonly app_key: string;
  readonly api_url: string;
  readonly api_ws_url: string;
  readonly account_key: string;
}

/**
 * A bare pusher-js client on the account channel (spec 6.2), set up as the
 * core sets up its own: the baseline the benches measure the core against.
 */
export function liveChannelClient(
  ready: ServiceReady,
  token: string,
): { readonly pusher: Pusher; readonly channel: ReturnType<Pusher['subscribe']> } {
  const pusher = new Pusher(
    ready.app_key,
    pusherSettings({
      wsUrl: ready.api_ws_url,
      authEndpoint: liveAuthEndpoint(ready.api_url),
      token: () => token,
    }),
  );
  return { pusher, channel: pusher.subscribe(accountChannelName(ready.account_key)) };
}
