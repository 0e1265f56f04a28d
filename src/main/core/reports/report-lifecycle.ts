import type { ReportStatus } from '../../../shared/interface';
import type { LocalReport, LocalReportState } from '../../../shared/ipc/views';
import type { ReportEvent } from '../realtime/report-event';

/** Later stages never go back: a slow poll answer must not undo a completed event. */
const RANK: Readonly<Record<LocalReportState, number>> = {
  waiting: 0,
  retrying: 0,
  submitting: 1,
  queued: 2,
  processing: 3,
  completed: 4,
  failed: 4,
};

export const isFinished = (r: LocalReport): boolean => r.state === 'completed' || r.state === 'failed';
export const isInFlight = (r: LocalReport): boolean =>
  r.state === 'submitting' || r.state === 'queued' || r.state === 'processing';

/** The report as it goes on; the same object when nothing changes (a poll that learnt nothing is no news). */
function advance(r: LocalReport, next: Partial<LocalReport> & { state: LocalReportState }): LocalReport {
  if (isFinished(r)) return r;
  if (RANK[next.state] < RANK[r.state]) return r;
  const changed = (Object.keys(next) as (keyof LocalReport)[]).some((k) => next[k] !== r[k]);
  return changed ? { ...r, ...next } : r;
}

const timeOf = (iso: string | null | undefined, fallback: number): number => {
  const t = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(t) ? fallback : t;
};

/** Spec 2.3; generation_status values other than the four known ones count as still in progress. */
export function applyStatus(r: LocalReport, s: ReportStatus, now: number): LocalReport {
  switch (s.generation_status) {
    case 'completed':
      return advance(r, {
        state: 'completed',
        progress: 100,
        queuePosition: null,
        retryAt: null,
        errorMessage: null,
        completedAt: timeOf(s.completed_at, now),
      });
    case 'failed':
      return advance(r, {
        state: 'failed',
        queuePosition: null,
        retryAt: null,
        errorMessage: s.error_message ?? 'The service could not generate this report.',
        completedAt: timeOf(s.completed_at, now),
      });
    case 'queued':
      return advance(r, { state: 'queued', queuePosition: s.queue_position ?? r.queuePosition });
    default:
      return advance(r, {
        state: 'processing',
        queuePosition: null,
        progress: Math.max(r.progress, s.progress),
      });
  }
}

/** Spec 6.1 events. */
export function applyEvent(r: LocalReport, e: ReportEvent, now: number): LocalReport {
  switch (e.kind) {
    case 'queued':
      return advance(r, { state: 'queued', queuePosition: e.event.queue_position ?? r.queuePosition });
    case 'processing':
      return advance(r, {
        state: 'processing',
        queuePosition: null,
        progress: Math.max(r.progress, e.event.progress ?? 0),
      });
    case 'completed':
      return advance(r, {
        state: 'completed',
        progress: 100,
        queuePosition: null,
        retryAt: null,
        errorMessage: null,
        completedAt: timeOf(e.event.completed_at, now),
        servedFromCache: e.event.served_from_cache,
      });
    case 'failed':
      return advance(r, {
        state: 'failed',
        queuePosition: null,
        retryAt: null,
        errorMessage: e.event.error_message,
        completedAt: now,
      });
  }
}
