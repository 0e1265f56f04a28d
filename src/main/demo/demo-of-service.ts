import type { DemoService } from '../core/session/demo-service';
import type { ServiceEndpoints } from '../core/session/service-endpoints';
import type { ReadyInfo, ReadyUser } from '../../server';
import { signInAsDemoOperator } from './demo-sign-in';

/** The Demo profile signs in as the local service's first user, its operator. */
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
 * attached one). Its operator signs in through the service's OAuth pages,
 * filled in by signInAsDemoOperator instead of a person.
 */
export function demoServiceOf(service: ReadyInfo, stop: () => Promise<void>): DemoService {
  const operator = operatorOf(service);
  return {
    // The service's issuer is its base_url (docs/interface-decisions.md, "Sign-in (OAuth 2.0)").
    address: service.base_url,
    endpoints: endpointsOfLocal(service),
    operator: { id: operator.id, name: operator.name },
    signIn: (url) => signInAsDemoOperator(url, operator),
    stop,
  };
}
