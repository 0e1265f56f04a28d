import type { RenewalReminderView, ServiceReminderView } from '../../../../shared/ipc';
import type { DueState, DueStatus } from '../../../../shared/maintenance/reminder-due';
import type { DisplayFormat } from '../../layout/format/display-format';
import { formatDay, RENEWAL_LABEL, repeatText } from './maintenance-format';

interface RowBase {
  /** Unique across both kinds ("service:7", "renewal:7"). */
  readonly key: string;
  readonly id: number;
  readonly assetId: number;
  readonly title: string;
  /** "30 Nov 2026 · 182,000 km": when it falls due. */
  readonly dueAt: string;
  readonly repeat: string | null;
  readonly due: DueState;
}
export type ReminderRow =
  | (RowBase & { readonly kind: 'service'; readonly record: ServiceReminderView })
  | (RowBase & { readonly kind: 'renewal'; readonly record: RenewalReminderView });

export type ReminderSort = 'urgency' | 'asset' | 'title';
export const REMINDER_SORTS: readonly { readonly id: ReminderSort; readonly label: string }[] = [
  { id: 'urgency', label: 'Most urgent first' },
  { id: 'asset', label: 'Asset' },
  { id: 'title', label: 'Reminder' },
];

export interface ReminderFilter {
  readonly assetId: number | null;
  /** Empty: every status. */
  readonly statuses: ReadonlySet<DueStatus>;
}

const RANK: Readonly<Record<DueStatus, number>> = { overdue: 0, due_soon: 1, ok: 2, unknown: 3 };
const orInfinity = (n: number | null): number => (n === null ? Number.POSITIVE_INFINITY : n);

/** Overdue (longest overdue first), then due soon (soonest first), then the rest (soonest first). */
export function byUrgency(a: ReminderRow, b: ReminderRow): number {
  return (
    RANK[a.due.status] - RANK[b.due.status] ||
    orInfinity(a.due.daysLeft) - orInfinity(b.due.daysLeft) ||
    orInfinity(a.due.kmLeft) - orInfinity(b.due.kmLeft) ||
    a.key.localeCompare(b.key)
  );
}

/** "30 Nov 2026 · 182,000 km": when a reminder of either kind falls due. */
export function dueAtText(r: ServiceReminderView | RenewalReminderView, fmt: DisplayFormat): string {
  if ('kind' in r) return formatDay(r.due_date, fmt);
  return [
    r.due_date === undefined ? null : formatDay(r.due_date, fmt),
    r.due_odometer_km === undefined ? null : fmt.distance(r.due_odometer_km, { max: 0 }),
  ]
    .filter((x) => x !== null)
    .join(' · ');
}

function serviceRow(r: ServiceReminderView, fmt: DisplayFormat): ReminderRow {
  return {
    kind: 'service',
    key: `service:${r.id}`,
    id: r.id,
    assetId: r.asset_id,
    title: r.name,
    dueAt: dueAtText(r, fmt),
    repeat: repeatText(r, fmt),
    due: r.due,
    record: r,
  };
}

function renewalRow(r: RenewalReminderView, fmt: DisplayFormat): ReminderRow {
  return {
    kind: 'renewal',
    key: `renewal:${r.id}`,
    id: r.id,
    assetId: r.asset_id,
    title: RENEWAL_LABEL[r.kind],
    dueAt: dueAtText(r, fmt),
    repeat: null,
    due: r.due,
    record: r,
  };
}

/** Both kinds of reminder as one list, filtered and sorted as the Maintenance screen shows them. */
export function reminderRows(
  service: readonly ServiceReminderView[],
  renewal: readonly RenewalReminderView[],
  filter: ReminderFilter,
  sort: ReminderSort,
  nameOf: (assetId: number) => string,
  fmt: DisplayFormat,
): ReminderRow[] {
  const rows = [...service.map((r) => serviceRow(r, fmt)), ...renewal.map((r) => renewalRow(r, fmt))].filter(
    (r) =>
      (filter.assetId === null || r.assetId === filter.assetId) &&
      (filter.statuses.size === 0 || filter.statuses.has(r.due.status)),
  );
  if (sort === 'urgency') return rows.sort(byUrgency);
  const text = sort === 'asset' ? (r: ReminderRow) => nameOf(r.assetId) : (r: ReminderRow) => r.title;
  return rows.sort((a, b) => text(a).localeCompare(text(b)) || byUrgency(a, b));
}

/** How many reminders of the asset filter are in each state: the status chips' counts. */
export function countsByStatus(
  service: readonly ServiceReminderView[],
  renewal: readonly RenewalReminderView[],
  assetId: number | null,
): Record<DueStatus, number> {
  const counts: Record<DueStatus, number> = { overdue: 0, due_soon: 0, ok: 0, unknown: 0 };
  for (const r of [...service, ...renewal])
    if (assetId === null || r.asset_id === assetId) counts[r.due.status]++;
  return counts;
}
