import { notImplemented } from '../core-error';
import type { DomainHandlers } from '../ipc-handlers';

export function tagHandlers(): DomainHandlers<'tags'> {
  return {
    'tags.list': () => notImplemented('tags.list'),
    'tags.create': () => notImplemented('tags.create'),
    'tags.update': () => notImplemented('tags.update'),
  };
}
