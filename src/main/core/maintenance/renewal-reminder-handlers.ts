import { notImplemented } from '../core-error';
import type { DomainHandlers } from '../ipc-handlers';

export function renewalReminderHandlers(): DomainHandlers<'renewalReminders'> {
  return {
    'renewalReminders.list': () => notImplemented('renewalReminders.list'),
    'renewalReminders.create': () => notImplemented('renewalReminders.create'),
    'renewalReminders.update': () => notImplemented('renewalReminders.update'),
    'renewalReminders.remove': () => notImplemented('renewalReminders.remove'),
  };
}
