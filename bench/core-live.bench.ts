/**
 * docs/architecture.md §3, the live part: 10,000 assets updating every 5 s, through
 * pusher-js into the core (zod parse, coalescing, SQLite append, push to the
 * renderer). Reports the core's CPU, batches per second to the renderer and
 * the service-publish → renderer-push latency (target p95 < 250 ms), against
 * a baseline measured in the same run: a bare pusher-js client on the same
 * channel that only JSON-decodes (what pusher-js does anyway).
 *
 * The service runs in a child process so the CPU figure is the core's alone.
 * Run: npm run bench:core (after the SQLite part), or npx tsx bench/core-live.bench.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { createAppCore } from '../src/main/core/app-core';
import { signInAsDemoOperator } from '../src/main/demo/demo-sign-in';
import type { ShellServices } from '../src/main/core/ipc-handlers';
import { createMemorySecretStore } from '../src/main/core/session/secret-store';
import { LOCATION_UPDATED_EVENT } from '../src/shared/interface';
import type { IpcEvent, IpcEvents } from '../src/shared/ipc/contract';
import { LatencyStats } from './support/latency-stats';
import { startServiceProcess } from './support/service-process';
import { liveChannelClient } from './support/live-channel-client';

const ASSETS = 10_000;
const TICK_MS = 5_000;
const WARMUP_MS = 15_000;
const MEASURE_MS = 30_000;

const readyLineSchema = z.object({
  base_url: z.string(),
  ws_url: z.string(),
  api_url: z.string(),
  api_ws_url: z.string(),
  tracking_url: z.string(),
  app_key: z.string(),
  account_key: z.string(),
  users: z
    .array(
      z.object({
        id: z.int(),
        name: z.string(),
        token: z.string(),
        username: z.string(),
        password: z.string(),
      }),
    )
    .min(1),
});
type ReadyLine = z.infer<typeof readyLineSchema>;

interface Phase {
  readonly cpuPct: number;
  readonly pushesPerS: number;
  readonly positionsPerS: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
}

const isLiveBatch = (event: IpcEvent, _payload: unknown): _payload is IpcEvents['live.positions'] =>
  event === 'live.positions';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Runs `during` for `ms` and measures this process' CPU over it. */
async function measure(ms: number, reset: () => void, collect: () => Omit<Phase, 'cpuPct'>): Promise<Phase> {
  reset();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await sleep(ms);
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - t0;
  return { ...collect(), cpuPct: ((cpu.user + cpu.system) / 1000 / wall) * 100 };
}

async function baselinePhase(ready: ReadyLine): Promise<Phase> {
  const user = ready.users[0]!;
  const { pusher, channel } = liveChannelClient(ready, user.token);
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
      if (Number.isFinite(t)) stats.add(now - t, 1);
    }
  });
  await sleep(WARMUP_MS);
  const phase = await measure(
    MEASURE_MS,
    () => {
      stats = new LatencyStats();
      messages = 0;
      positions = 0;
    },
    () => ({
      pushesPerS: messages / (MEASURE_MS / 1000),
      positionsPerS: positions / (MEASURE_MS / 1000),
      p50: stats.percentile(50),
      p95: stats.percentile(95),
      p99: stats.percentile(99),
    }),
  );
  pusher.disconnect();
  return phase;
}

async function corePhase(ready: ReadyLine): Promise<Phase & { readonly cached: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetdesk-live-bench-'));
  const user = ready.users[0]!;
  let stats = new LatencyStats();
  let pushes = 0;
  let positions = 0;
  const noShell: ShellServices = {
    chooseSavePath: async () => null,
    openPath: async () => undefined,
    showInFolder: async () => undefined,
    openExternal: async () => undefined,
    copyText: async () => undefined,
    notify: () => undefined,
    setBadgeCount: () => undefined,
  };
  let lastLocationRequestAt = Date.now();
  const core = createAppCore({
    dataDir,
    fetch: (input, init) => {
      if (String(input).endsWith('/location')) lastLocationRequestAt = Date.now();
      return fetch(input, init);
    },
    secretStore: createMemorySecretStore(),
    shell: noShell,
    log: { warn: (m) => console.warn(`  core: ${m}`) },
    // The core signs in as the app's Demo does: OAuth through the service's pages (src/main/demo).
    startDemo: async () => ({
      address: ready.base_url,
      endpoints: { ...ready, user_id: user.id },
      operator: { id: user.id, name: user.name },
      signIn: (url) => signInAsDemoOperator(url, user),
      stop: async () => undefined,
    }),
    push: (event, payload) => {
      if (!isLiveBatch(event, payload)) return;
      const now = Date.now();
      const batch = payload.positions;
      pushes++;
      positions += batch.length;
      // p.t is the service's wall clock when it sampled and published the position (live-tick.ts).
      for (const p of batch) stats.add(now - p.t, 1);
    },
  });
  await core.start();
  await sleep(WARMUP_MS);
  // The first connect fetches every asset's last location (10,000 requests): measure after it.
  while (Date.now() - lastLocationRequestAt < 2000) await sleep(500);
  const phase = await measure(
    MEASURE_MS,
    () => {
      stats = new LatencyStats();
      pushes = 0;
      positions = 0;
    },
    () => ({
      pushesPerS: pushes / (MEASURE_MS / 1000),
      positionsPerS: positions / (MEASURE_MS / 1000),
      p50: stats.percentile(50),
      p95: stats.percentile(95),
      p99: stats.percentile(99),
    }),
  );
  await core.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return { ...phase, cached: positions };
}

export async function runLiveBench(): Promise<void> {
  console.log(
    `\nLive feed: ${ASSETS.toLocaleString('en-US')} assets every ${TICK_MS / 1000} s through pusher-js (service in a child process)`,
  );
  const { child, ready } = await startServiceProcess(
    ['--fleet-size', String(ASSETS), '--tick-ms', String(TICK_MS)],
    readyLineSchema,
  );
  try {
    // The core first: the service's first minute is its slowest (JIT, first ticks), which would flatter the core.
    const core = await corePhase(ready);
    const base = await baselinePhase(ready);
    const pad = (s: string): string => s.padEnd(44);
    const f = (n: number, d = 0): string => n.toFixed(d);
    console.log(
      `${pad('bare pusher-js client (baseline)')}CPU ${f(base.cpuPct, 1)} %, ${f(base.pushesPerS, 1)} messages/s, ${f(base.positionsPerS)} positions/s, latency p50 ${f(base.p50)} ms p95 ${f(base.p95)} ms p99 ${f(base.p99)} ms`,
    );
    console.log(
      `${pad('core: parse, coalesce, SQLite, push')}CPU ${f(core.cpuPct, 1)} %, ${f(core.pushesPerS, 1)} batches/s to the renderer (limit 10), ${f(core.positionsPerS)} positions/s, latency p50 ${f(core.p50)} ms p95 ${f(core.p95)} ms p99 ${f(core.p99)} ms (target p95 < 250 ms)`,
    );
    console.log(
      `${pad('core ÷ baseline')}CPU × ${f(core.cpuPct / base.cpuPct, 2)}, p95 latency × ${f(core.p95 / base.p95, 2)} (+${f(core.p95 - base.p95)} ms)`,
    );
  } finally {
    child.kill('SIGTERM');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runLiveBench().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
