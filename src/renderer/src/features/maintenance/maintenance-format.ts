import type { RENEWAL_KINDS } from '../../../../shared/interface';
import type { DueState, DueStatus } from '../../../../shared/maintenance/reminder-due';
import type { DisplayFormat } from '../../layout/format/display-format';

/** A calendar date (YYYY-MM-DD) in the operator's date format: "30 Nov 2026", "2026-11-30". */
export function formatDay(date: string | undefined, fmt: DisplayFormat): string {
  return date === undefined ? '—' : fmt.calendarDay(date);
}

export const DUE_LABEL: Readonly<Record<DueStatus, string>> = {
  overdue: 'Overdue',
  due_soon: 'Due soon',
  ok: 'Scheduled',
  unknown: 'Odometer unknown',
};

export const RENEWAL_LABEL: Readonly<Record<(typeof RENEWAL_KINDS)[number], string>> = {
  insurance: 'Insurance',
  registration: 'Registration',
  inspection: 'Inspection',
  license: 'Licence',
  other: 'Other renewal',
};

const days = (n: number): string => `${n.toLocaleString()} ${n === 1 ? 'day' : 'days'}`;
const whole = { max: 0 } as const;

/** "3 days overdue", "due today", "in 12 days · in 450 km": how far away the reminder is. */
export function dueDistance(due: DueState, fmt: DisplayFormat): string {
  const parts: string[] = [];
  if (due.daysLeft !== null)
    parts.push(
      due.daysLeft < 0
        ? `${days(-due.daysLeft)} overdue`
        : due.daysLeft === 0
          ? 'due today'
          : `in ${days(due.daysLeft)}`,
    );
  if (due.kmLeft !== null)
    parts.push(
      due.kmLeft < 0
        ? `${fmt.distance(-due.kmLeft, whole)} overdue`
        : due.kmLeft < 1
          ? 'due now by distance'
          : `in ${fmt.distance(due.kmLeft, whole)}`,
    );
  return parts.join(' · ') || '—';
}

/** "every 180 days or 15,000 km", or null for a reminder that does not repeat. */
export function repeatText(
  r: { readonly repeat_days?: number; readonly repeat_km?: number },
  fmt: DisplayFormat,
): string | null {
  const parts: string[] = [];
  if (r.repeat_days !== undefined) parts.push(days(r.repeat_days));
  if (r.repeat_km !== undefined) parts.push(fmt.distance(r.repeat_km, whole));
  return parts.length === 0 ? null : `every ${parts.join(' or ')}`;
}
