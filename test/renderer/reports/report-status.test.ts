import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  reportActions,
  reportStatus,
} from '../../../src/renderer/src/features/reports/report-status';
import { localReport } from './report-fixture';

const now = Date.UTC(2026, 10, 23, 9);

describe('report status', () => {
  it('names every local state the way the list shows it', () => {
    expect(reportStatus(localReport({ state: 'waiting' }), now).label).toBe('Waiting locally');
    expect(reportStatus(localReport({ state: 'submitting' }), now).label).toBe('Submitting…');
    expect(reportStatus(localReport({ state: 'queued', queuePosition: 4 }), now).label).toBe(
      'Queued — position 4',
    );
    const processing = reportStatus(localReport({ state: 'processing', progress: 42.4 }), now);
    expect([processing.label, processing.progress]).toEqual(['Processing 42%', 42]);
    expect(reportStatus(localReport({ state: 'completed', servedFromCache: true }), now).label).toBe(
      'Completed — served from cache',
    );
    const failed = reportStatus(
      localReport({ state: 'failed', errorMessage: 'No data for the period' }),
      now,
    );
    expect([failed.label, failed.detail, failed.tone]).toEqual([
      'Failed',
      'No data for the period',
      'danger',
    ]);
  });

  it('counts down to the retry after a 503 and never below zero', () => {
    const r = localReport({ state: 'retrying', retryAt: now + 27_400 });
    expect(reportStatus(r, now).detail).toBe('Retrying in 0:28');
    expect(reportStatus(r, now + 26_000).detail).toBe('Retrying in 0:02');
    expect(reportStatus(r, now + 90_000).detail).toBe('Retrying in 0:00');
    expect(formatCountdown(3_725_000)).toBe('1:02:05');
  });

  it('offers only the actions that make sense', () => {
    expect(reportActions(localReport({ state: 'processing' }))).toMatchObject({
      remove: false,
      save: false,
      retry: false,
    });
    expect(reportActions(localReport({ state: 'failed' }))).toMatchObject({ retry: true, remove: true });
    const json = localReport({
      state: 'completed',
      request: { type: 'trip', format: 'json', asset_id: 3, date_from: '2026-11-01', date_to: '2026-11-02' },
      file: {
        filename: 'trip.json',
        contentType: 'application/json',
        size: 10,
        path: '/cache/trip.json',
        savedPath: null,
      },
    });
    expect(reportActions(json)).toMatchObject({ save: true, open: true, view: true, showInFolder: true });
    // A browser tab has no folder to show the file in.
    expect(reportActions(json, false)).toMatchObject({ save: true, open: true, showInFolder: false });
  });
});
