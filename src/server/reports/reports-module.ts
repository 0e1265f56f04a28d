import { availableParallelism } from 'node:os';
import type { ServiceContext, ServiceModule } from '../context';
import { REPORT_LIMITS } from '../../shared/interface';
import type { EnteredRefill } from './report-document';
import { registerReportRoutes } from './report-routes';
import { ReportScheduler } from './report-scheduler';
import { createReportStore } from './report-store';
import { loadSigningKey } from './signing-key';
import { workerEntry } from './worker-entry';

export interface ReportsModuleOptions {
  /** Worker threads; default one per core, at least 2. */
  readonly workers: number | undefined;
  readonly overloadThreshold: number;
  /** Spec 8: 10 minutes unless a test shortens it. */
  readonly queueTimeoutMs?: number;
  /** How long a completed report answers identical requests (spec 1 "recently"): 10 minutes. */
  readonly cacheTtlMs?: number;
  /** Accept and persist reports but generate none (the queue's own tests, maintenance). */
  readonly paused?: boolean;
  /** Heap cap per worker thread (MB); none by default. */
  readonly workerMaxHeapMb?: number;
  /** The fuel-entry records of an asset in [start, end): the fuel report lists them (fleet module). */
  readonly enteredRefills?: (assetId: number, start: number, end: number) => EnteredRefill[];
}

export const DEFAULT_CACHE_TTL_MS = REPORT_LIMITS.identicalReportCacheMs;

/** docs/architecture.md "Reports": the asynchronous reporting service. */
export function createReportsModule(ctx: ServiceContext, opts: ReportsModuleOptions): ServiceModule {
  const store = createReportStore(ctx.db, ctx);
  const signingKey = loadSigningKey(ctx.dataDir, ctx.log);
  const scheduler = new ReportScheduler(ctx, store, {
    workers: opts.workers ?? Math.max(2, availableParallelism()),
    overloadThreshold: opts.overloadThreshold,
    queueTimeoutMs: opts.queueTimeoutMs ?? REPORT_LIMITS.queueTimeoutMs,
    cacheTtlMs: opts.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS,
    concurrentPerUser: REPORT_LIMITS.concurrentPerUser,
    paused: opts.paused ?? false,
    worker: () => workerEntry(import.meta.url, 'report-worker'),
    workerMaxHeapMb: opts.workerMaxHeapMb,
    enteredRefills: opts.enteredRefills,
  });
  return {
    name: 'reports',
    register: (app) => registerReportRoutes(app, ctx, store, scheduler, signingKey),
    start: () => scheduler.start(),
    stop: () => scheduler.stop(),
  };
}
