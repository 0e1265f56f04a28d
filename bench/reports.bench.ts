import { loadavg } from 'node:os';
import { startLocalService, type LocalService } from '../src/server';
import { buildReport } from '../src/server/reports/content/build-report';
import { renderReport } from '../src/server/reports/render/render-report';
import { createFleet } from '../src/server/sim/fleet';
import type Pusher from 'pusher-js';
import type { Channel } from 'pusher-js';
import {
  addDays,
  formatCalendarDate,
  downloadResponseSchema,
  MS_PER_DAY,
  REPORT_EVENTS,
  REPORT_FORMATS,
  reportCompletedEventSchema,
  reportProcessingEventSchema,
  reportRequestSchema,
  reportFailedEventSchema,
  submissionResponseSchema,
  type ReportFormat,
} from '../src/shared/interface';
import { closePusher, subscribedClient } from '../test/support/pusher';
import { timeExcelWriters, writerMemory } from './reports/excel-writers';
import { BENCH_FLEET_SIZE, BENCH_SEED, trailDocument } from './reports/trail-document';
import { percentile } from './support/sample-stats';

/**
 * docs/architecture.md "Reports": end-to-end time (submit → downloadable, over HTTP) of a 1-day
 * and a 30-day trail report of asset 1 (10 s fixes around the clock: 8,640
 * and 259,200 positions) in every format, throughput with the pool busy,
 * and a same-run baseline: the bare cost of visiting and serializing the
 * 259,200 samples.
 */
const SEED = BENCH_SEED;
const FLEET_SIZE = BENCH_FLEET_SIZE;
const TARGET_1D_MS = 300;
const TARGET_30D_MS = 1000;

const today = Math.floor(Date.now() / MS_PER_DAY) * MS_PER_DAY;
const range = (days: number): { date_from: string; date_to: string } => ({
  date_from: formatCalendarDate(addDays(today, -days)),
  date_to: formatCalendarDate(addDays(today, -1)),
});

let runCounter = 0;
const auth = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

/** What the client saw of one report's completion: the service's processing_time_ms and when the events arrived. */
interface Completion {
  readonly processingMs: number;
  /** performance.now() at .report.processing (a worker took it) and at .report.completed. */
  readonly processingAt: number;
  readonly completedAt: number;
  /** This process's CPU time (service threads, zlib's pool, the bench) between the two events. */
  readonly workerCpuMs: number;
}

/** CPU time of the whole process so far: the service's main thread, its workers and libuv's pool. */
const processCpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Resolves when .report.completed (or .failed) for `id` arrives on the user's channel (spec 6.1). */
class CompletionWatcher {
  private readonly waiting = new Map<
    string,
    { resolve: (c: Completion) => void; reject: (e: Error) => void }
  >();
  private readonly early = new Map<string, Error | Completion>();
  private readonly started = new Map<string, { at: number; cpuMs: number }>();

  constructor(channel: Channel) {
    channel.bind(REPORT_EVENTS.processing, (data: unknown) =>
      this.started.set(reportProcessingEventSchema.parse(data).report_id, {
        at: performance.now(),
        cpuMs: processCpuMs(),
      }),
    );
    channel.bind(REPORT_EVENTS.completed, (data: unknown) => {
      const completedAt = performance.now();
      const cpuMs = processCpuMs();
      const { report_id: id, processing_time_ms: processingMs } = reportCompletedEventSchema.parse(data);
      const start = this.started.get(id) ?? { at: completedAt, cpuMs };
      this.started.delete(id);
      this.settle(id, {
        processingMs: processingMs ?? 0,
        processingAt: start.at,
        completedAt,
        workerCpuMs: cpuMs - start.cpuMs,
      });
    });
    channel.bind(REPORT_EVENTS.failed, (data: unknown) => {
      const failed = reportFailedEventSchema.parse(data);
      this.settle(failed.report_id, new Error(`report failed: ${failed.error_message}`));
    });
  }

  wait(id: string): Promise<Completion> {
    const early = this.early.get(id);
    if (early !== undefined) {
      this.early.delete(id);
      return early instanceof Error ? Promise.reject(early) : Promise.resolve(early);
    }
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
  }

  private settle(id: string, outcome: Error | Completion): void {
    const w = this.waiting.get(id);
    if (!w) {
      this.early.set(id, outcome);
      return;
    }
    this.waiting.delete(id);
    if (outcome instanceof Error) w.reject(outcome);
    else w.resolve(outcome);
  }
}

/** One report's stages as the client sees them; they add up to `total`. */
interface Timing {
  /** Submit → downloaded. */
  readonly total: number;
  /** Inside the service, from a worker taking the job to its file being complete: processing_time_ms. */
  readonly generation: number;
  /** Submit → .report.processing arrives: the HTTP request, admission, the queue and dispatch to a worker. */
  readonly queued: number;
  /** .report.processing → .report.completed arrives: the worker's build, render and write, and the publish. */
  readonly worker: number;
  /** .report.completed → the file's last byte: /download, the signed address, the bytes. */
  readonly download: number;
  /** Process CPU time during `worker` and during `download`: wall time well above it is time spent waiting for a core. */
  readonly workerCpu: number;
  readonly downloadCpu: number;
}

interface Client {
  readonly token: string;
  readonly watcher: CompletionWatcher;
}

/** Submit, wait for .report.completed, then download the file's bytes. */
async function endToEnd(
  service: LocalService,
  client: Client,
  format: ReportFormat,
  days: number,
): Promise<Timing> {
  const started = performance.now();
  const res = await fetch(`${service.base_url}/api/v1/reports/generate`, {
    method: 'POST',
    headers: { ...auth(client.token), 'Content-Type': 'application/json' },
    // A distinct title per run: identical requests would be served from the cache.
    body: JSON.stringify({
      type: 'trail',
      format,
      asset_id: 1,
      ...range(days),
      title: `bench ${++runCounter}`,
    }),
  });
  if (res.status !== 201) throw new Error(`submit: HTTP ${res.status} ${await res.text()}`);
  const { report_id: id } = submissionResponseSchema.parse(await res.json());
  const done = await client.watcher.wait(id);
  const downloadCpu0 = processCpuMs();
  await download(service, client, format, id);
  const end = performance.now();
  return {
    total: end - started,
    generation: done.processingMs,
    queued: done.processingAt - started,
    worker: done.completedAt - done.processingAt,
    download: end - done.completedAt,
    workerCpu: done.workerCpuMs,
    downloadCpu: processCpuMs() - downloadCpu0,
  };
}

/**
 * The file's bytes, fetched as the app does (src/main/core/reports): json
 * arrives from /download itself; every other format's /download answers
 * with a pre-signed address (spec 2.4), fetched without the bearer token.
 */
async function download(
  service: LocalService,
  client: Client,
  format: ReportFormat,
  id: string,
): Promise<void> {
  const answer = await fetch(`${service.base_url}/api/v1/reports/${id}/download`, {
    headers: auth(client.token),
  });
  if (answer.status !== 200) throw new Error(`download: HTTP ${answer.status}`);
  if (format === 'json') {
    await answer.arrayBuffer();
    return;
  }
  const link = downloadResponseSchema.parse(await answer.json());
  const file = await fetch(link.download_url);
  if (file.status !== 200) throw new Error(`download_url: HTTP ${file.status}`);
  const size = (await file.arrayBuffer()).byteLength;
  if (size !== link.file_size) throw new Error(`download_url: ${size} of ${link.file_size} bytes`);
}

const split = (t: Timing): string =>
  `${fmt(t.total)} = queue ${fmt(t.queued)} + worker ${fmt(t.worker)} (CPU ${fmt(t.workerCpu)}) ` +
  `+ download ${fmt(t.download)} (CPU ${fmt(t.downloadCpu)})  (${load()})`;

const fmt = (ms: number): string => (ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`);

/** The machine is shared: every figure line says how busy it was (1-minute load average, 2 cores). */
const load = (): string => `load ${loadavg()[0]!.toFixed(1)}`;

/** CPU time of this thread (not the process: the service's workers run beside it). */
function threadCpuMs(since?: NodeJS.CpuUsage): { usage: NodeJS.CpuUsage; ms: number } {
  const usage = process.threadCpuUsage(since);
  return { usage, ms: (usage.user + usage.system) / 1000 };
}

/**
 * Build + render of the same reports in this thread, timed by CPU as well as
 * by the clock: CPU time barely moves with the machine's load, the wall time
 * (and so the end-to-end figures) does.
 */
async function generationCpu(): Promise<void> {
  const fleet = createFleet({ seed: SEED, size: FLEET_SIZE });
  const once = async (
    format: ReportFormat,
    days: number,
  ): Promise<{ build: number; render: number; wall: number }> => {
    const request = reportRequestSchema.parse({ type: 'trail', format, asset_id: 1, ...range(days) });
    const wall0 = performance.now();
    const c0 = threadCpuMs().usage;
    const doc = buildReport({ fleet, request, reportId: 'bench', title: 'bench', generatedAt: Date.now() });
    const built = threadCpuMs(c0).ms;
    const c1 = threadCpuMs().usage;
    await renderReport(doc, format);
    return { build: built, render: threadCpuMs(c1).ms, wall: performance.now() - wall0 };
  };
  console.log(
    '\ngeneration in one thread (build + render, no queue, no HTTP): CPU build + render = CPU total (wall)',
  );
  for (const format of REPORT_FORMATS) {
    await once(format, 1); // warm-up: module loading, fonts, JIT
    const cells: string[] = [];
    for (const days of [1, 30]) {
      const t = await once(format, days);
      cells.push(
        `${fmt(t.build)} + ${fmt(t.render)} = ${fmt(t.build + t.render)} (${fmt(t.wall)})`.padEnd(40),
      );
    }
    console.log(`${format.padEnd(7)} 1 day: ${cells[0]!} 30 days: ${cells[1]!} ${load()}`);
  }
}

const EXCEL_WRITER_REPS = 5;
const EXCEL_WRITER_LIMIT = 1.5;

/**
 * Our XLSX writer (render/excel/, zip-archive.ts) against exceljs's streaming
 * writer on the 30-day trail, in this thread; then each writer's peak memory
 * in a process of its own. docs/architecture.md "Why the service writes XLSX itself" says why we keep
 * our own only while exceljs is more than 1.5× slower.
 */
async function excelWriters(): Promise<void> {
  const thirty = trailDocument(30);
  const rows = thirty.tables[0]?.rows.length ?? 0;
  console.log(
    `\nexcel writers, the 30-day trail (${rows} rows) written ${EXCEL_WRITER_REPS} times each, alternating ` +
      `(wall median / p95, process CPU median, file; peak RSS above the start, one run in its own process)  (${load()})`,
  );
  const runs = await timeExcelWriters(trailDocument(1), thirty, EXCEL_WRITER_REPS);
  const loadAfterTiming = load();
  const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  for (const name of ['ours', 'exceljs'] as const) {
    const r = runs[name];
    const memory = await writerMemory(name, 30);
    console.log(
      `${name.padEnd(8)} ${fmt(percentile(r.wallMs, 50))} / ${fmt(percentile(r.wallMs, 95))}`.padEnd(28) +
        `CPU ${fmt(percentile(r.cpuMs, 50))}`.padEnd(14) +
        `${(r.bytes / 1e6).toFixed(1)} MB file`.padEnd(16) +
        `peak RSS +${mb(memory.peakAboveStart)} (from ${mb(memory.startRss)})`,
    );
  }
  const ratio = percentile(runs.exceljs.wallMs, 50) / percentile(runs.ours.wallMs, 50);
  const ratioP95 = percentile(runs.exceljs.wallMs, 95) / percentile(runs.ours.wallMs, 95);
  console.log(
    `exceljs / ours: ${ratio.toFixed(1)}× (median wall), ${ratioP95.toFixed(1)}× (p95): ` +
      `${ratio <= EXCEL_WRITER_LIMIT ? 'within' : 'NOT within'} ${EXCEL_WRITER_LIMIT}×  (${loadAfterTiming} after the timed runs)`,
  );
}

function baseline(): { visitMs: number; stringifyMs: number; samples: number } {
  const fleet = createFleet({ seed: SEED, size: FLEET_SIZE });
  const from = addDays(today, -30);
  const to = today - 1;
  let samples = 0;
  let t0 = performance.now();
  fleet.forEachSample(1, from, to, () => void samples++);
  const visitMs = performance.now() - t0;
  t0 = performance.now();
  const rows: unknown[] = [];
  fleet.forEachSample(1, from, to, (s) => rows.push([s.t, s.lat, s.lon, s.speed, s.ignition, s.state]));
  const json = JSON.stringify(rows);
  const stringifyMs = performance.now() - t0;
  if (json.length === 0) throw new Error('empty baseline');
  return { visitMs, stringifyMs, samples };
}

/**
 * Latency of a cheap authenticated call while the workers are busy: the
 * point of the worker threads is that generation never blocks the HTTP
 * event loop (docs/architecture.md "Reports").
 */
function startPinger(service: LocalService, token: string): { stop: () => Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      const res = await fetch(
        `${service.base_url}/api/v1/reports/00000000-0000-4000-8000-000000000000/status`,
        {
          headers: auth(token),
        },
      );
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return latencies;
    },
  };
}

async function throughput(
  service: LocalService,
  clients: readonly Client[],
  formats: readonly ReportFormat[],
  seconds: number,
): Promise<{ done: number; perSecond: number }> {
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let done = 0;
  // Three in flight per user (spec 8's limit), two users: six reports keep the pool busy.
  const lane = async (client: Client, k: number): Promise<void> => {
    while (performance.now() < deadline) {
      await endToEnd(service, client, formats[(done + k) % formats.length]!, 1);
      done++;
    }
  };
  await Promise.all(clients.flatMap((c, i) => [0, 1, 2].map((k) => lane(c, i * 3 + k))));
  return { done, perSecond: done / ((performance.now() - started) / 1000) };
}

async function main(): Promise<void> {
  const service = await startLocalService({ port: 0, seed: SEED, fleetSize: FLEET_SIZE, tickMs: 60_000 });
  const sockets: Pusher[] = [];
  const clients: Client[] = [];
  for (const user of service.users) {
    const { pusher, channel } = await subscribedClient(service, user, 'reports');
    sockets.push(pusher);
    clients.push({ token: user.token, watcher: new CompletionWatcher(channel) });
  }
  const client = clients[0]!;
  try {
    const base = baseline();
    console.log(
      `baseline (same run): forEachSample over 30 days of asset 1: ${base.samples} samples in ${fmt(base.visitMs)}; ` +
        `collect + JSON.stringify of 6 fields: ${fmt(base.stringifyMs)}  (${load()})`,
    );
    await generationCpu();
    // The writer comparison takes minutes on a busy machine (exceljs is about ten times slower).
    if (process.argv.includes('--no-writers')) console.log('\nexcel writers: skipped (--no-writers)');
    else await excelWriters();
    // Warm both workers in every format (module loading, fonts, JIT) before measuring.
    for (const format of REPORT_FORMATS) {
      await Promise.all([endToEnd(service, client, format, 1), endToEnd(service, client, format, 1)]).catch(
        () => undefined,
      );
    }
    console.log(
      '\nend to end, trail of asset 1, submit → .report.completed → download over HTTP (median of 3 / one run);\n' +
        '(gen) = generation inside the worker, processing_time_ms:',
    );
    console.log('format  1 day (gen)            30 days (gen)          30 days / baseline');
    let allOk = true;
    const working: ReportFormat[] = [];
    const splits: string[] = [];
    for (const format of REPORT_FORMATS) {
      try {
        const runs = [
          await endToEnd(service, client, format, 1),
          await endToEnd(service, client, format, 1),
          await endToEnd(service, client, format, 1),
        ].sort((a, b) => a.total - b.total);
        const one = runs[1]!;
        const thirty = await endToEnd(service, client, format, 30);
        const ok = one.total < TARGET_1D_MS && thirty.total < TARGET_30D_MS;
        allOk &&= ok;
        working.push(format);
        const cell = (t: Timing): string => `${fmt(t.total)} (${fmt(t.generation)})`.padEnd(22);
        console.log(
          `${format.padEnd(7)} ${cell(one)} ${cell(thirty)} ` +
            `${(thirty.total / base.stringifyMs).toFixed(1)}×`.padEnd(7) +
            `${load()}${ok ? '' : '   MISSES TARGET'}`,
        );
        splits.push(`${format.padEnd(7)} ${split(thirty)}`);
      } catch (err) {
        allOk = false;
        console.log(`${format.padEnd(7)} n/a: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    console.log(
      '\n30 days, where the time went (client clock): queue = submit → .report.processing, ' +
        'worker = .report.processing → .report.completed, download = .report.completed → last byte;\n' +
        '(CPU) = CPU time of the whole process (service threads, zlib pool, this client) in that stage',
    );
    for (const line of splits) console.log(line);
    // The pinger runs beside the throughput runs, not the timed ones above: its 50 requests a second
    // would take CPU from the report being timed.
    const pinger = startPinger(service, client.token);
    const tp = await throughput(service, clients, working, 10);
    const pings = await pinger.stop();
    console.log(
      `\nthroughput, 1-day trail reports in ${working.join('/')}, 6 in flight: ${tp.done} in 10 s = ${tp.perSecond.toFixed(1)} reports/s  (${load()})`,
    );
    console.log(
      `HTTP answers meanwhile (GET /status every 20 ms, ${pings.length} calls): ` +
        `p50 ${fmt(percentile(pings, 50))}, p99 ${fmt(percentile(pings, 99))}, max ${fmt(percentile(pings, 100))}`,
    );
    console.log(
      `\ntargets: 1 day < ${TARGET_1D_MS} ms, 30 days < ${TARGET_30D_MS} ms in every format: ${allOk ? 'met' : 'NOT met'}`,
    );
  } finally {
    for (const p of sockets) await closePusher(p);
    await service.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
