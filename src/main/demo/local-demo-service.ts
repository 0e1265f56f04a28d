import type { StartDemoService } from '../core/session/demo-service';
import type { LocalServiceOptions, ReadyInfo } from '../../server';
import { demoServiceOf } from './demo-of-service';

export type { ReadyInfo } from '../../server';

/**
 * The Demo profile's default: the local fleet service in-process on a free
 * loopback port. src/server (fastify, pdfkit, the simulated fleet) is loaded
 * on the first demo start only, so a remote profile never pays for it at start-up.
 */
export function localDemoService(options: Omit<LocalServiceOptions, 'port' | 'host'> = {}): StartDemoService {
  return async () => {
    const { startLocalService } = await import('../../server');
    const service = await startLocalService({ ...options, port: 0, host: '127.0.0.1' });
    try {
      return demoServiceOf(service, () => service.stop());
    } catch (err) {
      await service.stop();
      throw err;
    }
  };
}

/**
 * The Demo profile pointed at a local fleet service someone else started
 * and owns (an e2e test that stops and restarts it, or `npm run service`):
 * the app signs in as its operator and never stops it.
 */
export function attachedDemoService(service: ReadyInfo): StartDemoService {
  return async () => demoServiceOf(service, async () => undefined);
}
