import { Worker, type ResourceLimits } from 'node:worker_threads';
import { workerReplySchema, type WorkerJob, type WorkerReply } from './worker-protocol';
import type { WorkerEntry } from './worker-entry';

export interface WorkerPoolEvents {
  /** A parsed message from the worker running `job`. */
  onReply(job: WorkerJob, reply: WorkerReply): void;
  /** The worker running `job` died (uncaught error, out of memory, exit); a replacement is on its way. */
  onCrash(job: WorkerJob, error: string): void;
  /** A worker is free (after a reply that ends a job, or once a replacement is up). */
  onIdle(): void;
}

export interface WorkerPoolOptions {
  readonly entry: WorkerEntry;
  readonly size: number;
  /** Sent to every new worker before any job (e.g. to build the fleet ahead of time). */
  readonly greeting?: unknown;
  /** Caps a worker's heap so one runaway report kills its worker, not the service. */
  readonly resourceLimits?: ResourceLimits;
}

interface Slot {
  worker: Worker;
  job: WorkerJob | null;
  lastError: string | null;
}

/** Replacements of workers that keep dying back off, so a broken build cannot spin the CPU. */
const RESPAWN_BASE_MS = 100;
const RESPAWN_MAX_MS = 30_000;

/**
 * A fixed pool of worker threads, one job each at a time. A worker that
 * dies is replaced; what happens to its report is the caller's decision.
 */
export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  /** Deaths since a worker last finished a job. */
  private consecutiveDeaths = 0;

  constructor(
    private readonly opts: WorkerPoolOptions,
    private readonly events: WorkerPoolEvents,
  ) {
    for (let i = 0; i < opts.size; i++) this.spawn();
  }

  get size(): number {
    return this.opts.size;
  }

  get idleCount(): number {
    let n = 0;
    for (const s of this.slots) if (s.job === null) n++;
    return n;
  }

  /** Starts `job` on an idle worker; false when every worker is busy. */
  run(job: WorkerJob): boolean {
    if (this.stopped) return false;
    for (const slot of this.slots) {
      if (slot.job !== null) continue;
      slot.job = job;
      slot.worker.postMessage(job);
      return true;
    }
    return false;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    const workers = [...this.slots].map((s) => s.worker);
    this.slots.clear();
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private spawn(): void {
    const worker = new Worker(this.opts.entry.url, {
      execArgv: this.opts.entry.execArgv,
      ...(this.opts.resourceLimits ? { resourceLimits: this.opts.resourceLimits } : {}),
    });
    const slot: Slot = { worker, job: null, lastError: null };
    this.slots.add(slot);
    worker.on('message', (raw: unknown) => this.receive(slot, raw));
    worker.on('error', (err) => {
      slot.lastError = err instanceof Error ? err.message : String(err);
    });
    worker.on('exit', (code) => {
      if (!this.slots.delete(slot) || this.stopped) return;
      const delay = Math.min(RESPAWN_MAX_MS, RESPAWN_BASE_MS * 2 ** this.consecutiveDeaths) - RESPAWN_BASE_MS;
      this.consecutiveDeaths++;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (this.stopped) return;
        this.spawn();
        this.events.onIdle();
      }, delay);
      this.timers.add(timer);
      if (slot.job) this.events.onCrash(slot.job, slot.lastError ?? `the worker exited with code ${code}`);
    });
    if (this.opts.greeting !== undefined) worker.postMessage(this.opts.greeting);
  }

  private receive(slot: Slot, raw: unknown): void {
    const parsed = workerReplySchema.safeParse(raw);
    const job = slot.job;
    if (!parsed.success || job === null || parsed.data.reportId !== job.reportId) return;
    const reply = parsed.data;
    if (reply.kind === 'progress') {
      this.events.onReply(job, reply);
      return;
    }
    slot.job = null;
    this.consecutiveDeaths = 0;
    this.events.onReply(job, reply);
    this.events.onIdle();
  }
}
