import { describe, expect, it } from 'vitest';
import {
  renewalReminderDue,
  SERVICE_DUE_SOON_DAYS,
  SERVICE_DUE_SOON_KM,
  serviceReminderDue,
} from '../../src/shared/maintenance/reminder-due';

describe('when a maintenance reminder is due', () => {
  const today = '2026-03-10';

  it('counts calendar days, today included as due soon, yesterday as overdue', () => {
    expect(serviceReminderDue({ due_date: '2026-03-09' }, today, null)).toEqual({
      status: 'overdue',
      daysLeft: -1,
      kmLeft: null,
    });
    expect(serviceReminderDue({ due_date: today }, today, null).status).toBe('due_soon');
    expect(serviceReminderDue({ due_date: '2026-03-24' }, today, null)).toMatchObject({
      status: 'due_soon',
      daysLeft: SERVICE_DUE_SOON_DAYS,
    });
    expect(serviceReminderDue({ due_date: '2026-03-25' }, today, null).status).toBe('ok');
    // Across the end of March's summer-time change, days are still whole.
    expect(serviceReminderDue({ due_date: '2026-04-10' }, today, null).daysLeft).toBe(31);
  });

  it('takes the worse of date and distance, and says unknown when only the distance is set and no reading is', () => {
    expect(serviceReminderDue({ due_odometer_km: 1000 }, today, null)).toEqual({
      status: 'unknown',
      daysLeft: null,
      kmLeft: null,
    });
    expect(serviceReminderDue({ due_odometer_km: 1000 }, today, 1000 - SERVICE_DUE_SOON_KM).status).toBe(
      'due_soon',
    );
    expect(serviceReminderDue({ due_date: '2027-01-01', due_odometer_km: 1000 }, today, 1000.3)).toEqual({
      status: 'overdue',
      daysLeft: 297,
      kmLeft: -0.3,
    });
  });

  it('warns of a renewal from its own number of days before', () => {
    const r = { due_date: '2026-04-09', remind_days_before: 30 };
    expect(renewalReminderDue(r, today)).toEqual({ status: 'due_soon', daysLeft: 30, kmLeft: null });
    expect(renewalReminderDue({ ...r, remind_days_before: 29 }, today).status).toBe('ok');
    expect(renewalReminderDue({ ...r, due_date: '2026-03-01' }, today).status).toBe('overdue');
  });
});
