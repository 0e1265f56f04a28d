import { REPORT_LIMITS, identicalRequestKey, type ReportRequestInput } from '../../../shared/interface';
import type { LocalReport } from '../../../shared/ipc/views';
import { CoreError } from '../core-error';

/**
 * A report the operator already has for the same request (spec 2.2's
 * identical request, identicalRequestKey): one still waiting or with the
 * service, or one completed within the service's cache time. A failed one is
 * no twin: asking again is the way to retry it.
 */
export function twinOf(
  request: ReportRequestInput,
  reports: readonly LocalReport[],
  now: number,
): LocalReport | null {
  const key = identicalRequestKey(request);
  const twins = reports.filter(
    (r) =>
      identicalRequestKey(r.request) === key &&
      (r.state === 'completed'
        ? (r.completedAt ?? r.createdAt) >= now - REPORT_LIMITS.identicalReportCacheMs
        : r.state !== 'failed'),
  );
  return twins.sort((a, b) => b.createdAt - a.createdAt)[0] ?? null;
}

const STATE_WORDS: Readonly<Record<LocalReport['state'], string>> = {
  waiting: 'is waiting to be sent',
  submitting: 'is being sent',
  retrying: 'is waiting for the service',
  queued: 'is queued',
  processing: 'is being generated',
  completed: 'was completed',
  failed: 'failed',
};

/** reports.submit's refusal: names the report to offer instead (details.localId). */
export function duplicateError(twin: LocalReport): CoreError {
  const at = new Date(twin.createdAt).toISOString().slice(11, 16);
  return new CoreError(
    'duplicate',
    `The same report (“${twin.title}”, requested at ${at} UTC) ${STATE_WORDS[twin.state]}: open that one instead of requesting it twice.`,
    { localId: [twin.localId] },
  );
}
