import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import type { ReceiverConfig, ReceiverResult } from './receiver-worker';
import { LatencyStats } from './latency-stats';

export interface ReceiverFigures {
  readonly positionsPerSec: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  /** Mean share of the window the receiving threads were busy (0..1); near 1 means they are the bottleneck. */
  readonly receiverBusy: number;
}

export interface Receivers {
  /** Counts from now on. */
  start(): void;
  /** Stops counting, closes the clients, ends the thread. */
  stop(): Promise<ReceiverFigures>;
}

const replySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('failed'), message: z.string() }),
  z.object({
    type: z.literal('result'),
    positions: z.number(),
    latencies: z.array(z.number()),
    busy: z.number(),
  }),
]);

/**
 * Starts the receiving clients spread over `threads` worker threads (see
 * receiver-worker.ts); resolves once every one is subscribed.
 */
export async function startReceivers(config: ReceiverConfig, threads: number): Promise<Receivers> {
  const count = Math.max(1, Math.min(threads, config.clients));
  const parts: Array<Promise<ReceiverThread>> = [];
  for (let i = 0; i < count; i++) {
    const clients = Math.floor(config.clients / count) + (i < config.clients % count ? 1 : 0);
    parts.push(startThread({ ...config, clients }));
  }
  const started = await Promise.all(parts);
  let startedAt = 0;
  return {
    start() {
      startedAt = Date.now();
      for (const t of started) t.start();
    },
    async stop() {
      const elapsedSec = (Date.now() - startedAt) / 1000;
      const results = await Promise.all(started.map((t) => t.stop()));
      const stats = new LatencyStats();
      let positions = 0;
      for (const result of results) {
        positions += result.positions;
        for (let i = 0; i + 1 < result.latencies.length; i += 2) {
          stats.add(result.latencies[i] ?? NaN, result.latencies[i + 1] ?? 0);
        }
      }
      return {
        positionsPerSec: positions / elapsedSec,
        p50Ms: stats.percentile(50),
        p95Ms: stats.percentile(95),
        receiverBusy: results.reduce((n, r) => n + r.busy, 0) / Math.max(1, results.length),
      };
    },
  };
}

interface ReceiverThread {
  start(): void;
  stop(): Promise<ReceiverResult>;
}

async function startThread(config: ReceiverConfig): Promise<ReceiverThread> {
  const worker = new Worker(new URL('./receiver-worker.ts', import.meta.url), { workerData: config });
  let resultWaiter: ((r: ReceiverResult) => void) | null = null;
  await new Promise<void>((resolve, reject) => {
    worker.on('error', reject);
    worker.on('message', (msg: unknown) => {
      const reply = replySchema.parse(msg);
      if (reply.type === 'ready') resolve();
      else if (reply.type === 'failed') reject(new Error(`receivers failed: ${reply.message}`));
      else resultWaiter?.(reply);
    });
  });
  return {
    start: () => worker.postMessage({ type: 'start' }),
    async stop() {
      const result = await new Promise<ReceiverResult>((resolve) => {
        resultWaiter = resolve;
        worker.postMessage({ type: 'stop' });
      });
      await worker.terminate();
      return result;
    },
  };
}
