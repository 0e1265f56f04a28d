import { notImplemented } from '../core-error';
import type { DomainHandlers } from '../ipc-handlers';

export function mobilityHandlers(): DomainHandlers<'mobility'> {
  return {
    'mobility.list': () => notImplemented('mobility.list'),
    'mobility.link': () => notImplemented('mobility.link'),
  };
}
