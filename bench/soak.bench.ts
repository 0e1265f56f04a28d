/**
 * docs/architecture.md "The Electron shell": memory over a long shift. The core (browser shell: the real
 * core, its bridge socket and the built renderer's host, in a process of its
 * own) and the renderer (Chromium) under 5,000 assets updating every 2 s for
 * 30 minutes of simulated time: 900 ticks. Target: after warm-up, the core's
 * heap and RSS and the renderer's JS heap grow by no more than 10 %.
 *
 * What is compressed: the tick. The local service (a child process) offers a
 * whole-fleet tick every TICK_MS (200 ms unless SOAK_TICK_MS says otherwise)
 * instead of every 2 s. What the pipeline carries is what counts: the soak
 * runs until the core has pushed 900 ticks' worth of positions (4.5 million)
 * to the renderer — through pusher-js, the core's parse, coalescing, SQLite
 * cache and pushes, and the renderer's map and list — or until SOAK_CAP_MS,
 * and prints how many ticks' worth it got through. Frames the service drops
 * for a client that reads too slowly (its backpressure) and positions the
 * core coalesces away are not counted as delivered.
 * What is not compressed: the simulator's clock (positions are sampled at
 * wall-clock time, so vehicles move minutes' worth, not 30), the core's
 * 100 ms push coalescing window and its other timers (fleet refresh, report
 * polling), and the renderer's animation frames. The time from each position's
 * fix to its push is printed too: a core far behind would hold a backlog in
 * memory for a reason real time would not give it. A live fix is published
 * when it is taken, so there it is the publish → push latency; in the
 * baseline's first minutes the core's location sweep also pushes the last
 * locations of parked and offline vehicles with their own older times, so
 * that column's maximum there is their age, not a delay (the summary reads
 * the rows with the renderer attached only).
 *
 * Same-run baseline: the core signed in and fed the same stream with no
 * renderer attached (its pushes wait for app.ready), after a warm-up of its
 * own, sampled the same way for 30 s.
 *
 * RSS is shown split (Linux): anonymous memory, and file-backed pages — the
 * SQLite cache file the core memory-maps (mmap_size 256 MiB, next to a
 * 64 MiB page cache, src/main/core/cache/cache-database.ts) — with the size
 * of that file, so growth that is the cache filling can be told from a leak.
 *
 * National scale (`--assets 50000`: every 5 s, an 8-hour shift, bench/soak/soak-plan.ts): 8 hours of
 * 50,000 assets is 5,760 ticks, 288 million positions. The service offers a whole-fleet tick every
 * 2.5 s (2×; --tick-ms), which this machine's service and core may not carry: the soak runs for
 * --cap-min minutes (10) after the renderer is attached, prints how many ticks' worth (how many
 * simulated minutes) it delivered, and judges growth after a warm-up of 20 % of the shift or of the
 * cap, whichever comes first. Its setup is minutes long: the simulator plans every asset's day on its
 * first pass, the core asks every asset's last location, the renderer lists the whole fleet.
 *
 * Loopback only; bounded (a watchdog ends everything after 6 minutes; at national scale, after the
 * setup allowance, the cap and a minute).
 * Run: npm run bench:soak
 *      npm run bench:soak -- --assets 50000 --hours 8 [--every 5] [--tick-ms 2500] [--cap-min 10]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page } from 'playwright-core';
import { builtRenderer } from '../test/e2e/renderer/support/renderer-build';
import { launchChromium } from '../test/support/chromium';
import { LOOPBACK_ONLY_ARGS } from '../test/support/loopback-only';
import { growthOf, WINDOW, type Growth } from './soak/growth';
import { median, percentile } from './support/sample-stats';
import { soakPlan } from './soak/soak-plan';
import { firstFullTick } from './support/first-full-tick';
import { rssBytesOf } from './support/process-rss';
import {
  coreMessageSchema,
  readyLineSchema,
  type CoreMessage,
  type CoreProcessArgs,
  type CoreSample,
  type ReadyLine,
} from './soak/protocol';
import { RendererMemory, type RendererSample } from './soak/renderer-memory';

const ROOT = resolve(import.meta.dirname, '..');
const PLAN = soakPlan(process.argv.slice(2), process.env);
const { assets: ASSETS, realTickMs: REAL_TICK_MS, ticks: TICKS, tickMs: TICK_MS } = PLAN;
const { targetPositions: TARGET_POSITIONS, warmupPositions: WARMUP_POSITIONS, capMs: SOAK_CAP_MS } = PLAN;
const { coreWarmupMs: CORE_WARMUP_MS, sampleEveryMs: SAMPLE_EVERY_MS, watchdogMs: WATCHDOG_MS } = PLAN;
const BASELINE_SAMPLES = 6;
/** The simulated shift, as people say it. */
const SHIFT =
  PLAN.simulatedMs >= 3_600_000 ? `${PLAN.simulatedMs / 3_600_000} h` : `${PLAN.simulatedMs / 60_000} min`;
const simulatedMinutes = (ticks: number): string => ((ticks * REAL_TICK_MS) / 60_000).toFixed(1);
const TARGET_GROWTH = 0.1;
const MB = 1024 * 1024;

interface Row {
  readonly phase: 'baseline' | 'warm-up' | 'soak';
  readonly atMs: number;
  /** Ticks' worth of positions pushed to the renderer since it was attached (the core's start, in the baseline). */
  readonly ticks: number;
  readonly core: CoreSample;
  readonly renderer: RendererSample | null;
  readonly serviceRss: number | null;
  readonly positionsPerS: number;
  /** The core process' CPU since the previous sample (100 % = one core). */
  readonly coreCpuPct: number;
  /**
   * How long the core and the page took to answer this sample (each a full GC and a read). A page
   * whose main thread is swamped answers late: the soak's pace is the pace of its answers.
   */
  readonly answerMs: { readonly core: number; readonly renderer: number | null };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number): string => (bytes / MB).toFixed(1);

async function startService(): Promise<{ child: ChildProcess; ready: ReadyLine }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/server/cli.ts',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--fleet-size',
      String(ASSETS),
      '--tick-ms',
      String(TICK_MS),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  for await (const line of createInterface({ input: child.stdout! })) {
    try {
      return { child, ready: readyLineSchema.parse(JSON.parse(line)) };
    } catch {
      // Not the ready line.
    }
  }
  throw new Error('The local fleet service exited before its ready line.');
}

/** The core in its own process, answering sample requests over IPC. */
class CoreProcess {
  private readonly waiting: Array<(m: CoreMessage) => void> = [];

  private constructor(readonly child: ChildProcess) {
    child.on('message', (raw: unknown) => {
      const parsed = coreMessageSchema.safeParse(raw);
      if (!parsed.success) return;
      if (parsed.data.kind === 'failed') console.error(`  core process: ${parsed.data.message}`);
      this.waiting.shift()?.(parsed.data);
    });
  }

  static async start(args: CoreProcessArgs): Promise<{ core: CoreProcess; url: string }> {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'bench/soak/core-process.ts', JSON.stringify(args)],
      { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    const core = new CoreProcess(child);
    const first = await core.next();
    if (first.kind !== 'ready') throw new Error(`The core process did not start (${first.kind}).`);
    return { core, url: first.url };
  }

  async sample(): Promise<CoreSample> {
    const reply = this.next();
    this.child.send({ kind: 'sample' });
    const message = await reply;
    if (message.kind !== 'sample') throw new Error(`The core process answered ${message.kind} to a sample.`);
    return message;
  }

  async stop(): Promise<void> {
    const reply = this.next();
    this.child.send({ kind: 'stop' });
    await Promise.race([reply, sleep(10_000)]);
    this.child.kill('SIGTERM');
  }

  private next(): Promise<CoreMessage> {
    return new Promise((resolveMessage, reject) => {
      const onExit = (code: number | null): void => reject(new Error(`The core process exited (${code}).`));
      this.child.once('exit', onExit);
      this.waiting.push((m) => {
        this.child.off('exit', onExit);
        resolveMessage(m);
      });
    });
  }
}

async function openRenderer(browser: Browser, url: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  // The core process also serves the page; under the compressed stream it answers late, not never.
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
  const count = page.getByRole('complementary', { name: 'Assets' }).getByText(/^\d+ of \d+ assets$/);
  try {
    await count.waitFor({ timeout: 120_000 });
  } catch (err) {
    const shot = join(ROOT, 'test-results', 'soak-renderer-not-ready.png');
    mkdirSync(dirname(shot), { recursive: true });
    await page.screenshot({ path: shot }).catch(() => undefined);
    console.error(
      `  The renderer did not list the fleet (screenshot: ${shot}; page errors: ${errors.join(' | ') || 'none'}).`,
    );
    throw err;
  }
  // A national fleet's list arrives in pages while the stream runs: give it time in proportion.
  const listedBy = performance.now() + Math.max(120_000, ASSETS * 4);
  while (performance.now() < listedBy) {
    if ((await count.innerText()).endsWith(`of ${ASSETS} assets`)) return { page, errors };
    await sleep(500);
  }
  throw new Error(`The renderer never listed ${ASSETS} assets.`);
}

function printRows(rows: readonly Row[]): void {
  console.log(
    '\n  phase      t(s)  ticks  sim-min  core-cpu  core-heap  core-rss  (anon     file)   cache-file  renderer-heap  DOM-nodes  listeners  service-rss  pos/s→renderer  fix→push mean/max (ms)  answer core/page (ms)',
  );
  for (const r of rows) {
    const lat =
      r.core.latencyMeanMs === null || r.core.latencyMaxMs === null
        ? '—'
        : `${r.core.latencyMeanMs.toFixed(0)}/${r.core.latencyMaxMs.toFixed(0)}`;
    console.log(
      [
        `  ${r.phase.padEnd(8)}`,
        (r.atMs / 1000).toFixed(0).padStart(5),
        r.ticks.toFixed(0).padStart(6),
        simulatedMinutes(r.ticks).padStart(8),
        `${r.coreCpuPct.toFixed(0)} %`.padStart(9),
        `${mb(r.core.heapUsed)} MB`.padStart(10),
        `${mb(r.core.rss)} MB`.padStart(9),
        (r.core.rssAnon === null ? '—' : mb(r.core.rssAnon)).padStart(6),
        (r.core.rssFile === null ? '—' : mb(r.core.rssFile)).padStart(8),
        `${mb(r.core.cacheBytes)} MB`.padStart(12),
        (r.renderer ? `${mb(r.renderer.heapUsed)} MB` : '—').padStart(14),
        String(r.renderer?.nodes ?? '—').padStart(10),
        String(r.renderer?.listeners ?? '—').padStart(10),
        (r.serviceRss === null ? '—' : `${mb(r.serviceRss)} MB`).padStart(12),
        r.positionsPerS.toFixed(0).padStart(15),
        lat.padStart(22),
        `${r.answerMs.core.toFixed(0)}/${r.answerMs.renderer?.toFixed(0) ?? '—'}`.padStart(22),
      ].join(' '),
    );
  }
}

function verdict(name: string, g: Growth | null, unit: (n: number) => string, judged: boolean): boolean {
  if (g === null) {
    console.log(`  ${name.padEnd(40)} too few samples after warm-up to judge`);
    return !judged;
  }
  const ok = g.ratio <= TARGET_GROWTH;
  const pct = (g.ratio * 100).toFixed(1);
  console.log(
    `  ${name.padEnd(40)} ${unit(g.start)} → ${unit(g.end)}  ${g.ratio >= 0 ? '+' : ''}${pct} %  (slope ${unit(g.slopePerMin)}/min; medians ${unit(g.firstMedian)} → ${unit(g.lastMedian)})` +
      (judged ? (ok ? '  ok (≤ 10 %)' : '  OVER 10 %') : '  (reference)'),
  );
  return ok || !judged;
}

async function runSoak(): Promise<void> {
  const began = performance.now();
  const step = (label: string, since: number): number => {
    const now = performance.now();
    console.log(`  ${label}: ${seconds(now - since)}`);
    return now;
  };
  console.log(
    `\nSoak: ${ASSETS.toLocaleString('en-US')} assets, ${TICKS} ticks (${SHIFT} at a ${REAL_TICK_MS / 1000} s tick) ` +
      `offered every ${TICK_MS} ms (${(REAL_TICK_MS / TICK_MS).toFixed(1)}× compressed), warm-up ${TICKS / 5} ticks ` +
      (Number.isFinite(PLAN.warmupMs)
        ? `or ${(PLAN.warmupMs / 1000).toFixed(0)} s, whichever comes first, `
        : '') +
      `at most ${(SOAK_CAP_MS / 1000).toFixed(0)} s; ` +
      `samples every ${SAMPLE_EVERY_MS / 1000} s after a full GC`,
  );

  const children: ChildProcess[] = [];
  let browser: Browser | null = null;
  const watchdog = setTimeout(() => {
    console.error(`\nSoak: stopped by its ${(WATCHDOG_MS / 60_000).toFixed(0)}-minute watchdog.`);
    for (const c of children) c.kill('SIGKILL');
    void browser?.close();
    process.exit(2);
  }, WATCHDOG_MS);
  watchdog.unref();

  try {
    let t = performance.now();
    const [{ child: serviceChild, ready }, rendererDir] = await Promise.all([
      startService(),
      builtRenderer(),
    ]);
    children.push(serviceChild);
    t = step(`local service (${ASSETS.toLocaleString('en-US')} assets) and renderer build`, t);
    if (PLAN.national) {
      // Signing in while the simulator's first pass holds the service's event loop times out (the
      // core then waits for a sign-in nobody gives): the core starts once the stream is steady.
      await firstFullTick(ready, ASSETS, 2 * REAL_TICK_MS);
      t = step(`the service's first whole tick`, t);
    }
    const { core, url } = await CoreProcess.start({ service: ready, rendererDir });
    children.push(core.child);
    t = step('core process signed in', t);

    const rows: Row[] = [];
    let lastPositions = 0;
    let lastCpuMs = 0;
    let lastAt = performance.now();
    let positionsAtAttach = 0;
    const take = async (phase: Row['phase'], renderer: RendererMemory | null): Promise<Row> => {
      const asked = performance.now();
      const timed = async <T>(sample: Promise<T>): Promise<[T, number]> => [
        await sample,
        performance.now() - asked,
      ];
      const [[coreSample, coreMs], rendererAnswer] = await Promise.all([
        timed(core.sample()),
        renderer ? timed(renderer.sample()) : null,
      ]);
      const rendererSample = rendererAnswer?.[0] ?? null;
      const now = performance.now();
      const row: Row = {
        phase,
        atMs: now - began,
        ticks: (coreSample.positions - positionsAtAttach) / ASSETS,
        core: coreSample,
        renderer: rendererSample,
        serviceRss: rssBytesOf(serviceChild.pid),
        positionsPerS: ((coreSample.positions - lastPositions) / (now - lastAt)) * 1000,
        coreCpuPct: ((coreSample.cpuUserMs + coreSample.cpuSystemMs - lastCpuMs) / (now - lastAt)) * 100,
        answerMs: { core: coreMs, renderer: rendererAnswer?.[1] ?? null },
      };
      lastPositions = coreSample.positions;
      lastCpuMs = coreSample.cpuUserMs + coreSample.cpuSystemMs;
      lastAt = now;
      rows.push(row);
      return row;
    };

    // Baseline: the same core, fed the same stream, with no renderer attached.
    // Its warm-up ends once it has pushed two fleets' worth (the location sweep's, then a whole
    // tick: the simulator's first pass over a large fleet takes minutes) and CORE_WARMUP_MS has passed.
    await sleep(CORE_WARMUP_MS);
    while ((await core.sample()).positions < 2 * ASSETS) await sleep(SAMPLE_EVERY_MS);
    const baselineStart = performance.now();
    for (let i = 0; i < BASELINE_SAMPLES; i++) {
      await sleep(Math.max(0, baselineStart + (i + 1) * SAMPLE_EVERY_MS - performance.now()));
      await take('baseline', null);
    }
    t = step('core alone: warm-up, then the baseline', t);

    browser = await launchChromium(LOOPBACK_ONLY_ARGS);
    const { page, errors } = await openRenderer(browser, url);
    const renderer = await RendererMemory.attach(page);
    positionsAtAttach = (await core.sample()).positions;
    await take('warm-up', renderer);
    t = step(`renderer open, ${ASSETS} assets listed`, t);

    const soakStart = performance.now();
    let delivered = 0;
    for (
      let next = SAMPLE_EVERY_MS;
      delivered < TARGET_POSITIONS && next <= SOAK_CAP_MS;
      next += SAMPLE_EVERY_MS
    ) {
      await sleep(Math.max(0, soakStart + next - performance.now()));
      const phase = delivered < WARMUP_POSITIONS && next <= PLAN.warmupMs ? 'warm-up' : 'soak';
      delivered = (await take(phase, renderer)).core.positions - positionsAtAttach;
    }
    const soakWall = performance.now() - soakStart;
    t = step(`soak (${(delivered / ASSETS).toFixed(0)} of ${TICKS} ticks' worth pushed to the renderer)`, t);

    await renderer.detach();
    await browser.close();
    browser = null;
    await core.stop();
    serviceChild.kill('SIGTERM');
    step('stopped', t);

    printRows(rows);
    const series = (phase: Row['phase'], pick: (r: Row) => number | null): Growth | null => {
      const points = rows
        .filter((r) => r.phase === phase)
        .flatMap((r) => {
          const value = pick(r);
          return value === null ? [] : [{ atMs: r.atMs, value }];
        });
      return points.length >= 6 ? growthOf(points) : null;
    };
    const mbUnit = (n: number): string => `${mb(n)} MB`;
    const countUnit = (n: number): string => n.toFixed(0);
    console.log(
      `\nGrowth after warm-up (a robust line through every sample, Theil–Sen, at the first and the last; the medians of the first ${WINDOW} and the last ${WINDOW} beside):`,
    );
    const results = [
      verdict(
        'core heap (after GC)',
        series('soak', (r) => r.core.heapUsed),
        mbUnit,
        true,
      ),
      verdict(
        'core RSS',
        series('soak', (r) => r.core.rss),
        mbUnit,
        true,
      ),
      verdict(
        '  of which anonymous',
        series('soak', (r) => r.core.rssAnon),
        mbUnit,
        false,
      ),
      verdict(
        '  of which file-backed (SQLite mmap)',
        series('soak', (r) => r.core.rssFile),
        mbUnit,
        false,
      ),
      verdict(
        '  cache file on disk',
        series('soak', (r) => r.core.cacheBytes),
        mbUnit,
        false,
      ),
      verdict(
        'renderer JS heap (after GC)',
        series('soak', (r) => r.renderer?.heapUsed ?? null),
        mbUnit,
        true,
      ),
      verdict(
        'renderer DOM nodes',
        series('soak', (r) => r.renderer?.nodes ?? null),
        countUnit,
        false,
      ),
      verdict(
        'service RSS (the load generator)',
        series('soak', (r) => r.serviceRss),
        mbUnit,
        false,
      ),
    ];
    console.log(
      `Baseline in the same run (core without a renderer, ${(BASELINE_SAMPLES * SAMPLE_EVERY_MS) / 1000} s after its own ${CORE_WARMUP_MS / 1000} s warm-up):`,
    );
    verdict(
      'core heap (after GC)',
      series('baseline', (r) => r.core.heapUsed),
      mbUnit,
      false,
    );
    verdict(
      'core RSS',
      series('baseline', (r) => r.core.rss),
      mbUnit,
      false,
    );
    verdict(
      '  cache file on disk',
      series('baseline', (r) => r.core.cacheBytes),
      mbUnit,
      false,
    );
    const attached = rows.filter((r) => r.phase !== 'baseline').slice(1);
    const maxLatency = Math.max(...attached.map((r) => r.core.latencyMaxMs ?? 0));
    const meanCpu = attached.reduce((a, r) => a + r.coreCpuPct, 0) / attached.length;
    const answers = (pick: (r: Row) => number | null): string => {
      const xs = attached.flatMap((r) => pick(r) ?? []);
      return xs.length === 0
        ? '—'
        : `median ${median(xs).toFixed(0)} ms, p95 ${percentile(xs, 95).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
    };
    console.log(
      `Sample answers with the renderer attached (a full GC and a read each): the page ${answers((r) => r.answerMs.renderer)}; the core ${answers((r) => r.answerMs.core)}.`,
    );
    const ticksDone = delivered / ASSETS;
    console.log(
      `Delivered: ${ticksDone.toFixed(0)} of ${TICKS} ticks' worth (${simulatedMinutes(ticksDone)} of ${(PLAN.simulatedMs / 60_000).toFixed(0)} simulated minutes) ` +
        `pushed to the renderer in ${seconds(soakWall)}: ${((delivered / soakWall) * 1000).toFixed(0)} positions/s ` +
        `(the service offered up to ${((ASSETS * 1000) / TICK_MS).toFixed(0)}/s; real time is ${(ASSETS * 1000) / REAL_TICK_MS}/s, ` +
        `so ${(((delivered / soakWall) * 1000) / ((ASSETS * 1000) / REAL_TICK_MS)).toFixed(1)}× compressed in effect); ` +
        `fix → push at most ${maxLatency.toFixed(0)} ms; core CPU ${meanCpu.toFixed(0)} % on average.`,
    );
    if (delivered < TARGET_POSITIONS)
      console.log(
        `  The ${(SOAK_CAP_MS / 1000).toFixed(0)} s cap came first: this machine carried ${((100 * delivered) / TARGET_POSITIONS).toFixed(1)} % of the ${SHIFT} shift (see the load average).`,
      );
    console.log(
      `Load average (1/5/15 min): ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} on ${cpus().length} cores.`,
    );
    if (errors.length > 0)
      console.log(`Page errors during the soak (${errors.length}): ${errors.slice(0, 3).join(' | ')}`);
    console.log(`Total: ${seconds(performance.now() - began)}`);
    if (results.includes(false) || errors.length > 0) process.exitCode = 1;
  } finally {
    clearTimeout(watchdog);
    await browser?.close().catch(() => undefined);
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  }
}

runSoak().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
