import { describe, expect, it } from 'vitest';
import {
  countsByStatus,
  dueAtText,
  reminderRows,
} from '../../../src/renderer/src/features/maintenance/reminder-rows';
import {
  dueDistance,
  formatDay,
  repeatText,
} from '../../../src/renderer/src/features/maintenance/maintenance-format';
import type { RenewalReminderView, ServiceReminderView } from '../../../src/shared/ipc';
import type { DueState } from '../../../src/shared/maintenance/reminder-due';
import { testFormat } from '../support/display-format';

const meta = { created_at: '2026-11-01T08:00:00Z', updated_at: '2026-11-01T08:00:00Z' };
const due = (
  status: DueState['status'],
  daysLeft: number | null,
  kmLeft: number | null = null,
): DueState => ({
  status,
  daysLeft,
  kmLeft,
});
const service = (id: number, assetId: number, name: string, d: DueState, over = {}): ServiceReminderView => ({
  id,
  asset_id: assetId,
  name,
  due_date: '2026-12-01',
  ...meta,
  due: d,
  ...over,
});
const renewal = (id: number, assetId: number, d: DueState): RenewalReminderView => ({
  id,
  asset_id: assetId,
  kind: 'insurance',
  due_date: '2026-12-15',
  remind_days_before: 30,
  ...meta,
  due: d,
});
const names = new Map([
  [1, 'Van 0001'],
  [2, 'Bus 0002'],
]);
const nameOf = (id: number): string => names.get(id) ?? `Asset ${id}`;
const all = { assetId: null, statuses: new Set<never>() };
const fmt = testFormat();

describe('the reminders list of the Maintenance screen', () => {
  const services = [
    service(1, 1, 'Oil', due('ok', 40)),
    service(2, 2, 'Brakes', due('overdue', -2)),
    service(3, 1, 'Tyres', due('overdue', -12)),
    service(4, 2, 'Filter', due('unknown', null), { due_date: undefined, due_odometer_km: 90_000 }),
    service(5, 1, 'Belt', due('due_soon', 20, 300), { due_odometer_km: 120_500 }),
  ];
  const renewals = [renewal(1, 2, due('due_soon', 9))];

  it('puts the longest overdue first, then what is due soonest, then the rest; both kinds in one list', () => {
    const rows = reminderRows(services, renewals, all, 'urgency', nameOf, fmt);
    expect(rows.map((r) => r.key)).toEqual([
      'service:3',
      'service:2',
      'renewal:1',
      'service:5',
      'service:1',
      'service:4',
    ]);
    expect(rows[2]).toMatchObject({
      kind: 'renewal',
      title: 'Insurance',
      dueAt: formatDay('2026-12-15', fmt),
    });
    expect(rows.find((r) => r.id === 5)?.dueAt).toBe(
      `${formatDay('2026-12-01', fmt)} · ${(120_500).toLocaleString()} km`,
    );
  });

  it('filters by asset and by state, and sorts by asset name or by reminder', () => {
    const vanOverdue = reminderRows(
      services,
      renewals,
      { assetId: 1, statuses: new Set(['overdue']) },
      'urgency',
      nameOf,
      fmt,
    );
    expect(vanOverdue.map((r) => r.title)).toEqual(['Tyres']);
    const byAsset = reminderRows(services, renewals, all, 'asset', nameOf, fmt);
    expect(byAsset.map((r) => nameOf(r.assetId))).toEqual([
      'Bus 0002',
      'Bus 0002',
      'Bus 0002',
      'Van 0001',
      'Van 0001',
      'Van 0001',
    ]);
    expect(reminderRows(services, renewals, all, 'title', nameOf, fmt).map((r) => r.title)[0]).toBe('Belt');
  });

  it('counts each state for the chips, for the asset chosen', () => {
    expect(countsByStatus(services, renewals, null)).toEqual({ overdue: 2, due_soon: 2, ok: 1, unknown: 1 });
    expect(countsByStatus(services, renewals, 2)).toEqual({ overdue: 1, due_soon: 1, ok: 0, unknown: 1 });
  });

  it('says how far away a reminder is in days and kilometres, and how it repeats', () => {
    expect(dueDistance(due('overdue', -3, -1200), fmt)).toBe(
      `3 days overdue · ${(1200).toLocaleString()} km overdue`,
    );
    expect(dueDistance(due('due_soon', 0), fmt)).toBe('due today');
    expect(dueDistance(due('due_soon', 1, 0), fmt)).toBe('in 1 day · due now by distance');
    expect(dueDistance(due('unknown', null), fmt)).toBe('—');
    expect(repeatText({ repeat_days: 180, repeat_km: 15_000 }, fmt)).toBe(
      `every 180 days or ${(15_000).toLocaleString()} km`,
    );
    expect(repeatText({}, fmt)).toBeNull();
    expect(dueAtText(services[3]!, fmt)).toBe(`${(90_000).toLocaleString()} km`);
    expect(dueAtText(services[3]!, testFormat({ distanceUnit: 'mi' }))).toBe(
      `${(55_923).toLocaleString()} mi`,
    );
    expect(dueDistance(due('due_soon', 20, 300), testFormat({ distanceUnit: 'mi' }))).toBe(
      'in 20 days · in 186 mi',
    );
  });
});
