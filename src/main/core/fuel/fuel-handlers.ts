import { notImplemented } from '../core-error';
import type { DomainHandlers } from '../ipc-handlers';

export function fuelHandlers(): DomainHandlers<'fuel'> {
  return {
    'fuel.list': () => notImplemented('fuel.list'),
    'fuel.add': () => notImplemented('fuel.add'),
    'fuel.update': () => notImplemented('fuel.update'),
    'fuel.remove': () => notImplemented('fuel.remove'),
  };
}
