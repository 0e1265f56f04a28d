import { notImplemented } from '../core-error';
import type { DomainHandlers } from '../ipc-handlers';

export function serviceReminderHandlers(): DomainHandlers<'serviceReminders'> {
  return {
    'serviceReminders.list': () => notImplemented('serviceReminders.list'),
    'serviceReminders.create': () => notImplemented('serviceReminders.create'),
    'serviceReminders.update': () => notImplemented('serviceReminders.update'),
    'serviceReminders.remove': () => notImplemented('serviceReminders.remove'),
  };
}
