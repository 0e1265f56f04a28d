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
import { LocalReportError } from './local-report-error';
import { createReportBook } from './report-book';
import { createReportDownloads } from './report-downloads';
import type { ReportFiles } from './report-files';
import { applyEvent, applyStatus, isFinished, isInFlight } from './report-lifecycle';
import { reportTitle, subjectName } from './report-naming';
import { duplicateError, twinOf } from './report-twins';
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
  /**
   * How often a report being generated is asked for its progress, events or
   * not: spec 6.1 sends `report.processing` once (progress 0), and only the
   * status answer (spec 2.3) says how far it is.
   */
  readonly progressPollMs?: number;
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
  /** Refused (CoreError `duplicate`) when a twin exists (report-twins.ts), unless `allowDuplicate`. */
  submit(request: ReportRequestInput, options?: { readonly allowDuplicate?: boolean }): Promise<LocalReport>;
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
const PROGRESS_POLL_MS = 1_000;

export function createReportClient(options: ReportClientOptions): ReportClient {
  const now = options.now ?? Date.now;
  const pollIntervalMs = options.pollIntervalMs ?? REPORT_LIMITS.pollingIntervalMs;
  const progressPollMs = options.progressPollMs ?? PROGRESS_POLL_MS;
  const book = createReportBook({
    store: options.store,
    onChanged: options.onChanged,
    onRemoved: options.onRemoved,
  });
  const { find } = book;
  /** Events that overtook the 201 answer of their report, by report id. */
  const early = new Map<string, ReportEvent[]>();
  let pollTimer: NodeJS.Timeout | null = null;
  let polling = false;
  let lastFullPoll = Number.NEGATIVE_INFINITY;
  let started = false;

  // Downloads hear of a completed report before the sender frees its place (report-book listeners).
  const downloads = createReportDownloads({
    book,
    files: options.files,
    api: options.api,
    assetName: options.assetName,
    now,
    log: options.log,
  });
  const { ensureFile, storeJson } = downloads;

  const sender = createReportSender({
    api: options.api,
    now,
    maxInFlight: options.maxInFlight ?? REPORT_LIMITS.concurrentPerUser,
    book,
    onAccepted(localId, reportId) {
      const pending = early.get(reportId);
      early.delete(reportId);
      for (const e of pending ?? []) book.update(localId, (r) => applyEvent(r, e, now()));
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

  /** `processing`: only the reports being generated (their progress); else every one with the service. */
  const pollOnce = async (which: 'open' | 'processing' = 'open'): Promise<void> => {
    const api = options.api();
    if (!api) return;
    const open = book
      .list()
      .filter(
        (r) =>
          r.reportId !== null && (r.state === 'processing' || (which === 'open' && r.state === 'queued')),
      );
    await Promise.all(
      open.map(async (r) => {
        const reportId = r.reportId as string;
        try {
          const status = await api.status(reportId);
          book.update(r.localId, (cur) => applyStatus(cur, status, now()));
        } catch (err) {
          if (err instanceof ApiError && err.kind === 'not_found')
            book.update(r.localId, (cur) =>
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
    if (polling) return;
    // Spec 4.1: every 3 s while the report channel is down; progress of what is generating, always.
    const full = !options.eventsLive() && now() - lastFullPoll >= pollIntervalMs;
    if (!full && !book.list().some((r) => r.state === 'processing' && r.reportId !== null)) return;
    if (full) lastFullPoll = now();
    polling = true;
    pollOnce(full ? 'open' : 'processing')
      .catch((err: unknown) => options.log?.warn(`Polling report status failed: ${String(err)}`))
      .finally(() => (polling = false));
  };

  return {
    start() {
      if (started) return;
      started = true;
      // Sent or not? Unknown after a crash mid-request: send again (the service's cache answers a duplicate).
      book.load((r) =>
        r.state === 'submitting' && r.reportId === null ? { ...r, state: 'waiting', retryAt: null } : r,
      );
      for (const r of book.list())
        if (r.state === 'completed' && !(r.file?.path ?? null)) downloads.fetchInBackground(r.localId);
      pollTimer = setInterval(tick, Math.min(pollIntervalMs, progressPollMs));
      pollTimer.unref();
      tick();
    },

    stop() {
      started = false;
      book.close();
      if (pollTimer) clearInterval(pollTimer);
      pollTimer = null;
      sender.stop();
    },

    async submit(request, submitOptions = {}) {
      // The same checks as the service (spec 2.1, 2.5), offline too: a bad request is never queued.
      const checked = validateRequest(reportRequestSchema, request, 'POST /api/v1/reports/generate');
      const twin = twinOf(checked, book.list(), now());
      // A completed twin is what the service's cache would answer again (spec 2.2): it is the answer.
      if (twin && (!submitOptions.allowDuplicate || twin.state === 'completed')) {
        if (submitOptions.allowDuplicate) return twin;
        throw duplicateError(twin);
      }
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
      book.put(r);
      sender.pump();
      return find(r.localId);
    },

    list: () => book.list(),
    get: find,

    async retry(localId) {
      const r = find(localId);
      if (r.state === 'completed' || isInFlight(r))
        throw new LocalReportError('conflict', 'This report is not waiting for a retry.');
      const next = book.put({
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
        throw new LocalReportError(
          'conflict',
          'This report is being generated; it can be removed once it is finished.',
        );
      book.remove(localId);
      await options.files.removeFolder(localId);
      sender.pump();
    },

    async data(localId) {
      const r = find(localId);
      if (r.request.format !== 'json')
        throw new LocalReportError(
          'conflict',
          'Only json reports are shown in the app; save or open this one instead.',
        );
      const cached = book.jsonContent(localId);
      if (cached) return cached;
      await ensureFile(localId);
      const content = book.jsonContent(localId);
      if (!content) throw new LocalReportError('content_unavailable', 'The report content is unavailable.');
      return content;
    },

    ensureFile,

    markSaved(localId, path) {
      const r = find(localId);
      if (!r.file) throw new LocalReportError('conflict', 'Not downloaded yet.');
      return book.put({ ...r, file: { ...r.file, savedPath: path } });
    },

    onEvent(e) {
      const r = book.byReportId(e.event.report_id);
      if (r) {
        book.update(r.localId, (cur) => applyEvent(cur, e, now()));
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
