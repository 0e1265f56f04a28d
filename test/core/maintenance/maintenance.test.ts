import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatCalendarDate, parseCalendarDate } from '../../../src/shared/interface';
import { localDate } from '../../../src/main/core/maintenance/local-date';
import { FOREIGN_ASSET, refusal, startAdminService, type AdminService } from '../records/admin-service';

const today = (): string => localDate(Date.now());
const daysFromToday = (days: number): string =>
  formatCalendarDate(addDays(parseCalendarDate(today())!, days));

describe('maintenance through the core, against the local service', { timeout: 60_000 }, () => {
  let s: AdminService;
  beforeAll(async () => {
    s = await startAdminService();
    await s.operator.call('fleet.refresh');
  });
  afterAll(async () => {
    await s.close();
  });

  it('an overdue service reminder shows on its asset’s badge; marking it done schedules the next one', async () => {
    const { operator } = s;
    const overdue = await operator.call('serviceReminders.create', {
      body: { asset_id: 2, name: 'Oil and filter', due_date: daysFromToday(-3), repeat_days: 180 },
    });
    expect(overdue.due).toEqual({ status: 'overdue', daysLeft: -3, kmLeft: null });
    await operator.call('serviceReminders.create', {
      body: { asset_id: 2, name: 'Brake check', due_date: daysFromToday(5) },
    });
    await operator.call('renewalReminders.create', {
      body: { asset_id: 5, kind: 'insurance', due_date: daysFromToday(20), remind_days_before: 30 },
    });
    expect(await operator.call('reminders.badges')).toEqual([
      { assetId: 2, overdue: 1, dueSoon: 1 },
      { assetId: 5, overdue: 0, dueSoon: 1 },
    ]);

    const { next } = await operator.call('reminders.done', { kind: 'service', id: overdue.id });
    expect(next).toMatchObject({ id: overdue.id, due_date: daysFromToday(180), due: { status: 'ok' } });
    expect(await operator.call('reminders.badges')).toEqual([
      { assetId: 2, overdue: 0, dueSoon: 1 },
      { assetId: 5, overdue: 0, dueSoon: 1 },
    ]);
  });

  it('a reminder by distance is due by the asset’s latest odometer reading, entered or tracked', async () => {
    const { operator } = s;
    const location = await operator.call('fleet.location', { assetId: 6 });
    const km = location.odometer!;
    const reminder = await operator.call('serviceReminders.create', {
      body: { asset_id: 6, name: 'Tyres', due_odometer_km: Math.round(km + 300), repeat_km: 20_000 },
    });
    expect(reminder.due.status).toBe('due_soon');
    expect(reminder.due.kmLeft).toBeCloseTo(Math.round(km + 300) - km, 0);

    // A reading entered later than the tracker's fix is the one that counts.
    await operator.call('odometer.add', {
      body: { asset_id: 6, timestamp: new Date(Date.now() + 60_000).toISOString(), odometer_km: km + 400 },
    });
    const entries = await operator.call('odometer.list', { assetId: 6 });
    expect(entries.items.map((e) => e.odometer_km)).toEqual([km + 400]);
    const listed = await operator.call('serviceReminders.list', { assetId: 6 });
    expect(listed.items.find((r) => r.id === reminder.id)?.due.status).toBe('overdue');

    const { next } = await operator.call('reminders.done', {
      kind: 'service',
      id: reminder.id,
      odometerKm: km + 400,
    });
    expect(next).toMatchObject({ due_odometer_km: Math.round((km + 400 + 20_000) * 10) / 10 });
  });

  it('a renewal moves to its next due date when done, and one done for good is removed', async () => {
    const { operator } = s;
    const inspection = await operator.call('renewalReminders.create', {
      body: { asset_id: 7, kind: 'inspection', due_date: daysFromToday(2) },
    });
    const { next } = await operator.call('reminders.done', {
      kind: 'renewal',
      id: inspection.id,
      nextDueDate: daysFromToday(365),
    });
    expect(next).toMatchObject({
      id: inspection.id,
      kind: 'inspection',
      due: { status: 'ok', daysLeft: 365 },
    });
    expect(await operator.call('reminders.done', { kind: 'renewal', id: inspection.id })).toEqual({
      next: null,
    });
    expect((await operator.call('renewalReminders.list', { assetId: 7 })).items).toEqual([]);
  });

  it('keeps a restricted user to their own assets’ reminders', async () => {
    const foreign = await s.operator.call('serviceReminders.create', {
      body: { asset_id: FOREIGN_ASSET, name: 'Hidden', due_date: daysFromToday(1) },
    });
    const seen = await s.restricted.call('serviceReminders.list', {});
    expect(seen.items.map((r) => r.asset_id).every((id) => id <= 3)).toBe(true);
    expect(seen.items.map((r) => r.id)).not.toContain(foreign.id);
    expect((await refusal(s.restricted.call('serviceReminders.list', { assetId: FOREIGN_ASSET }))).code).toBe(
      'forbidden',
    );
    expect(
      (await refusal(s.restricted.call('reminders.done', { kind: 'service', id: foreign.id }))).code,
    ).toBe('forbidden');
    expect(
      (
        await refusal(
          s.restricted.call('odometer.add', {
            body: { asset_id: FOREIGN_ASSET, timestamp: new Date().toISOString(), odometer_km: 1 },
          }),
        )
      ).code,
    ).toBe('forbidden');
  });

  it('offline, lists reminders from the cache with their age and refuses marking one done', async () => {
    const { operator } = s;
    const badges = await operator.call('reminders.badges');
    const online = await operator.call('serviceReminders.list', { assetId: 2 });
    expect(badges.length).toBeGreaterThan(0);
    await s.stopService();
    try {
      const offline = await operator.call('serviceReminders.list', { assetId: 2 });
      expect(offline.fromCache).toBe(true);
      expect(offline.fetchedAt).toBe(online.fetchedAt);
      expect(offline.items.map((r) => [r.id, r.due.status])).toEqual(
        online.items.map((r) => [r.id, r.due.status]),
      );
      expect(await operator.call('reminders.badges')).toEqual(badges);
      const first = online.items[0]!;
      expect((await refusal(operator.call('reminders.done', { kind: 'service', id: first.id }))).code).toBe(
        'offline',
      );
    } finally {
      await s.startService();
    }
  });
});
