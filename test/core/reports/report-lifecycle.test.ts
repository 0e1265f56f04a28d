import { describe, expect, it } from 'vitest';
import { applyEvent, applyStatus } from '../../../src/main/core/reports/report-lifecycle';
import type { ReportStatus } from '../../../src/shared/interface';
import type { LocalReport } from '../../../src/shared/ipc/views';

const base: LocalReport = {
  localId: 'l1',
  reportId: '6f1c1a52-8d4b-4a53-9a3c-0d1e2f3a4b5c',
  request: {
    type: 'trip',
    format: 'pdf',
    asset_id: 1,
    date_from: '2026-11-01',
    date_to: '2026-11-01',
    priority: 'standard',
  },
  title: 'Trips',
  state: 'queued',
  queuePosition: 2,
  progress: 0,
  errorMessage: null,
  retryAt: null,
  createdAt: 1,
  completedAt: null,
  servedFromCache: false,
  file: null,
};
const status = (generation_status: string, extra: Partial<ReportStatus> = {}): ReportStatus => ({
  status: 'success',
  report_id: base.reportId!,
  generation_status,
  progress: 40,
  type: 'trip',
  format: 'pdf',
  created_at: '2026-11-02T10:00:00Z',
  ...extra,
});

describe('report lifecycle', () => {
  it('never goes back: a slow poll answer does not undo a completed event', () => {
    const done = applyEvent(
      base,
      {
        kind: 'completed',
        event: {
          report_id: base.reportId!,
          status: 'completed',
          type: 'trip',
          format: 'pdf',
          title: 'Trips',
          completed_at: '2026-11-02T10:00:05Z',
          served_from_cache: false,
        },
      },
      99,
    );
    expect(done).toMatchObject({
      state: 'completed',
      progress: 100,
      completedAt: Date.parse('2026-11-02T10:00:05Z'),
    });
    expect(applyStatus(done, status('processing'), 100)).toBe(done);
  });

  it('shows the service’s reason when generation fails', () => {
    const failed = applyStatus(base, status('failed', { error_message: 'No data in the date range' }), 5);
    expect(failed).toMatchObject({ state: 'failed', errorMessage: 'No data in the date range' });
  });

  it('shows an event’s fractional progress as a whole percentage, as it reads the status', () => {
    const processing = applyEvent(
      base,
      {
        kind: 'processing',
        event: {
          report_id: base.reportId!,
          status: 'processing',
          type: 'trip',
          format: 'pdf',
          progress: 45.5,
        },
      },
      5,
    );
    expect(processing).toMatchObject({ state: 'processing', progress: 46 });
  });

  it('treats an unknown generation_status as still in progress', () => {
    expect(applyStatus(base, status('rendering'), 5)).toMatchObject({ state: 'processing', progress: 40 });
  });
});
