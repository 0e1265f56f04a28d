import type { DomainHandlers } from '../ipc-handlers';
import type { Maintenance } from './maintenance';

export function renewalReminderHandlers(m: Maintenance): DomainHandlers<'renewalReminders'> {
  return {
    'renewalReminders.list': ({ assetId }) => m.renewal.list(assetId),
    'renewalReminders.create': ({ body }) => m.renewal.create(body),
    'renewalReminders.update': ({ id, body }) => m.renewal.replace(id, body),
    'renewalReminders.remove': async ({ id }) => {
      await m.renewal.remove(id);
      return null;
    },
  };
}
