/**
 * docs/architecture.md §3, the live part: N assets updating every 5 s, through
 * pusher-js into the core (zod parse, coalescing, SQLite append, push to the
 * renderer). Reports the core's CPU, batches per second to the renderer, the
 * service-publish → renderer-push latency (target p95 < 250 ms) and the core's
 * heap after a full collection, against a baseline measured in the same run on
 * the same stream at the same time: a bare pusher-js client on the same
 * channel, in a process of its own, that only counts what pusher-js decoded.
 *
 * The service runs in a child process too, so the CPU figure is the core's
 * alone; each fleet size gets a fresh service, and the bench first waits for
 * its first whole tick (the simulator plans every asset's day on its first
 * sample: minutes for 50,000 assets here). The window starts once the core's
 * first location sweep (one REST request per asset) has ended and one whole
 * tick has passed after it, so it measures the live stream, not the sign-in.
 *
 * Run: npm run bench:core                      (the SQLite part, then the live part at 10,000 assets)
 *      npm run bench:core -- --curve           (the live part only: 1k, 10k, 25k, 50k, 100k assets)
 *      npm run bench:core -- --assets 50000    (the live part at the sizes given, comma-separated)
 *      … --profile-dir DIR                     (a .cpuprofile of the core's measured window per size)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { createAppCore } from '../src/main/core/app-core';
import { signInAsDemoOperator } from '../src/main/demo/demo-sign-in';
import type { ShellServices } from '../src/main/core/ipc-handlers';
import { createMemorySecretStore } from '../src/main/core/session/secret-store';
import type { IpcEvent, IpcEvents } from '../src/shared/ipc/contract';
import {
  baselineMessageSchema,
  type BaselineArgs,
  type BaselineMessage,
} from './core-live/baseline-protocol';
import { heapAfterGc } from './core-live/full-gc';
import { windowFigures } from './core-live/window-figures';
import { startProfileWindow } from './core-live/profile-window';
import { LatencyStats } from './support/latency-stats';
import { startServiceProcess } from './support/service-process';
import { firstFullTick } from './support/first-full-tick';

export const CURVE_ASSETS = [1_000, 10_000, 25_000, 50_000, 100_000] as const;
const TICK_MS = 5_000;
const WARMUP_MS = 15_000;
const MEASURE_MS = 30_000;
/**
 * The sweep asks every listed asset once and has ended when every request is answered (or failed). When
 * fewer are asked (the list changed), no answer for this long ends it. Long: at 100,000 assets a loaded
 * service pauses for many seconds (a tick's chunk, a collection), and 10 s once ended the wait with
 * 10,007 requests still to come.
 */
const SWEEP_QUIET_MS = 60_000;

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
  /** Messages from the service (baseline) or batches to the renderer (core), per second. */
  readonly pushesPerS: number;
  readonly positionsPerS: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  /** JS heap after a full collection at the end of the window (the bench's own share is a few kB). */
  readonly heapBytes: number;
  readonly load: readonly number[];
}

export interface LivePoint {
  readonly assets: number;
  readonly base: Phase;
  readonly core: Phase & {
    readonly setupMs: number;
    /** REST location requests inside the window: a reconnect's sweep (architecture.md §3) shows here. */
    readonly locationRequests: number;
  };
}

const isLiveBatch = (event: IpcEvent, _payload: unknown): _payload is IpcEvents['live.positions'] =>
  event === 'live.positions';

interface Counters {
  stats: LatencyStats;
  pushes: number;
  positions: number;
}
const freshCounters = (): Counters => ({ stats: new LatencyStats(), pushes: 0, positions: 0 });

/** Counts for MEASURE_MS and measures this process' CPU over it; then the heap after a full collection. */
async function measure(counters: Counters, onStart: () => void, profilePath?: string): Promise<Phase> {
  Object.assign(counters, freshCounters());
  onStart();
  const profile = profilePath === undefined ? null : await startProfileWindow();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await sleep(MEASURE_MS);
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - t0;
  const load = loadavg();
  await profile?.stop(profilePath ?? '');
  const { messagesPerS, ...figures } = windowFigures({
    cpu,
    wallMs: wall,
    messages: counters.pushes,
    positions: counters.positions,
    stats: counters.stats,
  });
  return {
    ...figures,
    pushesPerS: messagesPerS,
    heapBytes: heapAfterGc(),
    load,
  };
}

/** The bare client in its own process (core-live/baseline-process.ts), subscribed. */
async function startBaseline(ready: ReadyLine): Promise<{
  start(): void;
  window(): Promise<Phase>;
  stop(): void;
}> {
  const args: BaselineArgs = { ...ready, token: ready.users[0]!.token };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/core-live/baseline-process.ts', JSON.stringify(args)],
    // Advanced serialization: a window without positions has NaN percentiles.
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' },
  );
  const next = (): Promise<BaselineMessage> =>
    new Promise((resolve, reject) => {
      const onExit = (code: number | null): void =>
        reject(new Error(`The baseline client exited (${code}).`));
      child.once('exit', onExit);
      child.once('message', (m: unknown) => {
        child.off('exit', onExit);
        resolve(baselineMessageSchema.parse(m));
      });
    });
  const ready0 = await next();
  if (ready0.kind !== 'ready') throw new Error('The baseline client did not subscribe.');
  return {
    start: () => child.send({ kind: 'start' }),
    async window() {
      const reply = next();
      child.send({ kind: 'window' });
      const w = await reply;
      if (w.kind !== 'window') throw new Error('The baseline client answered out of turn.');
      return {
        cpuPct: w.cpuPct,
        pushesPerS: w.messagesPerS,
        positionsPerS: w.positionsPerS,
        p50: w.p50,
        p95: w.p95,
        p99: w.p99,
        heapBytes: w.heapBytes,
        load: loadavg(),
      };
    },
    stop: () => child.send({ kind: 'stop' }),
  };
}

async function corePhase(
  ready: ReadyLine,
  assets: number,
  onWindowStart: () => void,
  profilePath?: string,
): Promise<LivePoint['core']> {
  const began = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetdesk-live-bench-'));
  const user = ready.users[0]!;
  const counters = freshCounters();
  const noShell: ShellServices = {
    chooseSavePath: async () => null,
    openPath: async () => undefined,
    showInFolder: async () => undefined,
    openExternal: async () => undefined,
    copyText: async () => undefined,
    notify: () => undefined,
    setBadgeCount: () => undefined,
  };
  let lastLocationAnswerAt = 0;
  let locationRequests = 0;
  let locationAnswers = 0;
  const core = createAppCore({
    dataDir,
    fetch: (input, init) => {
      if (!String(input).endsWith('/location')) return fetch(input, init);
      locationRequests++;
      const answer = fetch(input, init);
      const settled = (): void => {
        locationAnswers++;
        lastLocationAnswerAt = Date.now();
      };
      answer.then(settled, settled);
      return answer;
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
      counters.pushes++;
      counters.positions += batch.length;
      // p.t is the service's wall clock when it sampled and published the position (live-tick.ts).
      for (const p of batch) counters.stats.add(now - p.t, 1);
    },
  });
  await core.start();
  await sleep(WARMUP_MS);
  // The first connect fetches every asset's last location (one request each, after the asset list's
  // pages): measure after it, and after one whole tick more, so the window holds the stream alone.
  while (
    locationAnswers < assets &&
    (locationAnswers === 0 || Date.now() - lastLocationAnswerAt < SWEEP_QUIET_MS)
  )
    await sleep(500);
  if (locationAnswers < assets)
    console.log(
      `  the first sweep of last locations ended with ${locationAnswers} of ${assets} assets answered`,
    );
  await sleep(TICK_MS);
  const setupMs = performance.now() - began;
  const before = locationRequests;
  const phase = await measure(counters, onWindowStart, profilePath);
  const inWindow = locationRequests - before;
  await core.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return { ...phase, setupMs, locationRequests: inWindow };
}

/** One fleet size: a fresh service, its first whole tick, then the core and the bare client on the same stream. */
export async function measureLivePoint(assets: number, profileDir?: string): Promise<LivePoint> {
  const { child, ready } = await startServiceProcess(
    ['--fleet-size', String(assets), '--tick-ms', String(TICK_MS)],
    readyLineSchema,
  );
  try {
    const firstTickMs = await firstFullTick(ready, assets, TICK_MS);
    console.log(`  the service's first whole tick came ${(firstTickMs / 1000).toFixed(0)} s after its start`);
    // The baseline listens through the core's window: the same frames at the same time (this
    // machine's service cannot hold a large fleet's rate steady from one minute to the next).
    const baseline = await startBaseline(ready);
    try {
      const core = await corePhase(
        ready,
        assets,
        () => baseline.start(),
        profileDir === undefined ? undefined : join(profileDir, `core-live-${assets}.cpuprofile`),
      );
      const base = await baseline.window();
      return { assets, base, core };
    } finally {
      baseline.stop();
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

const f = (n: number, d = 0): string => n.toFixed(d);
const load = (l: readonly number[]): string => l.map((x) => x.toFixed(1)).join(' ');
const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);

function printPoint(p: LivePoint): void {
  const { base, core } = p;
  const pad = (s: string): string => s.padEnd(44);
  console.log(
    `${pad('bare pusher-js client (baseline)')}CPU ${f(base.cpuPct, 1)} %, ${f(base.pushesPerS, 1)} messages/s, ${f(base.positionsPerS)} positions/s, latency p50 ${f(base.p50)} ms p95 ${f(base.p95)} ms p99 ${f(base.p99)} ms, heap ${mb(base.heapBytes)} MB; load ${load(base.load)}`,
  );
  console.log(
    `${pad('core: parse, coalesce, SQLite, push')}CPU ${f(core.cpuPct, 1)} %, ${f(core.pushesPerS, 1)} batches/s to the renderer (limit 10), ${f(core.positionsPerS)} positions/s, latency p50 ${f(core.p50)} ms p95 ${f(core.p95)} ms p99 ${f(core.p99)} ms (target p95 < 250 ms), heap ${mb(core.heapBytes)} MB; load ${load(core.load)}; window began ${f(core.setupMs / 1000)} s after start, ${core.locationRequests} location requests in it`,
  );
  console.log(
    `${pad('core ÷ baseline')}CPU × ${f(core.cpuPct / base.cpuPct, 2)}, p95 latency × ${f(core.p95 / base.p95, 2)} (+${f(core.p95 - base.p95)} ms)`,
  );
}

function printCurve(points: readonly LivePoint[]): void {
  console.log(
    `\nCurve (each size its own service; baseline = a bare pusher-js client in its own process on the same stream at the same time):`,
  );
  const head = [
    'assets'.padStart(7),
    'offered/s'.padStart(10),
    'base pos/s'.padStart(11),
    'base CPU'.padStart(9),
    'base p95'.padStart(9),
    'core pos/s'.padStart(11),
    'core CPU'.padStart(9),
    'CPU ×'.padStart(6),
    'batches/s'.padStart(10),
    'p50'.padStart(6),
    'p95'.padStart(6),
    'p99'.padStart(6),
    'core heap'.padStart(10),
    'REST loc.'.padStart(10),
    '  load (core window)',
  ];
  console.log(head.join(' '));
  for (const { assets, base, core } of points)
    console.log(
      [
        assets.toLocaleString('en-US').padStart(7),
        f((assets * 1000) / TICK_MS).padStart(10),
        f(base.positionsPerS).padStart(11),
        `${f(base.cpuPct, 1)} %`.padStart(9),
        `${f(base.p95)} ms`.padStart(9),
        f(core.positionsPerS).padStart(11),
        `${f(core.cpuPct, 1)} %`.padStart(9),
        f(core.cpuPct / base.cpuPct, 2).padStart(6),
        f(core.pushesPerS, 1).padStart(10),
        f(core.p50).padStart(6),
        f(core.p95).padStart(6),
        f(core.p99).padStart(6),
        `${mb(core.heapBytes)} MB`.padStart(10),
        String(core.locationRequests).padStart(10),
        `  ${load(core.load)}`,
      ].join(' '),
    );
  console.log(
    `Targets at 50,000 assets (10,000 updates/s): core CPU < 25 %, batches/s ≤ 10, p95 publish → push < 250 ms. ${availableParallelism()} cores.`,
  );
}

export async function runLiveBench(sizes: readonly number[] = [10_000], profileDir?: string): Promise<void> {
  const points: LivePoint[] = [];
  for (const assets of sizes) {
    console.log(
      `\nLive feed: ${assets.toLocaleString('en-US')} assets every ${TICK_MS / 1000} s through pusher-js (service in a child process)`,
    );
    const point = await measureLivePoint(assets, profileDir);
    printPoint(point);
    points.push(point);
  }
  if (points.length > 1) printCurve(points);
}

/** `--curve`, `--assets N[,N…]`, `--profile-dir DIR`; null when neither size option is given. */
export function liveArgs(argv: readonly string[]): { sizes: number[] | null; profileDir?: string } {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      curve: { type: 'boolean' },
      assets: { type: 'string' },
      'profile-dir': { type: 'string' },
    },
    strict: true,
  });
  const sizes = values.curve
    ? [...CURVE_ASSETS]
    : values.assets === undefined
      ? null
      : z.array(z.coerce.number().int().positive()).parse(values.assets.split(','));
  return { sizes, profileDir: values['profile-dir'] };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { sizes, profileDir } = liveArgs(process.argv.slice(2));
  runLiveBench(sizes ?? [10_000], profileDir).catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
