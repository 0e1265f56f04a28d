/**
 * The live bench's baseline: a bare pusher-js client on the account channel (set up as the core sets
 * up its own) that only counts what pusher-js decoded, in a process of its own, so it receives the
 * same stream at the same time as the core while the core's CPU figure stays the core's alone.
 * Spawned by bench/core-live.bench.ts with an IPC channel; answers `window` with its figures.
 */
import { LOCATION_UPDATED_EVENT } from '../../src/shared/interface';
import { LatencyStats } from '../support/latency-stats';
import { liveChannelClient } from '../support/live-channel-client';
import { windowFigures } from './window-figures';
import { baselineArgsSchema, baselineRequestSchema, type BaselineMessage } from './baseline-protocol';

const send = (m: BaselineMessage): void => void process.send?.(m);

const args = baselineArgsSchema.parse(JSON.parse(process.argv[2] ?? ''));
const { pusher, channel } = liveChannelClient(args, args.token);
let stats = new LatencyStats();
let messages = 0;
let positions = 0;
channel.bind(LOCATION_UPDATED_EVENT, (data: unknown) => {
  const now = Date.now();
  messages++;
  const list = Array.isArray(data) ? data : [data];
  positions += list.length;
  for (const p of list) {
    const t = typeof p === 'object' && p !== null && 'timestamp' in p ? Number(p.timestamp) : Number.NaN;
    stats.add(now - t, 1);
  }
});
channel.bind('pusher:subscription_succeeded', () => send({ kind: 'ready' }));

let cpu0 = process.cpuUsage();
let t0 = performance.now();
process.on('message', (raw: unknown) => {
  const request = baselineRequestSchema.parse(raw);
  if (request.kind === 'start') {
    stats = new LatencyStats();
    messages = 0;
    positions = 0;
    cpu0 = process.cpuUsage();
    t0 = performance.now();
    return;
  }
  if (request.kind === 'stop') {
    pusher.disconnect();
    process.disconnect();
    return;
  }
  send({
    kind: 'window',
    ...windowFigures({
      cpu: process.cpuUsage(cpu0),
      wallMs: performance.now() - t0,
      messages,
      positions,
      stats,
    }),
    heapBytes: process.memoryUsage().heapUsed,
  });
});
