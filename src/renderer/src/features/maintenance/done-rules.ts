import { ipcMethods, type IpcArgs } from '../../../../shared/ipc';
import { checkWith, numberOf, textOf } from '../../layout/forms/form-check';
import type { Checked } from '../../layout/forms/use-form-submit';
import type { ReminderRow } from './reminder-rows';

export const DONE_FIELDS = ['doneOn', 'odometerKm', 'nextDueDate'] as const;
export type DoneField = (typeof DONE_FIELDS)[number];

export interface DoneDraft {
  doneOn: string;
  odometerKm: string;
  nextDueDate: string;
}

/** The request main marks the reminder done with, checked with the contract's own schema. */
export function checkDone(row: ReminderRow, d: DoneDraft): Checked<IpcArgs<'reminders.done'>, DoneField> {
  const args =
    row.kind === 'service'
      ? { kind: 'service', id: row.id, doneOn: textOf(d.doneOn), odometerKm: numberOf(d.odometerKm) }
      : { kind: 'renewal', id: row.id, nextDueDate: textOf(d.nextDueDate) };
  return checkWith(ipcMethods['reminders.done'].args, args, DONE_FIELDS);
}

/** What marking it done will do, said before the operator confirms. */
export function doneOutcome(row: ReminderRow, d: DoneDraft): string {
  if (row.kind === 'renewal')
    return d.nextDueDate.trim() === ''
      ? 'No new expiry date given: the renewal is removed from the list.'
      : 'The renewal stays on the list with its new expiry date.';
  return row.repeat === null
    ? 'It does not repeat: marking it done removes it from the list.'
    : `It repeats ${row.repeat}: the next one is scheduled from the day and the reading given here.`;
}
