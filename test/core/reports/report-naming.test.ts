import { describe, expect, it } from 'vitest';
import { reportTitle, subjectName } from '../../../src/main/core/reports/report-naming';
import { specReportFilename } from '../../../src/shared/interface';

describe('report names', () => {
  const request = {
    type: 'trip',
    format: 'json',
    asset_id: 7,
    date_from: '2026-11-01',
    date_to: '2026-11-03',
  } as const;

  it('names a json file in the spec’s form <type>_<asset-name>_<YYYYMMDD>_<YYYYMMDD>.<ext>', () => {
    const subject = subjectName(request, () => 'Iveco Daily — Müller #2');
    expect(
      specReportFilename(request.type, subject, request.date_from, request.date_to, request.format),
    ).toBe('trip_iveco-daily-muller-2_20261101_20261103.json');
  });

  it('titles a report by type, subject and period unless the user gave a title', () => {
    expect(reportTitle(request, 'Van 7')).toBe('Trips · Van 7 · 2026-11-01 – 2026-11-03');
    expect(reportTitle({ ...request, title: 'Monthly check' }, 'Van 7')).toBe('Monthly check');
  });
});
