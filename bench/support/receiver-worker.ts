import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { z } from 'zod';
import { LOCATION_UPDATED_EVENT, liveUpdatePayloadSchema } from '../../src/shared/interface';
import { closePusher, subscribedClient } from '../../test/support/pusher';

/**
 * Hosts the bench's receiving clients in their own thread, as they would
 * be in their own processes in real use: their decoding must not stall the
 * service's event loop, nor the service theirs. Latency of a message is
 * its receipt time minus its first position's timestamp (the instant it
 * was sampled and published), or, for the bare baseline, minus the send
 * time the baseline server stamps into `sentAt` of the outer frame.
 */
export const receiverConfigSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('pusher'),
    clients: z.int().positive(),
    service: z.object({
      api_url: z.string(),
      base_url: z.string(),
      ws_url: z.string(),
      api_ws_url: z.string(),
      app_key: z.string(),
      account_key: z.string(),
    }),
    user: z.object({ id: z.int(), token: z.string() }),
  }),
  z.object({ kind: z.literal('raw'), clients: z.int().positive(), url: z.string() }),
]);
export type ReceiverConfig = z.infer<typeof receiverConfigSchema>;

export const receiverCommandSchema = z.object({ type: z.enum(['start', 'stop']) });
export interface ReceiverResult {
  readonly type: 'result';
  readonly positions: number;
  /** [latency ms, positions] pairs. */
  readonly latencies: number[];
  /** Share of the window this thread's event loop was busy (0..1). */
  readonly busy: number;
}

const port = parentPort;
if (port) {
  const config = receiverConfigSchema.parse(workerData);
  let measuring = false;
  let elu = performance.eventLoopUtilization();
  let positions = 0;
  const latencies: number[] = [];
  const record = (count: number, sentAt: number): void => {
    if (!measuring) return;
    positions += count;
    latencies.push(Date.now() - sentAt, count);
  };
  const firstTimestamp = (payload: unknown): number => {
    const first: unknown = Array.isArray(payload) ? payload[0] : payload;
    return typeof first === 'object' && first !== null && 'timestamp' in first
      ? Number(first.timestamp)
      : NaN;
  };

  const closers: Array<() => Promise<void>> = [];
  const connect = async (): Promise<void> => {
    if (config.kind === 'pusher') {
      let checked = false;
      const clients = await Promise.all(
        Array.from({ length: config.clients }, () => subscribedClient(config.service, config.user, 'live')),
      );
      for (const { pusher, channel } of clients) {
        channel.bind(LOCATION_UPDATED_EVENT, (payload: unknown) => {
          if (!checked) checked = liveUpdatePayloadSchema.safeParse(payload).success || checked;
          record(Array.isArray(payload) ? payload.length : 1, firstTimestamp(payload));
        });
        closers.push(() => closePusher(pusher));
      }
    } else {
      const sockets = await Promise.all(
        Array.from({ length: config.clients }, () => {
          const ws = new WebSocket(config.url, { perMessageDeflate: false });
          // Decoded as pusher-js decodes: the outer frame, then its data string.
          ws.on('message', (raw) => {
            const outer: unknown = JSON.parse(String(raw));
            if (typeof outer !== 'object' || outer === null || !('data' in outer)) return;
            const payload: unknown = JSON.parse(String(outer.data));
            const sentAt = 'sentAt' in outer ? Number(outer.sentAt) : NaN;
            record(Array.isArray(payload) ? payload.length : 1, sentAt);
          });
          return new Promise<WebSocket>((resolve, reject) => {
            ws.once('open', () => resolve(ws));
            ws.once('error', reject);
          });
        }),
      );
      for (const ws of sockets) closers.push(() => Promise.resolve(ws.close()));
    }
  };

  port.on('message', (msg: unknown) => {
    const cmd = receiverCommandSchema.parse(msg);
    if (cmd.type === 'start') {
      measuring = true;
      elu = performance.eventLoopUtilization();
      return;
    }
    measuring = false;
    const busy = performance.eventLoopUtilization(elu).utilization;
    const result: ReceiverResult = { type: 'result', positions, latencies, busy };
    void Promise.all(closers.map((c) => c())).then(() => port.postMessage(result));
  });
  connect().then(
    () => port.postMessage({ type: 'ready' }),
    (err: unknown) => port.postMessage({ type: 'failed', message: String(err) }),
  );
}
