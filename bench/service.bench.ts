import { setTimeout as sleep } from 'node:timers/promises';
import { startLocalService, type LocalService, type ReadyUser } from '../src/server';
import {
  LOCATION_UPDATED_EVENT,
  accountChannelName,
  broadcastingAuthResponseSchema,
  historyResponseSchema,
  liveUpdatePayloadSchema,
} from '../src/shared/interface';
import { MAX_UPDATES_PER_MESSAGE as CHUNK } from '../src/server/realtime/live-tick';
import { rawSocketUrl } from '../test/support/pusher';
import { bareWsBroadcast } from './support/bare-ws-broadcast';
import { startReceivers, type ReceiverFigures } from './support/receivers';
import WebSocket from 'ws';
import { median } from './support/sample-stats';

/**
 * docs/architecture.md "The local fleet service": with 10,000 assets and 10 subscribed pusher-js clients, the
 * sustained positions delivered per second (summed over the clients) and
 * the p95 publish-to-receive latency; and the time to answer a 30-day
 * history of asset 1 (10 s fixes around the clock: 259,200 points). Each
 * figure comes with a baseline measured in the same run. Loopback only;
 * stops by itself in about a minute.
 *
 *   npm run bench:service [-- --tick-ms 1000 --window-ms 10000 --receiver-threads 2]
 */
const FLEET_SIZE = 10_000;
const CLIENTS = 10;
const TARGET_UPDATES_PER_SEC = 50_000;
const TARGET_P95_MS = 100;
const TARGET_HISTORY_MS = 1000;
const HISTORY_ASSET = 1;
const HISTORY_DAYS = 30;
const HISTORY_RUNS = 3;

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : Number.NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const TICK_MS = arg('tick-ms', 1000);
const WARMUP_MS = arg('warmup-ms', 3000);
const WINDOW_MS = arg('window-ms', 10_000);
/** The clients run off the service's thread, as they would run in other processes (see receiver-worker.ts). */
const RECEIVER_THREADS = arg('receiver-threads', 2);

const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (ok: boolean): string => (ok ? 'meets target' : 'MISSES target');

/** Publish-to-receive: a position's timestamp is the instant it was sampled and published. */
async function measureLive(
  service: LocalService,
  operator: ReadyUser,
): Promise<ReceiverFigures & { serviceBusy: number }> {
  const receivers = await startReceivers(
    {
      kind: 'pusher',
      clients: CLIENTS,
      service: {
        api_url: service.api_url,
        base_url: service.base_url,
        ws_url: service.ws_url,
        api_ws_url: service.api_ws_url,
        app_key: service.app_key,
        account_key: service.account_key,
      },
      user: { id: operator.id, token: operator.token },
    },
    RECEIVER_THREADS,
  );
  await sleep(WARMUP_MS);
  receivers.start();
  const elu = performance.eventLoopUtilization();
  await sleep(WINDOW_MS);
  const serviceBusy = performance.eventLoopUtilization(elu).utilization;
  return { ...(await receivers.stop()), serviceBusy };
}

/** The raw frames of one whole tick (from chunk 0 to the last), as the service writes them. */
async function captureTick(service: LocalService, operator: ReadyUser): Promise<string[]> {
  const channel = accountChannelName(service.account_key);
  const chunkOf = new Map(service.context.fleet.assets.map((a, i) => [a.id, Math.floor(i / CHUNK)]));
  const ws = new WebSocket(rawSocketUrl(service));
  let recording: string[] | null = null;
  let lastChunk = -1;
  const done = new Promise<string[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no complete tick captured')), TICK_MS * 5 + 10_000);
    ws.on('message', (raw) => {
      const text = String(raw);
      const frame: unknown = JSON.parse(text);
      if (typeof frame !== 'object' || frame === null || !('event' in frame) || !('data' in frame)) return;
      if (frame.event === 'pusher:connection_established') {
        const socketId = String(JSON.parse(String(frame.data)).socket_id);
        void authorize(service, operator, channel, socketId).then((auth) =>
          ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { ...auth, channel } })),
        );
      }
      if (frame.event !== LOCATION_UPDATED_EVENT) return;
      const positions = liveUpdatePayloadSchema.parse(JSON.parse(String(frame.data)));
      const first = Array.isArray(positions) ? positions[0] : positions;
      const chunk = first === undefined ? undefined : chunkOf.get(first.assetId);
      if (chunk === undefined) return;
      // A tick's chunks arrive in order; going back (usually to chunk 0) means the next tick began.
      if (recording !== null && chunk <= lastChunk) {
        clearTimeout(timer);
        resolve(recording);
        return;
      }
      if (recording === null && chunk === 0) recording = [];
      lastChunk = chunk;
      recording?.push(text);
    });
  });
  try {
    return await done;
  } finally {
    ws.close();
  }
}

async function authorize(service: LocalService, user: ReadyUser, channel: string, socketId: string) {
  const res = await fetch(`${service.api_url}/broadcasting/auth`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ channel_name: channel, socket_id: socketId }),
  });
  return broadcastingAuthResponseSchema.parse(await res.json());
}

interface HistoryFigures {
  readonly points: number;
  readonly bytes: number;
  readonly medianMs: number;
  readonly baselineMs: number;
}

/** Median of a few full HTTP answers (body read); baseline: JSON.stringify of the same points. */
async function measureHistory(service: LocalService, operator: ReadyUser): Promise<HistoryFigures | string> {
  const end = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  const start = end - HISTORY_DAYS * 86_400_000;
  const url =
    `${service.api_url}/api/${service.account_key}/asset/${HISTORY_ASSET}/history` +
    `?start=${new Date(start).toISOString()}&end=${new Date(end).toISOString()}`;
  const times: number[] = [];
  let body = '';
  for (let i = 0; i < HISTORY_RUNS; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { Authorization: `Bearer ${operator.token}` } });
    body = await res.text();
    times.push(performance.now() - t0);
    if (res.status !== 200) return `history route answered HTTP ${res.status}: ${body.slice(0, 200)}`;
  }
  const parsed = historyResponseSchema.parse(JSON.parse(body));
  const baselines: number[] = [];
  for (let i = 0; i < HISTORY_RUNS; i++) {
    const t0 = performance.now();
    JSON.stringify(parsed);
    baselines.push(performance.now() - t0);
  }
  return {
    points: parsed.data.length,
    bytes: body.length,
    medianMs: median(times),
    baselineMs: median(baselines),
  };
}

async function main(): Promise<void> {
  const hardStop = setTimeout(() => {
    console.error('bench:service took too long; giving up');
    process.exit(2);
  }, 5 * 60_000);
  hardStop.unref();

  console.log(`bench:service — ${fmt(FLEET_SIZE)} assets, ${CLIENTS} pusher-js clients, tick ${TICK_MS} ms`);
  const t0 = performance.now();
  const service = await startLocalService({ port: 0, fleetSize: FLEET_SIZE, tickMs: TICK_MS });
  console.log(`  service started in ${fmt(performance.now() - t0)} ms at ${service.api_url}`);
  const operator = service.users.find((u) => u.asset_ids === null);
  if (!operator) throw new Error('no operator in the ready line');
  // The simulator plans each asset's day on its first sample; that one-off cost is not the live path's.
  const w0 = performance.now();
  const fleet = service.context.fleet;
  for (const a of fleet.assets) fleet.sampleAt(a.id, Date.now());
  console.log(`  simulator warm-up (first sample of every asset): ${fmt(performance.now() - w0)} ms`);

  let live: ReceiverFigures & { serviceBusy: number };
  let frames: string[];
  let history: HistoryFigures | string;
  try {
    live = await measureLive(service, operator);
    frames = await captureTick(service, operator);
    history = await measureHistory(service, operator);
  } finally {
    await service.stop();
  }
  const tickBytes = frames.reduce((n, f) => n + Buffer.byteLength(f), 0);
  const tickPositions = frames.reduce((n, f) => n + (f.match(/assetId/g)?.length ?? 0), 0);
  const bare = await bareWsBroadcast(frames, CLIENTS, RECEIVER_THREADS, TICK_MS, WARMUP_MS, WINDOW_MS);

  console.log('\nLive positions (.location.updated over pusher-js)');
  console.log(
    `  one tick: ${frames.length} messages, ${fmt(tickBytes / 1024)} KiB, ${fmt(tickPositions)} positions`,
  );
  console.log(
    `  offered: ${fmt((tickPositions * CLIENTS * 1000) / TICK_MS)} positions/s (one tick's positions × ${CLIENTS} clients per tick interval)`,
  );
  console.log(
    `  delivered: ${fmt(live.positionsPerSec)} positions/s   (target ≥ ${fmt(TARGET_UPDATES_PER_SEC)}: ${verdict(live.positionsPerSec >= TARGET_UPDATES_PER_SEC)})`,
  );
  console.log(
    `  latency:   p50 ${fmt(live.p50Ms)} ms, p95 ${fmt(live.p95Ms)} ms   (target p95 < ${TARGET_P95_MS} ms: ${verdict(live.p95Ms < TARGET_P95_MS)})`,
  );
  console.log(
    `  busy: service thread ${fmt(live.serviceBusy * 100)} %, receiving threads ${fmt(live.receiverBusy * 100)} % (${RECEIVER_THREADS} threads)`,
  );
  console.log(
    `  baseline (bare ws, same frames, ${CLIENTS} raw clients): ${fmt(bare.positionsPerSec)} positions/s, p50 ${fmt(bare.p50Ms)} ms, p95 ${fmt(bare.p95Ms)} ms, receivers busy ${fmt(bare.receiverBusy * 100)} %`,
  );
  console.log(
    `  ratio service/baseline: throughput ${fmt(live.positionsPerSec / bare.positionsPerSec, 2)}×, p95 latency ${fmt(live.p95Ms / bare.p95Ms, 1)}×`,
  );

  console.log(`\n${HISTORY_DAYS}-day history of asset ${HISTORY_ASSET} over HTTP`);
  if (typeof history === 'string') {
    console.log(`  not measured: ${history}`);
  } else {
    console.log(
      `  ${fmt(history.points)} points, ${fmt(history.bytes / 1024 / 1024, 1)} MiB: median ${fmt(history.medianMs)} ms of ${HISTORY_RUNS}   (target < ${TARGET_HISTORY_MS} ms: ${verdict(history.medianMs < TARGET_HISTORY_MS)})`,
    );
    console.log(`  baseline (JSON.stringify of the same points): ${fmt(history.baselineMs)} ms`);
    console.log(`  ratio HTTP answer/baseline: ${fmt(history.medianMs / history.baselineMs, 1)}×`);
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
