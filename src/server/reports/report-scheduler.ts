import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ServiceUser } from '../accounts/account';
import type { ServiceContext } from '../context';
import {
  FILE_EXTENSIONS,
  MS_PER_DAY,
  parseCalendarDate,
  queueNameFor,
  REPORT_EVENTS,
  reportsChannelName,
  type ReportRequest,
} from '../../shared/interface';
import { DegradedMode } from './degraded-mode';
import { PriorityQueue, type QueuedItem } from './priority-queue';
import { ProcessingEstimator } from './processing-estimator';
import type { EnteredRefill } from './report-document';
import type { ReportRecord, ReportSummary } from './report-record';
import type { ReportStore } from './report-store';
import { requestFingerprint, requestWorkUnits } from './request-fingerprint';
import type { RequestSubject } from './request-subject';
import { completedEvent, failedEvent, processingEvent, queuedEvent, type LiveState } from './report-views';
import { WorkerPool } from './worker-pool';
import type { WorkerEntry } from './worker-entry';
import { TEMP_SUFFIX, type WorkerJob, type WorkerReply } from './worker-protocol';

export interface SchedulerOptions {
  readonly workers: number;
  readonly overloadThreshold: number;
  readonly queueTimeoutMs: number;
  readonly cacheTtlMs: number;
  readonly concurrentPerUser: number;
  /** Accept and persist reports without generating them (maintenance, tests of the queue itself). */
  readonly paused: boolean;
  /** Where the worker code is; resolved when the first report needs a worker. */
  readonly worker: () => WorkerEntry;
  /** Heap cap per worker thread; none by default. */
  readonly workerMaxHeapMb?: number;
  /** Refills entered for an asset in [start, end) (spec 4.3 fuel-entry): the fuel report lists them. */
  readonly enteredRefills?: (assetId: number, start: number, end: number) => EnteredRefill[];
}

export type SubmitOutcome =
  | { readonly kind: 'cached'; readonly report: ReportRecord }
  | {
      readonly kind: 'queued';
      readonly report: ReportRecord;
      readonly position: number;
      readonly queueName: string;
      readonly estimatedMs: number;
    }
  | { readonly kind: 'overloaded' }
  | { readonly kind: 'too_many'; readonly active: number };

interface Running {
  readonly startedAt: number;
  readonly estimateMs: number;
  progress: number;
}

/** The retry a crashed worker's report gets (docs/architecture.md "Reports"): one, then it fails. */
const MAX_ATTEMPTS = 2;

/**
 * The report queue: admission (cache, per-user limit, degraded mode), the
 * three priority queues, dispatch to the worker pool, the queue timeout,
 * recovery after a restart, and the events of spec 6.1 in order.
 */
export class ReportScheduler {
  private readonly queue = new PriorityQueue<QueuedItem>();
  private readonly running = new Map<string, Running>();
  private readonly estimator = new ProcessingEstimator();
  private pool: WorkerPool | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private readonly degraded: DegradedMode;
  private stopped = false;
  readonly filesDir: string;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly store: ReportStore,
    private readonly opts: SchedulerOptions,
  ) {
    this.filesDir = join(ctx.dataDir, 'reports');
    this.degraded = new DegradedMode(opts.overloadThreshold, ctx.log);
  }

  start(): void {
    removePartialFiles(this.filesDir);
    this.recover();
    const every = Math.max(20, Math.min(1000, Math.floor(this.opts.queueTimeoutMs / 4)));
    this.sweepTimer = setInterval(() => this.expireQueued(), every);
    this.sweepTimer.unref();
    this.pump();
  }

  /**
   * Workers start with the first report, not with the service: each one
   * loads the renderers and rebuilds the fleet, which a service that never
   * generates a report (most tests, a quick demo) should not pay for.
   */
  private ensurePool(): WorkerPool | null {
    if (this.pool || this.opts.paused || this.stopped) return this.pool;
    let entry: WorkerEntry;
    try {
      entry = this.opts.worker();
    } catch (err) {
      // A broken build must not take the rest of the service down: its reports fail and say why.
      const reason = err instanceof Error ? err.message : String(err);
      this.ctx.log.error('reports: worker threads cannot start', { reason });
      for (let item = this.queue.shift(); item; item = this.queue.shift()) {
        const report = this.recordOf(item.id);
        if (report) this.fail(report, `Report generation is unavailable: ${reason}`);
      }
      return null;
    }
    const fleet = { seed: this.ctx.fleet.seed, size: this.ctx.fleet.assets.length };
    this.pool = new WorkerPool(
      {
        entry,
        size: this.opts.workers,
        greeting: { kind: 'warm', fleet },
        ...(this.opts.workerMaxHeapMb === undefined
          ? {}
          : { resourceLimits: { maxOldGenerationSizeMb: this.opts.workerMaxHeapMb } }),
      },
      {
        onReply: (job, reply) => this.onReply(job, reply),
        onCrash: (job, error) => this.onCrash(job, error),
        onIdle: () => this.pump(),
      },
    );
    return this.pool;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    // Reports still processing stay so in SQLite and are retried by the next start.
    await this.pool?.stop();
  }

  submit(user: ServiceUser, request: ReportRequest, subject: RequestSubject): SubmitOutcome {
    const now = this.ctx.now();
    const fingerprint = requestFingerprint(request);
    const cached = this.store.findCompleted(user.id, fingerprint, now - this.opts.cacheTtlMs);
    if (cached && cached.fileName !== null && existsSync(join(this.filesDir, cached.fileName))) {
      this.publish(
        cached.userId,
        REPORT_EVENTS.completed,
        completedEvent(cached, this.ctx.urls.base_url, true),
      );
      return { kind: 'cached', report: cached };
    }
    if (this.updateDegraded()) return { kind: 'overloaded' };
    const active = this.store.activeCountForUser(user.id);
    if (active >= this.opts.concurrentPerUser) return { kind: 'too_many', active };

    const report = this.store.insert({
      id: randomUUID(),
      userId: user.id,
      type: request.type,
      format: request.format,
      priority: request.priority,
      request,
      fingerprint,
      title: subject.title,
      assetInfo: subject.assetInfo,
      subjectName: subject.subjectName,
      createdAt: now,
      queuedAt: now,
    });
    this.queue.push(report);
    const live = this.liveState(report.id);
    const estimatedMs = this.estimateCompletionMs(report);
    const queueName = queueNameFor(report.priority);
    this.publish(
      user.id,
      REPORT_EVENTS.queued,
      queuedEvent(report, {
        position: live.queuePosition ?? 1,
        name: queueName,
        estimatedCompletion: new Date(now + estimatedMs).toISOString(),
      }),
    );
    this.updateDegraded();
    // After the response's queue data is computed: the 201 describes the queue the request joined.
    setImmediate(() => this.pump());
    return { kind: 'queued', report, position: live.queuePosition ?? 1, queueName, estimatedMs };
  }

  liveState(id: string): LiveState {
    const ahead = this.queue.ahead(id);
    return {
      progress: Math.round((this.running.get(id)?.progress ?? 0) * 100),
      queuePosition: ahead === null ? null : ahead.length + 1,
    };
  }

  private updateDegraded(): boolean {
    return this.degraded.update(this.queue.size);
  }

  private estimateCompletionMs(report: ReportRecord): number {
    const now = this.ctx.now();
    let aheadMs = 0;
    for (const r of this.running.values()) aheadMs += Math.max(0, r.estimateMs - (now - r.startedAt));
    for (const item of this.queue.ahead(report.id) ?? []) {
      const queued = this.recordOf(item.id);
      if (queued) aheadMs += this.estimateOf(queued);
    }
    const workers = this.pool?.size ?? this.opts.workers;
    return Math.max(1, Math.round(aheadMs / workers + this.estimateOf(report)));
  }

  private estimateOf(r: ReportRecord): number {
    return this.estimator.estimateMs(r.format, requestWorkUnits(r.request));
  }

  private pump(): void {
    if (this.stopped || this.queue.size === 0) return;
    const pool = this.ensurePool();
    if (!pool) return;
    while (pool.idleCount > 0 && this.queue.size > 0) {
      const item = this.queue.shift();
      if (!item) break;
      const report = this.recordOf(item.id);
      if (!report || report.status !== 'queued') continue;
      if (this.expireIfTooOld(report)) continue;
      const startedAt = this.ctx.now();
      this.store.markProcessing(report.id, startedAt);
      this.running.set(report.id, { startedAt, estimateMs: this.estimateOf(report), progress: 0 });
      this.publish(report.userId, REPORT_EVENTS.processing, processingEvent(report, startedAt));
      const job: WorkerJob = {
        kind: 'job',
        reportId: report.id,
        request: report.request,
        title: report.title,
        fleet: { seed: this.ctx.fleet.seed, size: this.ctx.fleet.assets.length },
        visibleAssetIds: this.visibleAssetIds(report.userId),
        generatedAt: startedAt,
        enteredRefills: this.enteredRefillsOf(report.request),
        dir: this.filesDir,
        fileName: reportFilenameOnDisk(report),
      };
      if (!pool.run(job)) {
        // Cannot happen with an idle worker; put it back rather than lose it.
        this.running.delete(report.id);
        this.store.requeue(report.id, report.queuedAt);
        this.queue.push(report);
        break;
      }
    }
    this.updateDegraded();
  }

  private enteredRefillsOf(request: ReportRecord['request']): EnteredRefill[] {
    if (request.type !== 'fuel' || request.asset_id === undefined || !this.opts.enteredRefills) return [];
    const start = parseCalendarDate(request.date_from);
    const to = parseCalendarDate(request.date_to);
    if (start === null || to === null) return [];
    return this.opts.enteredRefills(request.asset_id, start, to + MS_PER_DAY);
  }

  /** Access is the user's at the time the report is built; a user no longer in the account sees nothing. */
  private visibleAssetIds(userId: number): number[] | null {
    const user = this.ctx.account.users.find((u) => u.id === userId);
    if (!user) return [];
    return user.assetIds === null ? null : [...user.assetIds];
  }

  private onReply(job: WorkerJob, reply: WorkerReply): void {
    const running = this.running.get(job.reportId);
    if (reply.kind === 'progress') {
      if (running) running.progress = Math.max(running.progress, reply.fraction);
      return;
    }
    this.running.delete(job.reportId);
    const now = this.ctx.now();
    const report = this.recordOf(job.reportId);
    if (!report) return;
    if (reply.kind === 'done') {
      const processingTimeMs = Math.max(0, now - (report.startedAt ?? now));
      this.store.markCompleted(report.id, {
        completedAt: now,
        fileName: job.fileName,
        fileSize: reply.fileSize,
        processingTimeMs,
      });
      if (running)
        this.estimator.record(report.format, requestWorkUnits(report.request), now - running.startedAt);
      const done = this.store.get(report.id);
      if (done?.readable)
        this.publish(
          done.userId,
          REPORT_EVENTS.completed,
          completedEvent(done, this.ctx.urls.base_url, false),
        );
      return;
    }
    const message = reply.noData ? reply.message : `Report generation failed: ${reply.message}`;
    if (!reply.noData)
      this.ctx.log.error('reports: generation failed', { id: report.id, error: reply.message });
    this.fail(report, message);
  }

  private onCrash(job: WorkerJob, error: string): void {
    this.running.delete(job.reportId);
    const report = this.recordOf(job.reportId);
    if (!report || report.status !== 'processing') return;
    this.ctx.log.error('reports: a worker crashed', { id: report.id, attempts: report.attempts, error });
    if (report.attempts < MAX_ATTEMPTS) {
      this.store.requeue(report.id, this.ctx.now());
      this.queue.push(report);
    } else {
      this.fail(report, `Report generation failed: the report worker crashed twice (${error}).`);
    }
  }

  /** Restart: queued reports queue again; interrupted ones are retried once (docs/architecture.md "Reports"). */
  private recover(): void {
    const now = this.ctx.now();
    const interrupted = this.store.listProcessing();
    const waiting = this.store.listQueued();
    for (const report of interrupted) {
      if (!report.readable) {
        this.announceFailed(report);
      } else if (report.attempts >= MAX_ATTEMPTS) {
        this.fail(
          report,
          'Report generation failed: it was interrupted twice (a worker crash or a service restart).',
        );
      } else {
        this.store.requeue(report.id, now);
        this.queue.push(report);
      }
    }
    // The queue timeout counts time spent waiting in a running service, not downtime.
    for (const report of waiting) {
      if (!report.readable) {
        this.announceFailed(report);
        continue;
      }
      this.store.requeue(report.id, now);
      this.queue.push(report);
    }
    this.updateDegraded();
  }

  private expireQueued(): void {
    for (const item of this.queue.items()) {
      const report = this.recordOf(item.id);
      if (report && this.expireIfTooOld(report)) this.queue.remove(item.id);
    }
    this.updateDegraded();
  }

  private expireIfTooOld(report: ReportRecord): boolean {
    if (this.ctx.now() - report.queuedAt < this.opts.queueTimeoutMs) return false;
    const minutes = Math.round(this.opts.queueTimeoutMs / 60_000);
    const limit =
      minutes >= 1 ? `${minutes} minutes` : `${Math.round(this.opts.queueTimeoutMs / 1000)} seconds`;
    this.fail(
      report,
      `The report waited in the queue for more than ${limit} (queue timeout) and was not generated.`,
    );
    return true;
  }

  private fail(report: ReportRecord, message: string): void {
    this.store.markFailed(report.id, this.ctx.now(), message);
    const failed = this.store.get(report.id);
    if (failed) this.announceFailed(failed);
  }

  private announceFailed(report: ReportSummary): void {
    this.publish(report.userId, REPORT_EVENTS.failed, failedEvent(report));
  }

  /**
   * The report behind an id the scheduler holds (queued or running), or null
   * when it cannot run. A row this version cannot read was failed by the store
   * as it was read; the scheduler lets go of the id and tells the owner here,
   * and so only once.
   */
  private recordOf(id: string): ReportRecord | null {
    const report = this.store.get(id);
    if (report === null || report.readable) return report;
    this.queue.remove(id);
    this.announceFailed(report);
    return null;
  }

  private publish(userId: number, event: string, data: unknown): void {
    this.ctx.publish(reportsChannelName(this.ctx.account.key, userId), event, data);
  }
}

function removePartialFiles(dir: string): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir))
    if (name.endsWith(TEMP_SUFFIX)) rmSync(join(dir, name), { force: true });
}

/** On disk the id names the file (unique, no user text); the download carries the readable name. */
const reportFilenameOnDisk = (report: ReportRecord): string =>
  `${report.id}.${FILE_EXTENSIONS[report.format]}`;
