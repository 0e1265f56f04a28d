import type { LocalReport } from '../../../src/shared/ipc';

export function localReport(over: Partial<LocalReport> = {}): LocalReport {
  return {
    localId: 'r-1',
    reportId: null,
    request: { type: 'trail', format: 'pdf', asset_id: 3, date_from: '2026-11-16', date_to: '2026-11-22' },
    title: 'Trail — Van 0003',
    state: 'waiting',
    queuePosition: null,
    progress: 0,
    errorMessage: null,
    retryAt: null,
    createdAt: Date.UTC(2026, 10, 23, 8),
    completedAt: null,
    servedFromCache: false,
    file: null,
    ...over,
  };
}
