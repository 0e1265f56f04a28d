import { notImplemented } from '../core-error';
import type { DomainHandlers } from '../ipc-handlers';

export function accessHandlers(): DomainHandlers<'access'> {
  return {
    'access.get': () => notImplemented('access.get'),
  };
}
