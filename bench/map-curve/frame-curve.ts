import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { RendererMemory } from '../soak/renderer-memory';
import { startProfile, topSelfTime } from './cpu-profile';
import { traceThreadCpu } from './frame-trace';
import { percentile } from '../support/sample-stats';

/** What bench/map/bench-page.ts answers for one run (its FrameReport). */
export interface CurveReport {
  readonly mode: string;
  readonly frames: number[];
  readonly scripts: number[];
  readonly batches: number;
  readonly seconds: number;
  readonly mapZoom?: number;
}

export interface CurvePoint {
  readonly count: number;
  readonly mode: string;
  readonly mapZoom: number | null;
  readonly scriptP95: number;
  readonly scriptMedian: number;
  /** The worst frame: the once-a-second re-index of the clusters or stacks shows here, not at p95. */
  readonly scriptMax: number;
  readonly frameP95: number;
  readonly fps: number;
  /** Renderer JS heap in use after a full collection, the page's and its paint worker's, with the live map still up (bytes). */
  readonly heap: number;
  /** The paint worker's share of `heap`. */
  readonly workerHeap: number;
  readonly load: number;
  /** From a Chromium trace of the measured seconds (--trace): CPU ms a frame of the page's main thread and of its workers. */
  readonly mainCpu: number | null;
  readonly workerCpu: number | null;
  /** The same for Chromium's GPU process (frame-trace.ts). */
  readonly gpuCpu: number | null;
}

/** A checkout whose bench page runs the same curve in the same run, page by page in turn with this one's (--against). */
export interface OtherCheckout {
  readonly url: string;
  readonly label: string;
}

/**
 * 1 asset is the floor: the simulated fleet's first asset stands idle, so no frame has anything to redraw.
 * That row's whole frame is what the machine (its load, Chromium's own frame) costs a frame, whatever the fleet.
 */
export const CURVE_SIZES = [1, 1_000, 10_000, 25_000, 50_000, 100_000] as const;
const SECONDS = 8;
const BASELINE = 10_000;
const TARGET_COUNT = 50_000;
const TARGET_MS = 16;

async function result(page: Page, timeoutMs: number): Promise<CurveReport> {
  await page.waitForFunction('"benchResult" in window', undefined, { timeout: timeoutMs });
  const value: unknown = await page.evaluate('window.benchResult');
  if (typeof value === 'object' && value !== null && 'error' in value) throw new Error(String(value.error));
  return value as CurveReport;
}

/**
 * One fleet size at one zoom; with `profile`, the measured seconds' CPU profile saved and summed up; with
 * `trace`, the CPU a frame of the page's main thread and its workers.
 */
export async function curvePoint(
  browser: Browser,
  url: string,
  zoom: string,
  count: number,
  profile = false,
  trace = true,
): Promise<CurvePoint> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (e) => console.error(`[curve ${zoom} ${count}] ${e.message}`));
  await page.goto(`${url}/bench.html?mode=curve&zoom=${zoom}&count=${count}&seconds=${SECONDS}`);
  let stop: Awaited<ReturnType<typeof startProfile>> | null = null;
  const cdp = profile ? await page.context().newCDPSession(page) : null;
  if (cdp || trace) await page.waitForFunction('"benchMeasuring" in window', undefined, { timeout: 120_000 });
  if (cdp) stop = await startProfile(cdp);
  const stopTrace = trace ? await traceThreadCpu(browser, page) : null;
  const report = await result(page, 180_000);
  const cpu = stopTrace ? await stopTrace() : null;
  const load = loadavg()[0]!;
  if (stop) {
    const { raw, profile: p } = await stop();
    const dir = resolve(import.meta.dirname, '../../test-results');
    mkdirSync(dir, { recursive: true });
    const file = resolve(dir, `map-curve-${zoom}-${count}.cpuprofile`);
    writeFileSync(file, JSON.stringify(raw));
    console.log(`\nCPU profile, ${zoom} zoom, ${count.toLocaleString('en-US')} assets: ${file}`);
    console.log('  self time over the measured seconds (ms, share of wall time):');
    for (const f of topSelfTime(p, 18))
      console.log(`  ${f.ms.toFixed(0).padStart(7)} ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.name}`);
  }
  const memory = await RendererMemory.attach(page);
  const { heapUsed, workerHeapUsed } = await memory.sample();
  await memory.detach();
  await cdp?.detach();
  await page.close();
  return {
    count,
    mode: report.mode,
    mapZoom: report.mapZoom ?? null,
    scriptP95: percentile(report.scripts, 95),
    scriptMedian: percentile(report.scripts, 50),
    scriptMax: Math.max(...report.scripts),
    frameP95: percentile(report.frames, 95),
    fps: report.frames.length / report.seconds,
    heap: heapUsed,
    workerHeap: workerHeapUsed,
    load,
    mainCpu: cpu ? cpu.mainMs / report.frames.length : null,
    workerCpu: cpu ? cpu.workerMs / report.frames.length : null,
    gpuCpu: cpu ? cpu.gpuMs / report.frames.length : null,
  };
}

const f = (n: number, width = 8): string => n.toFixed(1).padStart(width);

function printTable(zoom: string, points: readonly CurvePoint[], label = ''): void {
  const base = points.find((p) => p.count === BASELINE);
  const traced = points.some((p) => p.mainCpu !== null);
  console.log(
    `\nLive map curve${label ? ` — ${label}` : ''}, ${zoom} zoom (${points[0]?.mode ?? ''}): national fleet, each asset reporting every 5 s, pushed as the core pushes (a batch of N/50 fixes every 100 ms), ${SECONDS} s measured per run (Chromium, 1280×800, software rendering)`,
  );
  console.log(
    `  ${'assets'.padStart(8)}${'zoom'.padStart(6)}${'p95 script'.padStart(12)}${'×10k'.padStart(7)}${'median'.padStart(9)}${'max'.padStart(8)}${'p95 frame'.padStart(11)}${'×10k'.padStart(7)}${'fps'.padStart(7)}${'heap MB'.padStart(9)}${'worker'.padStart(8)}${'×10k'.padStart(7)}${'load'.padStart(7)}${traced ? `${'CPU/frame main'.padStart(16)}${'worker'.padStart(8)}` : ''}`,
  );
  const times = (a: number, b: number | undefined): string =>
    (b ? `${(a / b).toFixed(1)}×` : '–').padStart(7);
  for (const p of points)
    console.log(
      `  ${p.count.toLocaleString('en-US').padStart(8)}${(p.mapZoom === null ? '–' : String(p.mapZoom)).padStart(6)}${f(p.scriptP95, 12)}${times(p.scriptP95, base?.scriptP95)}${f(p.scriptMedian, 9)}${f(p.scriptMax)}${f(p.frameP95, 11)}${times(p.frameP95, base?.frameP95)}${f(p.fps, 7)}${f(p.heap / 2 ** 20, 9)}${f(p.workerHeap / 2 ** 20)}${times(p.heap, base?.heap)}${f(p.load, 7)}${traced ? `${(p.mainCpu ?? NaN).toFixed(2).padStart(16)}${(p.workerCpu ?? NaN).toFixed(2).padStart(8)}` : ''}${p.count === 1 ? '  floor: nothing to redraw' : ''}`,
    );
  const at = points.filter((p) => p.count === TARGET_COUNT);
  if (at.length > 0) {
    const script = Math.min(...at.map((p) => p.scriptP95));
    const frame = Math.min(...at.map((p) => p.frameP95));
    console.log(
      `  target at ${TARGET_COUNT.toLocaleString('en-US')} assets, p95 < ${TARGET_MS} ms: script per frame ${script < TARGET_MS ? 'met' : 'NOT met'} (${script.toFixed(1)}); whole frame ${frame < TARGET_MS ? 'met' : 'NOT met'} (${frame.toFixed(1)})${at.length > 1 ? ' (best of the runs)' : ''}`,
    );
  }
}

/**
 * The cost of the live map as the fleet grows, at the fleet-wide zoom and at
 * city zoom: each size run `runs` times in turn (a shared machine is noisy),
 * every row printed with the load average it ran at. With `against`, the other
 * checkout's page runs each size right before or after this one's (the order
 * turns every run), so both meet the same load.
 */
export async function curveBench(
  browser: Browser,
  url: string,
  options: {
    sizes: readonly number[];
    zooms: readonly string[];
    runs: number;
    profile: boolean;
    trace: boolean;
    against: OtherCheckout | null;
  },
): Promise<void> {
  console.log(
    `\nmachine at the start: load average (1 min) ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
  );
  const trace = options.trace || options.against !== null;
  for (const zoom of options.zooms) {
    const ours: CurvePoint[] = [];
    const theirs: CurvePoint[] = [];
    for (let run = 0; run < options.runs; run++)
      for (const count of options.sizes) {
        const profile = options.profile && count === TARGET_COUNT;
        const mine = async (): Promise<void> => {
          ours.push(await curvePoint(browser, url, zoom, count, profile, trace));
        };
        const other = options.against;
        if (!other) {
          await mine();
          continue;
        }
        const them = async (): Promise<void> => {
          theirs.push(await curvePoint(browser, other.url, zoom, count, false, trace));
        };
        if (run % 2 === 0) {
          await them();
          await mine();
        } else {
          await mine();
          await them();
        }
      }
    ours.sort((a, b) => a.count - b.count);
    theirs.sort((a, b) => a.count - b.count);
    if (options.against) printTable(zoom, theirs, options.against.label);
    printTable(zoom, ours, options.against ? 'this checkout' : '');
  }
}
