import { notImplemented } from '../core-error';
import type { DomainHandlers } from '../ipc-handlers';

export function driverHandlers(): DomainHandlers<'drivers'> {
  return {
    'drivers.list': () => notImplemented('drivers.list'),
  };
}
