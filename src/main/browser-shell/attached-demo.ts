import { demoServiceOf, type StartDemoService } from '../core/session/demo-service';
import type { ReadyInfo } from '../../server';

/**
 * The Demo profile pointed at a local fleet service someone else started
 * and owns (an e2e test that stops and restarts it, or `npm run service`):
 * the app signs in as its operator and never stops it.
 */
export function attachedDemoService(service: ReadyInfo): StartDemoService {
  return async () => demoServiceOf(service, async () => undefined);
}
