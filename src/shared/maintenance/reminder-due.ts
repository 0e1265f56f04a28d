import { MS_PER_DAY, parseCalendarDate } from '../interface/dates';

/**
 * When a maintenance reminder is due, computed the same way in main (badges,
 * lists) and in the renderer (a list left open past midnight). The service
 * stores reminders only (docs/service-interface.md §4.3 "Records"); what
 * "due soon" means is ours (docs/interface-decisions.md "Maintenance").
 */
export type DueStatus = 'overdue' | 'due_soon' | 'ok' | 'unknown';

export interface DueState {
  readonly status: DueStatus;
  /** Whole days until the due date (negative: overdue by that many); null without a date. */
  readonly daysLeft: number | null;
  /** Kilometres until the due odometer reading; null without one or while the odometer is unknown. */
  readonly kmLeft: number | null;
}

/** A service reminder is due soon this many days or kilometres ahead. */
export const SERVICE_DUE_SOON_DAYS = 14;
export const SERVICE_DUE_SOON_KM = 500;

const RANK: Readonly<Record<DueStatus, number>> = { unknown: 0, ok: 1, due_soon: 2, overdue: 3 };
const worst = (a: DueStatus, b: DueStatus): DueStatus => (RANK[a] >= RANK[b] ? a : b);

function daysUntil(dueDate: string, today: string): number | null {
  const due = parseCalendarDate(dueDate);
  const now = parseCalendarDate(today);
  return due === null || now === null ? null : Math.round((due - now) / MS_PER_DAY);
}

const byDays = (days: number, soon: number): DueStatus =>
  days < 0 ? 'overdue' : days <= soon ? 'due_soon' : 'ok';

/**
 * A service reminder (by date and/or odometer): the worse of the two.
 * `today` is the operator's calendar date (YYYY-MM-DD); `odometerKm` the
 * asset's latest known reading, or null.
 */
export function serviceReminderDue(
  r: { readonly due_date?: string | undefined; readonly due_odometer_km?: number | undefined },
  today: string,
  odometerKm: number | null,
): DueState {
  const daysLeft = r.due_date === undefined ? null : daysUntil(r.due_date, today);
  const kmLeft =
    r.due_odometer_km === undefined || odometerKm === null ? null : r.due_odometer_km - odometerKm;
  let status: DueStatus = 'unknown';
  if (daysLeft !== null) status = worst(status, byDays(daysLeft, SERVICE_DUE_SOON_DAYS));
  if (kmLeft !== null)
    status = worst(status, kmLeft < 0 ? 'overdue' : kmLeft <= SERVICE_DUE_SOON_KM ? 'due_soon' : 'ok');
  return { status, daysLeft, kmLeft: kmLeft === null ? null : Math.round(kmLeft * 10) / 10 };
}

/** A renewal reminder: due soon from `remind_days_before` days ahead. */
export function renewalReminderDue(
  r: { readonly due_date: string; readonly remind_days_before: number },
  today: string,
): DueState {
  const daysLeft = daysUntil(r.due_date, today);
  return {
    status: daysLeft === null ? 'unknown' : byDays(daysLeft, r.remind_days_before),
    daysLeft,
    kmLeft: null,
  };
}
