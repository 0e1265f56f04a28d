import { describe, expect, it } from 'vitest';
import { checkDone, doneOutcome } from '../../../src/renderer/src/features/maintenance/done-rules';
import {
  checkFuelDraft,
  checkOdometerDraft,
  fuelDraft,
  odometerDraft,
} from '../../../src/renderer/src/features/maintenance/entry-form-rules';
import {
  checkRenewalDraft,
  checkServiceDraft,
  renewalDraft,
  serviceDraft,
} from '../../../src/renderer/src/features/maintenance/reminder-form-rules';
import type { ReminderRow } from '../../../src/renderer/src/features/maintenance/reminder-rows';

const NOW = Date.UTC(2026, 10, 26, 9, 30);

describe('maintenance forms, checked with the service’s own schemas before sending', () => {
  it('builds a service reminder by date, by reading or both; without either it names the date field', () => {
    const d = { ...serviceDraft(4), name: '  Brake check ', dueKm: '120500', repeatKm: '15000' };
    expect(checkServiceDraft(d)).toEqual({
      ok: true,
      data: { asset_id: 4, name: 'Brake check', due_odometer_km: 120_500, repeat_km: 15_000 },
    });
    const neither = checkServiceDraft({ ...serviceDraft(4), name: 'Oil' });
    expect(neither).toEqual({ ok: false, errors: { due_date: 'due_date or due_odometer_km is required' } });
  });

  it('says which field is wrong in an operator’s words, the asset first', () => {
    const bad = checkServiceDraft({
      ...serviceDraft(null),
      dueDate: '2026-02-30',
      dueKm: 'lots',
      repeatDays: '0',
      repeatKm: '-5',
    });
    expect(bad).toEqual({
      ok: false,
      errors: {
        asset_id: 'choose the asset',
        name: 'required',
        due_date: 'must be a date in the form YYYY-MM-DD',
        due_odometer_km: 'enter a number',
        repeat_days: 'must be at least 1',
        repeat_km: 'must be more than 0',
      },
    });
  });

  it('builds a renewal with its days of warning, 30 unless changed', () => {
    const d = { ...renewalDraft(2), kind: 'inspection' as const, dueDate: '2027-03-01' };
    expect(checkRenewalDraft(d)).toEqual({
      ok: true,
      data: { asset_id: 2, kind: 'inspection', due_date: '2027-03-01', remind_days_before: 30 },
    });
    expect(checkRenewalDraft({ ...d, remindDays: '400' })).toEqual({
      ok: false,
      errors: { remind_days_before: 'must be at most 365' },
    });
  });

  it('turns the local date and time typed into the instant the service stores', () => {
    const d = { ...odometerDraft(3, NOW), km: '182344,6' };
    const checked = checkOdometerDraft(d);
    expect(checked.ok && checked.data.odometer_km).toBe(182_344.6);
    expect(checked.ok && Date.parse(checked.data.timestamp)).toBe(Math.floor(NOW / 60_000) * 60_000);
    expect(checkOdometerDraft({ ...d, when: '', km: '' })).toEqual({
      ok: false,
      errors: { timestamp: 'enter the date and time', odometer_km: 'enter a number' },
    });
  });

  it('sends a fuel entry’s currency only with a cost, in capitals, and refuses a code that is not one', () => {
    const d = { ...fuelDraft(5, NOW, 'eur'), liters: '42.5', station: 'Q8 Via Emilia' };
    const noCost = checkFuelDraft(d);
    expect(noCost.ok && noCost.data).toMatchObject({
      asset_id: 5,
      liters: 42.5,
      full_tank: true,
      station: 'Q8 Via Emilia',
    });
    expect(noCost.ok && noCost.data.currency).toBeUndefined();
    const withCost = checkFuelDraft({ ...d, cost: '76.08' });
    expect(withCost.ok && withCost.data).toMatchObject({ cost: 76.08, currency: 'EUR' });
    expect(checkFuelDraft({ ...d, cost: '10', currency: 'euro', liters: '0' })).toEqual({
      ok: false,
      errors: { liters: 'must be more than 0', currency: 'must be an ISO 4217 code such as EUR' },
    });
  });

  it('marks a reminder done with the contract’s own request, and says beforehand what follows', () => {
    const row = { kind: 'service', id: 9, repeat: 'every 180 days' } as ReminderRow;
    const draft = { doneOn: '2026-11-20', odometerKm: '', nextDueDate: '' };
    expect(checkDone(row, draft)).toEqual({
      ok: true,
      data: { kind: 'service', id: 9, doneOn: '2026-11-20' },
    });
    expect(doneOutcome(row, draft)).toMatch(/^It repeats every 180 days: the next one is scheduled/);
    expect(doneOutcome({ ...row, repeat: null } as ReminderRow, draft)).toMatch(/removes it/);
    expect(checkDone(row, { ...draft, doneOn: '20/11/2026' }).ok).toBe(false);
    const renewal = { kind: 'renewal', id: 3 } as ReminderRow;
    expect(checkDone(renewal, { ...draft, nextDueDate: '2027-11-20' })).toEqual({
      ok: true,
      data: { kind: 'renewal', id: 3, nextDueDate: '2027-11-20' },
    });
    expect(doneOutcome(renewal, draft)).toMatch(/removed from the list/);
  });
});
