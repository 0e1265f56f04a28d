import { notImplemented } from '../core-error';
import type { DomainHandlers } from '../ipc-handlers';

export function reminderHandlers(): DomainHandlers<'reminders'> {
  return {
    'reminders.done': () => notImplemented('reminders.done'),
    'reminders.badges': () => notImplemented('reminders.badges'),
  };
}
