import type { DomainHandlers } from '../ipc-handlers';
import type { AssetGroups } from './asset-groups';

export function groupHandlers(groups: AssetGroups): DomainHandlers<'groups'> {
  return {
    'groups.list': () => groups.list(),
    'groups.create': ({ body }) => groups.create(body),
    'groups.update': ({ id, body }) => groups.replace(id, body),
    'groups.remove': async ({ id }) => {
      await groups.remove(id);
      return null;
    },
    'groups.assign': ({ groupId, add, remove }) => groups.assign(groupId, add, remove),
  };
}
