import type { StartDemoService } from '../core/session/demo-service';
import type { ReadyInfo } from '../../server';

/**
 * The Demo profile pointed at a local fleet service someone else started
 * and owns (an e2e test that stops and restarts it, or `npm run service`):
 * the app signs in as its operator and never stops it.
 */
export function attachedDemoService(service: ReadyInfo): StartDemoService {
  return async () => {
    const operator = service.users[0];
    if (!operator) throw new Error('The local fleet service has no operator account.');
    return {
      endpoints: {
        base_url: service.base_url,
        ws_url: service.ws_url,
        api_url: service.api_url,
        api_ws_url: service.api_ws_url,
        tracking_url: service.tracking_url,
        app_key: service.app_key,
        account_key: service.account_key,
        user_id: operator.id,
      },
      operator: { id: operator.id, name: operator.name, token: operator.token },
      stop: async () => undefined,
    };
  };
}
