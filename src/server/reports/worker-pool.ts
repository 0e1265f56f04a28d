import { Worker } from 'node:worker_threads';
import { workerReplySchema, type WorkerJob, type WorkerReply } from './worker-protocol';
import type { WorkerEntry } from './worker-entry';

export interface WorkerPoolEvents {
  /** A parsed message from the worker running `job`. */
  onReply(job: WorkerJob, reply: WorkerReply): void;
  /** The worker running `job` died (uncaught error, out of memory, exit); it has been replaced. */
  onCrash(job: WorkerJob, error: string): void;
  /** A worker is free again (after a reply that ends a job, or after a replacement). */
  onIdle(): void;
}

interface Slot {
  worker: Worker;
  job: WorkerJob | null;
  lastError: string | null;
}

/**
 * A fixed pool of worker threads, one job each at a time. A worker that
 * dies is replaced; what happens to its report is the caller's decision.
 */
export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private stopped = false;

  constructor(
    private readonly entry: WorkerEntry,
    readonly size: number,
    private readonly events: WorkerPoolEvents,
    /** Sent to every new worker before any job (e.g. to build the fleet ahead of time). */
    private readonly greeting?: unknown,
  ) {
    for (let i = 0; i < size; i++) this.spawn();
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
    const workers = [...this.slots].map((s) => s.worker);
    this.slots.clear();
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private spawn(): void {
    const worker = new Worker(this.entry.url, { execArgv: this.entry.execArgv });
    const slot: Slot = { worker, job: null, lastError: null };
    this.slots.add(slot);
    worker.on('message', (raw: unknown) => this.receive(slot, raw));
    worker.on('error', (err) => {
      slot.lastError = err instanceof Error ? err.message : String(err);
    });
    worker.on('exit', (code) => {
      if (!this.slots.delete(slot) || this.stopped) return;
      const job = slot.job;
      this.spawn();
      if (job) this.events.onCrash(job, slot.lastError ?? `the worker exited with code ${code}`);
      this.events.onIdle();
    });
    if (this.greeting !== undefined) worker.postMessage(this.greeting);
  }

  private receive(slot: Slot, raw: unknown): void {
    const parsed = workerReplySchema.safeParse(raw);
    const job = slot.job;
    if (!parsed.success || job === null || parsed.data.reportId !== job.reportId) return;
    const reply = parsed.data;
    if (reply.kind !== 'progress') slot.job = null;
    this.events.onReply(job, reply);
    if (reply.kind !== 'progress') this.events.onIdle();
  }
}
