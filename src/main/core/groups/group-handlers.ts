import { notImplemented } from '../core-error';
import type { DomainHandlers } from '../ipc-handlers';

export function groupHandlers(): DomainHandlers<'groups'> {
  return {
    'groups.list': () => notImplemented('groups.list'),
    'groups.create': () => notImplemented('groups.create'),
    'groups.update': () => notImplemented('groups.update'),
    'groups.remove': () => notImplemented('groups.remove'),
    'groups.assign': () => notImplemented('groups.assign'),
  };
}
