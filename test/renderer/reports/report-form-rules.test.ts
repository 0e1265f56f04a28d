import { describe, expect, it } from 'vitest';
import {
  buildRequest,
  changeType,
  clampRange,
  initialForm,
  latestDateTo,
  rangeReason,
  subjectKinds,
  serviceFieldErrors,
  validateReportForm,
  type GroupLookup,
} from '../../../src/renderer/src/features/reports/report-form-rules';

describe('report form rules', () => {
  it('asks for the identifier each type needs', () => {
    expect(subjectKinds('trail')).toEqual(['asset']);
    expect(subjectKinds('mileage_weekly')).toEqual(['assets', 'group']);
    expect(subjectKinds('portable_beacon')).toEqual(['beacon']);
    expect(subjectKinds('beacon_environment')).toEqual(['asset', 'beacon']);
    expect(subjectKinds('driver_score')).toEqual(['asset', 'driver']);
  });

  it('explains the maximum range of a type and the last end date it allows', () => {
    expect(rangeReason('obd_data')).toBe('OBD-II diagnostics reports cover at most 14 days');
    expect(latestDateTo('obd_data', '2026-11-01')).toBe('2026-11-14');
    expect(latestDateTo('mileage_monthly', '2026-01-01')).toBe('2026-12-31');
  });

  it('moves the other end of a range that is too long, saying why', () => {
    expect(clampRange('obd_data', '2026-11-01', '2026-11-30', 'from')).toEqual({
      dateFrom: '2026-11-01',
      dateTo: '2026-11-14',
      note: 'End moved: OBD-II diagnostics reports cover at most 14 days',
    });
    expect(clampRange('obd_data', '2026-11-01', '2026-11-30', 'to').dateFrom).toBe('2026-11-17');
    expect(clampRange('trail', '2026-11-10', '2026-11-05', 'from').dateTo).toBe('2026-11-10');
    expect(clampRange('trail', '2026-11-01', '2026-11-30').note).toBeNull();
  });

  it('keeps the asset and clamps the range when switching to a type with a shorter maximum', () => {
    const start = { ...initialForm('trail', 3, '2026-11-23'), dateFrom: '2026-10-25', dateTo: '2026-11-22' };
    const next = changeType(start, 'portable_beacon');
    expect(next.subject).toBe('beacon');
    expect(next.dateTo).toBe('2026-11-07');
    expect(next.note).toContain('14 days');
    const mileage = changeType(start, 'mileage_daily');
    expect(mileage.subject).toBe('assets');
    expect(mileage.assetIds).toEqual([3]);
  });

  it('sends one asset as asset_id and several as asset_ids for mileage reports', () => {
    const form = { ...initialForm('mileage_weekly', 3, '2026-11-23'), subject: 'assets' as const };
    expect(buildRequest(form)).toMatchObject({ asset_id: 3 });
    expect(buildRequest({ ...form, assetIds: [3, 4, 9] })).toMatchObject({ asset_ids: [3, 4, 9] });
    expect(buildRequest({ ...form, assetIds: [3, 4, 9] })).not.toHaveProperty('asset_id');
  });

  it('validates with the shared schema and reports errors on the field the user sees', () => {
    const ok = validateReportForm(initialForm('trail', 3, '2026-11-23'));
    expect(ok.ok).toBe(true);

    const noAsset = validateReportForm(initialForm('trail', null, '2026-11-23'));
    expect(noAsset).toEqual({ ok: false, errors: { asset_id: ['An asset is required for this report'] } });

    const driver = { ...initialForm('driver_score', null, '2026-11-23'), subject: 'driver' as const };
    expect(validateReportForm(driver)).toEqual({
      ok: false,
      errors: { driver_id: ['A driver is required for this report'] },
    });
    const chosen = validateReportForm({ ...driver, driverId: 104 });
    expect(chosen.ok && chosen.request).toMatchObject({ driver_id: 104 });
    expect(chosen.ok && chosen.request).not.toHaveProperty('asset_id');

    const tooLong = {
      ...initialForm('obd_data', 3, '2026-11-23'),
      dateFrom: '2026-10-01',
      dateTo: '2026-11-01',
    };
    expect(validateReportForm(tooLong)).toEqual({
      ok: false,
      errors: { date_to: ['OBD-II diagnostics reports cover at most 14 days'] },
    });

    const backwards = {
      ...initialForm('trail', 3, '2026-11-23'),
      dateFrom: '2026-11-10',
      dateTo: '2026-11-01',
    };
    expect(validateReportForm(backwards)).toEqual({
      ok: false,
      errors: { date_to: ['The end must be on or after the start'] },
    });
  });

  it('sends a group as its assets, titled with the group, and says so on the group when it cannot', () => {
    const groups: GroupLookup = {
      membersOf: (id) => ({ 7: [4, 2, 9], 8: [5], 9: [] })[id],
      nameOf: (id) => ({ 7: 'North depot', 8: 'Solo', 9: 'Empty' })[id],
    };
    const form = { ...initialForm('mileage_weekly', 3, '2026-11-23'), subject: 'group' as const };

    const north = validateReportForm({ ...form, groupId: 7 }, groups);
    expect(north.ok && north.request).toMatchObject({
      asset_ids: [4, 2, 9],
      title: 'Weekly mileage — North depot',
    });
    expect(north.ok && north.request).not.toHaveProperty('asset_id');
    // One member goes as asset_id, as spec 2.1 allows for mileage.
    const solo = validateReportForm({ ...form, groupId: 8, title: 'Mine' }, groups);
    expect(solo.ok && solo.request).toMatchObject({ asset_id: 5, title: 'Mine' });

    expect(validateReportForm({ ...form, groupId: null }, groups)).toEqual({
      ok: false,
      errors: { group: ['A group is required for this report'] },
    });
    expect(validateReportForm({ ...form, groupId: 9 }, groups)).toEqual({
      ok: false,
      errors: { group: ['The group has no assets yet: put some in it from the asset list'] },
    });
  });

  it('puts the service’s field errors on the fields the operator sees', () => {
    const group = {
      ...initialForm('mileage_daily', null, '2026-11-23'),
      subject: 'group' as const,
      groupId: 7,
    };
    expect(
      serviceFieldErrors(group, {
        'request.asset_ids': ['You do not have access to asset 9.'],
        date_to: ['must be a date in the form YYYY-MM-DD'],
        body: ['ignored'],
      }),
    ).toEqual({
      group: ['You do not have access to asset 9.'],
      date_to: ['must be a date in the form YYYY-MM-DD'],
    });
  });
});
