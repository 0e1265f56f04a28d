import { Worker } from 'node:worker_threads';

/**
 * The process's peak resident memory over a stretch of work, sampled from a
 * worker thread every few milliseconds: our excel writer is synchronous, so
 * a timer on the main thread would never fire while it runs, and
 * process.resourceUsage().maxRSS never goes down, so it would report
 * building the document rather than writing it.
 */
export class PeakRss {
  private readonly peak = new BigInt64Array(new SharedArrayBuffer(8));
  private readonly worker: Worker;

  constructor(intervalMs = 5) {
    const code = `
      const { workerData } = require('node:worker_threads');
      const peak = new BigInt64Array(workerData.buffer);
      setInterval(() => {
        const rss = BigInt(process.memoryUsage.rss());
        if (rss > Atomics.load(peak, 0)) Atomics.store(peak, 0, rss);
      }, workerData.intervalMs);`;
    this.worker = new Worker(code, { eval: true, workerData: { buffer: this.peak.buffer, intervalMs } });
    this.worker.unref();
  }

  /** Runs `work` and returns its result with the peak RSS above the RSS it started at, in bytes. */
  async measure<T>(work: () => Promise<T> | T): Promise<{ result: T; peakAboveStart: number }> {
    const start = process.memoryUsage.rss();
    Atomics.store(this.peak, 0, BigInt(start));
    const result = await work();
    const end = BigInt(process.memoryUsage.rss());
    if (end > Atomics.load(this.peak, 0)) Atomics.store(this.peak, 0, end);
    return { result, peakAboveStart: Number(Atomics.load(this.peak, 0)) - start };
  }

  stop(): Promise<number> {
    return this.worker.terminate();
  }
}
