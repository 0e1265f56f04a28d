import { parseCalendarDate, type RENEWAL_KINDS } from '../../../../shared/interface';
import type { DueState, DueStatus } from '../../../../shared/maintenance/reminder-due';

/** A calendar date (YYYY-MM-DD) in the operator's words: "30 Nov 2026". */
export function formatDay(date: string | undefined): string {
  if (date === undefined) return '—';
  const t = parseCalendarDate(date);
  if (t === null) return date;
  return new Date(t).toLocaleDateString(undefined, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
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
const km = (n: number): string => `${Math.round(n).toLocaleString()} km`;

/** "3 days overdue", "due today", "in 12 days · in 450 km": how far away the reminder is. */
export function dueDistance(due: DueState): string {
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
        ? `${km(-due.kmLeft)} overdue`
        : due.kmLeft < 1
          ? 'due now by distance'
          : `in ${km(due.kmLeft)}`,
    );
  return parts.join(' · ') || '—';
}

/** "every 180 days or 15,000 km", or null for a reminder that does not repeat. */
export function repeatText(r: { readonly repeat_days?: number; readonly repeat_km?: number }): string | null {
  const parts: string[] = [];
  if (r.repeat_days !== undefined) parts.push(days(r.repeat_days));
  if (r.repeat_km !== undefined) parts.push(km(r.repeat_km));
  return parts.length === 0 ? null : `every ${parts.join(' or ')}`;
}
