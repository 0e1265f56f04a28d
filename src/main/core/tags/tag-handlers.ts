import type { DomainHandlers } from '../ipc-handlers';
import type { TagRegister } from './tag-register';

export function tagHandlers(tags: TagRegister): DomainHandlers<'tags'> {
  return {
    'tags.list': () => tags.list(),
    'tags.create': ({ body }) => tags.create(body),
    'tags.update': ({ id, body }) => tags.replace(id, body),
  };
}
