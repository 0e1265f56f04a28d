import type { DomainHandlers } from '../ipc-handlers';
import type { Maintenance } from './maintenance';

export function serviceReminderHandlers(m: Maintenance): DomainHandlers<'serviceReminders'> {
  return {
    'serviceReminders.list': ({ assetId }) => m.service.list(assetId),
    'serviceReminders.create': ({ body }) => m.service.create(body),
    'serviceReminders.update': ({ id, body }) => m.service.replace(id, body),
    'serviceReminders.remove': async ({ id }) => {
      await m.service.remove(id);
      return null;
    },
  };
}
