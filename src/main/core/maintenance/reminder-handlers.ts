import type { DomainHandlers } from '../ipc-handlers';
import type { Maintenance } from './maintenance';

export function reminderHandlers(m: Maintenance): DomainHandlers<'reminders'> {
  return {
    'reminders.done': (req) => m.done(req),
    'reminders.badges': () => m.badges(),
  };
}
