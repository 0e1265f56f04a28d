import { describe, expect, it } from 'vitest';
import { reportSubject } from '../../../src/renderer/src/features/reports/report-subject';
import { localReport } from './report-fixture';

const nameOf = (id: number): string => `Van ${id}`;

describe('report row wording', () => {
  it('says what a report is about in one line', () => {
    expect(reportSubject(localReport(), nameOf)).toBe('Trail · Van 3 · 2026-11-16 → 2026-11-22');
    const many = localReport({
      request: {
        type: 'mileage_daily',
        format: 'excel',
        asset_ids: [1, 2, 3],
        date_from: '2026-11-01',
        date_to: '2026-11-01',
      },
    });
    expect(reportSubject(many, nameOf)).toBe('Daily mileage · 3 assets · 2026-11-01');
    const driver = localReport({
      request: {
        type: 'driver_score',
        format: 'pdf',
        driver_id: 12,
        date_from: '2026-11-01',
        date_to: '2026-11-07',
      },
    });
    expect(reportSubject(driver, nameOf)).toBe('Driver score · Driver 12 · 2026-11-01 → 2026-11-07');
    expect(
      reportSubject(driver, nameOf, { driver: (id) => (id === 12 ? 'Andrea Ferrari' : undefined) }),
    ).toBe('Driver score · Andrea Ferrari · 2026-11-01 → 2026-11-07');
  });
});
