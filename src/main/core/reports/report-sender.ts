import { REPORT_LIMITS } from '../../../shared/interface';
import type { LocalReport } from '../../../shared/ipc/views';
import { ApiError } from '../api/api-error';
import type { ReportsApi } from '../api/reports-api';
import type { ReportBook } from './report-book';
import { isFinished, isInFlight } from './report-lifecycle';
import { timerDelay } from '../../../shared/time/timer-delay';

export interface ReportSenderOptions {
  readonly api: () => ReportsApi | null;
  readonly now: () => number;
  readonly maxInFlight: number;
  readonly book: Pick<ReportBook, 'list' | 'update' | 'subscribe' | 'byReportId' | 'remove'>;
  onAccepted(localId: string, reportId: string): void;
  /** Spec 2.3: a cache hit may carry json content inline. */
  onInlineJson(localId: string, data: unknown): void;
  readonly log?: { warn(message: string): void };
}

export interface ReportSender {
  /** Sends waiting reports while fewer than maxInFlight are with the service. */
  pump(): void;
  /** Offline waits end now (not a 503's Retry-After, which the service asked for). */
  wake(): void;
  stop(): void;
}

/** While the service is unreachable, a waiting request is tried again this often. */
const OFFLINE_RETRY_MS = REPORT_LIMITS.pollingIntervalMs;

const isDue = (r: LocalReport, at: number): boolean =>
  (r.state === 'waiting' || r.state === 'retrying') && (r.retryAt === null || r.retryAt <= at);

export function createReportSender(o: ReportSenderOptions): ReportSender {
  const { book } = o;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const schedule = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (stopped) return;
    const next = book
      .list()
      .filter((r) => (r.state === 'waiting' || r.state === 'retrying') && r.retryAt !== null)
      .reduce((min, r) => Math.min(min, r.retryAt ?? Infinity), Infinity);
    if (next === Infinity) return;
    timer = setTimeout(pump, timerDelay(next - o.now()));
    timer.unref();
  };

  const failure = (r: LocalReport, err: unknown): LocalReport => {
    const at = o.now();
    if (!(err instanceof ApiError))
      return { ...r, state: 'failed', errorMessage: err instanceof Error ? err.message : String(err) };
    switch (err.kind) {
      case 'unavailable': {
        // Spec 7/8: degraded mode, "retry in 30 seconds" (Retry-After when the service sends one).
        const retryAt = at + (err.retryAfterMs ?? REPORT_LIMITS.overloadRetryAfterSeconds * 1000);
        return {
          ...r,
          state: 'retrying',
          retryAt,
          errorMessage: `The report service is overloaded; Fleetdesk sends the request again at ${clock(retryAt)}.`,
        };
      }
      case 'rate_limited':
        // Only when another client of this user also sends reports: wait like a full local queue.
        return {
          ...r,
          state: 'waiting',
          retryAt: at + (err.retryAfterMs ?? OFFLINE_RETRY_MS),
          errorMessage: 'Three of your reports are already being generated; this one waits its turn.',
        };
      case 'offline':
      case 'timeout':
        return {
          ...r,
          state: 'waiting',
          retryAt: at + OFFLINE_RETRY_MS,
          errorMessage: 'The service cannot be reached; the request is sent as soon as it can be.',
        };
      case 'unauthorized':
        return {
          ...r,
          state: 'waiting',
          retryAt: at + OFFLINE_RETRY_MS,
          errorMessage: 'Sign in again to send this request.',
        };
      default:
        return { ...r, state: 'failed', errorMessage: err.message, retryAt: null, completedAt: at };
    }
  };

  const send = async (api: ReportsApi, localId: string): Promise<void> => {
    const r = book.update(localId, (cur) => ({
      ...cur,
      state: 'submitting',
      retryAt: null,
      errorMessage: null,
    }));
    if (!r) return;
    try {
      const result = await api.generate(r.request);
      if (result.kind === 'accepted') {
        const s = result.submission;
        book.update(localId, (cur) =>
          cur.state === 'submitting'
            ? { ...cur, state: 'queued', reportId: s.report_id, queuePosition: s.queue_position }
            : cur,
        );
        o.onAccepted(localId, s.report_id);
      } else {
        const s = result.status;
        // The service's cache answered with a report the app already holds (a twin sent on
        // purpose, report-twins.ts): that one stands for both; a second copy would be the same file.
        const holder = book.byReportId(s.report_id);
        if (holder && holder.localId !== localId) {
          book.remove(localId);
          return;
        }
        book.update(localId, (cur) => ({
          ...cur,
          reportId: s.report_id,
          state: 'completed',
          progress: 100,
          queuePosition: null,
          servedFromCache: true,
          completedAt: s.completed_at ? Date.parse(s.completed_at) : o.now(),
        }));
        if (s.data !== undefined) o.onInlineJson(localId, s.data);
      }
    } catch (err) {
      book.update(localId, (cur) => (cur.state === 'submitting' ? failure(cur, err) : cur));
      if (!(err instanceof ApiError && err.transient))
        o.log?.warn(`Report ${localId} not accepted: ${err instanceof Error ? err.message : String(err)}`);
    }
    pump();
  };

  function pump(): void {
    if (stopped) return;
    const api = o.api();
    if (api) {
      const all = book.list();
      let inFlight = all.filter(isInFlight).length;
      const at = o.now();
      const due = all.filter((r) => isDue(r, at));
      for (const r of due) {
        if (inFlight >= o.maxInFlight) break;
        inFlight++;
        void send(api, r.localId);
      }
    }
    schedule();
  }

  // A report that ends frees its place with the service (spec 8's three): the next one may go.
  book.subscribe((next, prev) => {
    if (prev && !isFinished(prev) && isFinished(next)) pump();
  });

  return {
    pump,
    wake() {
      for (const r of book.list())
        if (r.state === 'waiting' && r.retryAt !== null)
          book.update(r.localId, (cur) => ({ ...cur, retryAt: null }));
      pump();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

const clock = (t: number): string => new Date(t).toISOString().slice(11, 19) + ' UTC';
