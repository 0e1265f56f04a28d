import { startLocalService, type LocalServiceOptions, type ReadyInfo, type ReadyUser } from '../../../server';
import type { ServiceEndpoints } from './service-endpoints';

/** The local fleet service as the Demo profile sees it: where it listens, and its operator. */
export interface DemoService {
  readonly endpoints: ServiceEndpoints;
  readonly operator: { readonly id: number; readonly name: string; readonly token: string };
  stop(): Promise<void>;
}

export type StartDemoService = () => Promise<DemoService>;

/** Issue 4 §1: the app starts the local service in-process on a free loopback port and signs in as users[0]. */
export function localDemoService(options: Omit<LocalServiceOptions, 'port' | 'host'> = {}): StartDemoService {
  return async () => {
    const service = await startLocalService({ ...options, port: 0, host: '127.0.0.1' });
    try {
      return demoServiceOf(service, () => service.stop());
    } catch (err) {
      await service.stop();
      throw err;
    }
  };
}

/** Issue 4 §1: the Demo profile signs in as the service's first user, its operator. */
export function operatorOf(service: ReadyInfo): ReadyUser {
  const operator = service.users[0];
  if (!operator) throw new Error('The local fleet service started without an operator account.');
  return operator;
}

/** A running local service's ready line as endpoints, for its operator. */
export function endpointsOfLocal(service: ReadyInfo): ServiceEndpoints {
  return {
    base_url: service.base_url,
    ws_url: service.ws_url,
    api_url: service.api_url,
    api_ws_url: service.api_ws_url,
    tracking_url: service.tracking_url,
    app_key: service.app_key,
    account_key: service.account_key,
    user_id: operatorOf(service).id,
  };
}

/**
 * A running local service as the Demo profile sees it; `stop` says who owns
 * its lifetime (the app for its in-process service, a test or the CLI for an
 * attached one).
 */
export function demoServiceOf(service: ReadyInfo, stop: () => Promise<void>): DemoService {
  const operator = operatorOf(service);
  return {
    endpoints: endpointsOfLocal(service),
    operator: { id: operator.id, name: operator.name, token: operator.token },
    stop,
  };
}
