import { randomUUID } from 'node:crypto';
import {
  REPORT_LIMITS,
  jsonReportContentSchema,
  reportRequestSchema,
  type JsonReportContent,
  type ReportRequestInput,
} from '../../../shared/interface';
import type { LocalReport } from '../../../shared/ipc/views';
import { ApiError } from '../api/api-error';
import type { ReportsApi } from '../api/reports-api';
import { validateRequest } from '../api/request-validation';
import type { ReportStore } from '../cache/report-store';
import type { ReportEvent } from '../realtime/report-event';
import { applyEvent, applyStatus, isFinished, isInFlight } from './report-lifecycle';
import { reportTitle, subjectName } from './report-naming';
import { createReportDownloads } from './report-downloads';
import type { ReportFiles } from './report-files';
import { createReportSender } from './report-sender';

export interface ReportClientOptions {
  readonly store: ReportStore;
  readonly files: ReportFiles;
  /** The signed-in connection's reporting API; null when signed out. */
  readonly api: () => ReportsApi | null;
  readonly assetName: (id: number) => string | null;
  /** Whether the reports channel is subscribed; polling covers the gaps (spec 4.1 rule 2). */
  readonly eventsLive: () => boolean;
  onChanged(report: LocalReport): void;
  onRemoved(localId: string): void;
  readonly log?: { warn(message: string): void };
  readonly now?: () => number;
  readonly pollIntervalMs?: number;
  /** Spec 8: 3 concurrent reports per user. */
  readonly maxInFlight?: number;
}

/**
 * Issue 4 §5: the reports client. Requests are saved before they are sent;
 * at most three are with the service at once (the rest wait here, so the
 * user never meets a 429); a 503 waits for Retry-After and tries again;
 * the lifecycle comes from events, or from polling every 3 s while the
 * socket is down; unfinished reports are picked up again after a restart.
 */
export interface ReportClient {
  start(): void;
  stop(): void;
  submit(request: ReportRequestInput): Promise<LocalReport>;
  list(): LocalReport[];
  get(localId: string): LocalReport;
  retry(localId: string): Promise<LocalReport>;
  remove(localId: string): Promise<void>;
  data(localId: string): Promise<JsonReportContent>;
  /** The downloaded file, fetching it if needed (kept for offline use). */
  ensureFile(localId: string): Promise<LocalReport>;
  markSaved(localId: string, path: string): LocalReport;
  onEvent(event: ReportEvent): void;
  /** After a (re)connect: the status of every unfinished report, and anything waiting is sent. */
  reconcile(): Promise<void>;
  /** The service is reachable again, or a new sign-in: send what waits now. */
  wake(): void;
}

const EARLY_EVENTS_MAX = 200;

export function createReportClient(options: ReportClientOptions): ReportClient {
  const now = options.now ?? Date.now;
  const pollIntervalMs = options.pollIntervalMs ?? REPORT_LIMITS.pollingIntervalMs;
  const reports = new Map<string, LocalReport>();
  /** Events that overtook the 201 answer of their report, by report id. */
  const early = new Map<string, ReportEvent[]>();
  let pollTimer: NodeJS.Timeout | null = null;
  let polling = false;
  let started = false;
  let stopped = false;

  const find = (localId: string): LocalReport => {
    const r = reports.get(localId);
    if (!r)
      throw new ApiError({ kind: 'not_found', route: 'reports', message: 'There is no such report here.' });
    return r;
  };

  const put = (next: LocalReport): LocalReport => {
    const prev = reports.get(next.localId);
    // After stop the cache is closed: answers still in flight change nothing.
    if (prev === next || stopped) return next;
    reports.set(next.localId, next);
    options.store.save(next);
    options.onChanged(next);
    if (next.state === 'completed' && prev?.state !== 'completed') fetchInBackground(next.localId);
    if (isFinished(next) && prev && !isFinished(prev)) sender.pump();
    return next;
  };

  const update = (localId: string, change: (r: LocalReport) => LocalReport): LocalReport | null => {
    const r = reports.get(localId);
    return r ? put(change(r)) : null;
  };

  const byReportId = (reportId: string): LocalReport | undefined => {
    for (const r of reports.values()) if (r.reportId === reportId) return r;
    return undefined;
  };

  const sender = createReportSender({
    api: options.api,
    now,
    maxInFlight: options.maxInFlight ?? REPORT_LIMITS.concurrentPerUser,
    reports: () => [...reports.values()],
    update,
    onAccepted(localId, reportId) {
      const pending = early.get(reportId);
      early.delete(reportId);
      for (const e of pending ?? []) update(localId, (r) => applyEvent(r, e, now()));
    },
    onInlineJson(localId, data) {
      const parsed = jsonReportContentSchema.safeParse(data);
      if (!parsed.success) return;
      storeJson(localId, parsed.data).catch((err: unknown) =>
        options.log?.warn(`Report ${localId}: json content not kept (${String(err)}).`),
      );
    },
    log: options.log,
  });

  const downloads = createReportDownloads({
    store: options.store,
    files: options.files,
    api: options.api,
    assetName: options.assetName,
    now,
    find,
    put,
    stopped: () => stopped,
  });
  const { ensureFile, storeJson } = downloads;

  function fetchInBackground(localId: string): void {
    // Kept for offline use (issue 4 §5); a failure here is retried when the user saves or opens it.
    ensureFile(localId).catch((err: unknown) =>
      options.log?.warn(
        `Report ${localId}: download deferred (${err instanceof Error ? err.message : String(err)}).`,
      ),
    );
  }

  const pollOnce = async (): Promise<void> => {
    const api = options.api();
    if (!api) return;
    const open = [...reports.values()].filter(
      (r) => r.reportId !== null && (r.state === 'queued' || r.state === 'processing'),
    );
    await Promise.all(
      open.map(async (r) => {
        const reportId = r.reportId as string;
        try {
          const status = await api.status(reportId);
          update(r.localId, (cur) => applyStatus(cur, status, now()));
        } catch (err) {
          if (err instanceof ApiError && err.kind === 'not_found')
            update(r.localId, (cur) =>
              isFinished(cur)
                ? cur
                : {
                    ...cur,
                    state: 'failed',
                    errorMessage: 'The service no longer knows this report; use Retry to request it again.',
                    queuePosition: null,
                  },
            );
          // Anything else (offline, 503): the next poll or reconnect tries again.
        }
      }),
    );
  };

  const tick = (): void => {
    sender.pump();
    if (polling || options.eventsLive()) return;
    polling = true;
    pollOnce()
      .catch((err: unknown) => options.log?.warn(`Polling report status failed: ${String(err)}`))
      .finally(() => (polling = false));
  };

  return {
    start() {
      if (started) return;
      started = true;
      for (const r of options.store.list()) {
        // Sent or not? Unknown after a crash mid-request: send again (the service's cache answers a duplicate).
        const resumed: LocalReport =
          r.state === 'submitting' && r.reportId === null ? { ...r, state: 'waiting', retryAt: null } : r;
        reports.set(r.localId, resumed);
        if (resumed !== r) options.store.save(resumed);
      }
      for (const r of reports.values())
        if (r.state === 'completed' && !(r.file?.path ?? null)) fetchInBackground(r.localId);
      pollTimer = setInterval(tick, pollIntervalMs);
      pollTimer.unref();
      tick();
    },

    stop() {
      started = false;
      stopped = true;
      if (pollTimer) clearInterval(pollTimer);
      pollTimer = null;
      sender.stop();
    },

    async submit(request) {
      // The same checks as the service (spec 2.1, 2.5), offline too: a bad request is never queued.
      const checked = validateRequest(reportRequestSchema, request, 'POST /api/v1/reports/generate');
      const r: LocalReport = {
        localId: randomUUID(),
        reportId: null,
        request: checked,
        title: reportTitle(checked, subjectName(checked, options.assetName)),
        state: 'waiting',
        queuePosition: null,
        progress: 0,
        errorMessage: null,
        retryAt: null,
        createdAt: now(),
        completedAt: null,
        servedFromCache: false,
        file: null,
      };
      // Persisted before it is sent (issue 4 §5): a crash or a closed app loses nothing.
      put(r);
      sender.pump();
      return find(r.localId);
    },

    list: () => [...reports.values()].sort((a, b) => a.createdAt - b.createdAt),
    get: find,

    async retry(localId) {
      const r = find(localId);
      if (r.state === 'completed' || isInFlight(r))
        throw new ApiError({
          kind: 'conflict',
          route: 'reports',
          message: 'This report is not waiting for a retry.',
        });
      const next = put({
        ...r,
        reportId: r.state === 'failed' ? null : r.reportId,
        state: 'waiting',
        retryAt: null,
        errorMessage: null,
        progress: 0,
        completedAt: null,
      });
      sender.pump();
      return next;
    },

    async remove(localId) {
      // Spec 4.1 has no cancel: a report with the service keeps counting toward its limit of 3 until it ends.
      if (isInFlight(find(localId)))
        throw new ApiError({
          kind: 'conflict',
          route: 'reports',
          message: 'This report is being generated; it can be removed once it is finished.',
        });
      reports.delete(localId);
      options.store.remove(localId);
      await options.files.removeFolder(localId);
      options.onRemoved(localId);
      sender.pump();
    },

    async data(localId) {
      const r = find(localId);
      if (r.request.format !== 'json')
        throw new ApiError({
          kind: 'conflict',
          route: 'reports',
          message: 'Only json reports are shown in the app; save or open this one instead.',
        });
      const cached = options.store.jsonContent(localId);
      if (cached) return cached;
      await ensureFile(localId);
      const content = options.store.jsonContent(localId);
      if (!content)
        throw new ApiError({
          kind: 'bad_response',
          route: 'reports',
          message: 'The report content is unavailable.',
        });
      return content;
    },

    ensureFile,

    markSaved(localId, path) {
      const r = find(localId);
      if (!r.file) throw new ApiError({ kind: 'conflict', route: 'reports', message: 'Not downloaded yet.' });
      return put({ ...r, file: { ...r.file, savedPath: path } });
    },

    onEvent(e) {
      const r = byReportId(e.event.report_id);
      if (r) {
        update(r.localId, (cur) => applyEvent(cur, e, now()));
        return;
      }
      // The event may overtake the 201 answer it belongs to: keep it until the answer arrives.
      const list = early.get(e.event.report_id) ?? [];
      list.push(e);
      early.set(e.event.report_id, list);
      if (early.size > EARLY_EVENTS_MAX) {
        const oldest = early.keys().next().value;
        if (oldest !== undefined) early.delete(oldest);
      }
    },

    async reconcile() {
      await pollOnce();
      sender.pump();
    },

    wake() {
      sender.wake();
    },
  };
}
