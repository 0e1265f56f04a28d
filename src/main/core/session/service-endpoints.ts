import type { RemoteProfile } from '../../../shared/ipc/views';

/**
 * Everything needed to talk to a service except the token: the five
 * addresses of spec intro, the WebSocket app key, the account and the user.
 * Main-side only; realtime (pusher-js) and the reports client build on it.
 */
export interface ServiceEndpoints {
  readonly base_url: string;
  readonly ws_url: string;
  readonly api_url: string;
  readonly api_ws_url: string;
  readonly tracking_url: string;
  readonly app_key: string;
  readonly account_key: string;
  readonly user_id: number;
}

export const endpointsOfRemote = (p: RemoteProfile): ServiceEndpoints => ({
  base_url: p.base_url,
  ws_url: p.ws_url,
  api_url: p.api_url,
  api_ws_url: p.api_ws_url,
  tracking_url: p.tracking_url,
  app_key: p.app_key,
  account_key: p.account_key,
  user_id: p.user_id,
});
