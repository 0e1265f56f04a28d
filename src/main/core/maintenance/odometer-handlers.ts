import { notImplemented } from '../core-error';
import type { DomainHandlers } from '../ipc-handlers';

export function odometerHandlers(): DomainHandlers<'odometer'> {
  return {
    'odometer.list': () => notImplemented('odometer.list'),
    'odometer.add': () => notImplemented('odometer.add'),
  };
}
