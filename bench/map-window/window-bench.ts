import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import { startBrowserShell } from '../../src/main/browser-shell/browser-shell';
import { builtRenderer } from '../../test/e2e/renderer/support/renderer-build';
import { startTileServer } from '../../test/support/tile-server';
import { startProfile, topSelfTime } from '../map-curve/cpu-profile';
import { traceThreadCpu } from '../map-curve/frame-trace';
import { curvePoint, type CurvePoint } from '../map-curve/frame-curve';
import { firstFullTick } from '../support/first-full-tick';
import { percentile } from '../support/sample-stats';
import { startServiceProcess } from '../support/service-process';
import { readyLineSchema } from '../soak/protocol';
import { coreLog } from '../support/core-log';

/** The live-map viewport and targets (docs/architecture.md "National fleets"). */
const VIEWPORT = { width: 1280, height: 800 };
const TARGET_MS = 16;
/** Each asset reports every 5 s: 10,000 updates a second at 50,000 assets, the real rate. */
const TICK_MS = 5_000;
/** A city zoom: the live map clusters below 11 (LiveMap.vue), and above it a view too crowded to draw apart. */
const CITY_ZOOM = 13;

export interface WindowOptions {
  readonly assets: number;
  /** After the page first shows the fleet: its first minutes are the heaviest (the list, alarms catching up). */
  readonly warmupS: number;
  readonly seconds: number;
  readonly zooms: readonly ('fleet' | 'city')[];
  /** A CPU profile of the page's main thread over each zoom's measured seconds, saved and summed up. */
  readonly profile: boolean;
}

interface WindowPoint {
  readonly zoom: number;
  readonly frameP95: number;
  readonly frameMedian: number;
  readonly fps: number;
  readonly mainCpu: number;
  readonly workerCpu: number;
  readonly gpuCpu: number;
  /** Assets with an unacknowledged alarm, fleet-wide: each is ringed where its own marker is drawn. */
  readonly alarmed: number;
  /** How the fleet's canvas drew the view: clustered by 'zoom', clustered as 'crowded', or 'no'. */
  readonly clustered: string;
  readonly load: number;
}

/**
 * Each frame over `seconds` as bench/map/bench-page.ts times it: from the frame's start (the rAF
 * timestamp) to a task posted from inside the frame, which runs after its style, layout and paint; the
 * main thread's whole cost of the frame, the app's own animation-frame work included.
 */
const FRAME_TIMES = (seconds: number): string => `new Promise((resolve) => {
  const frames = [];
  const channel = new MessageChannel();
  let start = null;
  channel.port1.onmessage = () => {
    if (start !== null) frames.push(performance.now() - start);
    start = null;
  };
  const end = performance.now() + ${seconds * 1000};
  const tick = (ts) => {
    start = Math.min(ts, performance.now());
    channel.port2.postMessage(0);
    if (performance.now() < end) requestAnimationFrame(tick);
    else setTimeout(() => resolve(frames), 50);
  };
  requestAnimationFrame(tick);
})`;

const began = performance.now();
/** A progress line: a run takes minutes, most of them the service's first tick and the warm-up. */
const step = (what: string): void =>
  console.log(`  [${((performance.now() - began) / 1000).toFixed(0).padStart(4)} s] ${what}`);

const mapZoom = async (page: Page): Promise<number> => {
  const view = await page.locator('[data-view]').first().getAttribute('data-view');
  return Number(view?.split(',')[2]);
};

/** The fleet fitted (the map's own Fit button, F), or zoom 13 on the fleet's centre by the map's + key. */
async function showZoom(page: Page, zoom: 'fleet' | 'city'): Promise<void> {
  await page.getByRole('button', { name: /^Fit fleet/ }).click();
  await sleep(1_000);
  if (zoom === 'city') {
    await page.locator('[data-view]').first().focus();
    for (let guard = 0; guard < 8 && (await mapZoom(page)) < CITY_ZOOM; guard++) {
      await page.keyboard.press('+');
      await sleep(600);
    }
    // The keyboard's square is not what an operator watching the fleet has on the map.
    await page.evaluate('document.activeElement instanceof HTMLElement && document.activeElement.blur()');
  }
  // The view's tiles and the markers' first full paint at the new zoom.
  await sleep(3_000);
}

async function measure(
  browser: Browser,
  page: Page,
  seconds: number,
  alarmed: number,
  profileAs: string | null,
): Promise<WindowPoint> {
  const cdp = profileAs ? await page.context().newCDPSession(page) : null;
  const stopProfile = cdp ? await startProfile(cdp) : null;
  const stopTrace = await traceThreadCpu(browser, page);
  const times = z.array(z.number()).parse(await page.evaluate(FRAME_TIMES(seconds)));
  const cpu = await stopTrace();
  if (stopProfile && profileAs) {
    const { raw, profile } = await stopProfile();
    await cdp?.detach();
    const dir = resolve(import.meta.dirname, '../../test-results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `bench-map-window-${profileAs}.cpuprofile`);
    writeFileSync(file, JSON.stringify(raw));
    step(`CPU profile of the page's main thread: ${file}; self time over the measured seconds:`);
    for (const f of topSelfTime(profile, 25))
      console.log(
        `  ${f.ms.toFixed(0).padStart(7)} ms ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.name}`,
      );
  }
  step(`${times.length} frames timed and traced`);
  const frames = Math.max(1, times.length);
  return {
    zoom: await mapZoom(page),
    frameP95: percentile(times, 95),
    frameMedian: percentile(times, 50),
    fps: times.length / seconds,
    mainCpu: cpu.mainMs / frames,
    workerCpu: cpu.workerMs / frames,
    gpuCpu: cpu.gpuMs / frames,
    alarmed,
    clustered: (await page.locator('canvas.fleet-canvas').getAttribute('data-clustered')) ?? '?',
    load: loadavg()[0]!,
  };
}

const f = (n: number, width = 8, digits = 1): string => n.toFixed(digits).padStart(width);

/**
 * bench:map --window: the live map as an operator has it, the whole app window and not the layer alone.
 * The local service in its own process with `assets` vehicles at the real rate (each every 5 s) and its
 * demo alarm rules on, the browser shell (the real core in this process, its bridge socket), the built
 * renderer in Chromium at 1280×800 with software rendering, tiles from a local tile server. After the
 * warm-up it measures, at the fleet-wide zoom (the map's own Fit) and at city zoom (13), each frame from
 * its start to a task posted inside it (bench/map/bench-page.ts's whole frame) and, from a Chromium trace
 * of the same seconds, the CPU a frame of the page's main thread (every task: script, style, layout,
 * paint, canvas), of its paint worker and of Chromium's GPU process, and how many assets are alarmed
 * (ringed wherever their marker is drawn).
 *
 * Baseline, same run, once the app, its core and the service are gone: bench:map's curve page at the same
 * size and zoom, the fleet layer alone fed by a synthetic fleet. Not the same picture: the curve's fleet is
 * spread over a country (its fleet-wide zoom, 7, clusters it), where the local service's demo fleet is one
 * city's, so fitted it is shown at zoom 11, above the zoom the map clusters below; there the live map
 * clusters it as a view too crowded to draw each vehicle apart (crowding.ts), and the table's "clustered"
 * column says how each view was drawn. The curve's layer draws every marker at city zoom. The ratio is what
 * the whole window on the demo fleet costs over the layer's own figures; the trace's split says where.
 */
export async function windowBench(
  browser: Browser,
  harnessUrl: string,
  options: WindowOptions,
): Promise<void> {
  const { assets, warmupS, seconds, zooms } = options;
  console.log(
    `\nbench:map --window — the whole app window, ${assets.toLocaleString('en-US')} assets each reporting every ` +
      `${TICK_MS / 1000} s (the local service in its own process, alarms on), the browser shell's core in this ` +
      `process, the built renderer in Chromium ${VIEWPORT.width}×${VIEWPORT.height} with software rendering; ` +
      `${warmupS} s warm-up, ${seconds} s measured a zoom`,
  );
  console.log(
    `  machine at the start: load average (1 min) ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
  );
  const { child, ready } = await startServiceProcess(
    ['--fleet-size', String(assets), '--tick-ms', String(TICK_MS)],
    readyLineSchema,
  );
  const tiles = await startTileServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetdesk-map-window-'));
  const results = resolve(import.meta.dirname, '../../test-results');
  const apps: { zoom: 'fleet' | 'city'; app: WindowPoint }[] = [];
  try {
    const rendererDir = await builtRenderer();
    const tickS = (await firstFullTick(ready, assets, TICK_MS)) / 1000;
    console.log(`  the service's first whole tick after ${tickS.toFixed(0)} s`);
    const shell = await startBrowserShell({
      dataDir,
      renderer: { dir: rendererDir },
      demoService: ready,
      log: coreLog,
    });
    try {
      await shell.core.handlers['settings.set']({ tileUrl: tiles.template, tileAttribution: 'Bench tiles' });
      const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB', timezoneId: 'UTC' });
      const page = await context.newPage();
      page.on('pageerror', (err) => console.error(`  page error: ${err.message}`));
      await page.goto(shell.url);
      await page.locator('[data-view]').first().waitFor({ timeout: 180_000 });
      step(`the map is up; warming up for ${warmupS} s`);
      await sleep(warmupS * 1000);
      for (const zoom of zooms) {
        step(`${zoom} zoom: showing it`);
        await showZoom(page, zoom);
        step(`${zoom} zoom: measuring at zoom ${await mapZoom(page)}`);
        const summary = await shell.core.handlers['alarms.summary'](undefined);
        const app = await measure(
          browser,
          page,
          seconds,
          summary.alarmedAssets.length,
          options.profile ? zoom : null,
        );
        mkdirSync(results, { recursive: true });
        step(`${zoom} zoom: screenshot`);
        await page.screenshot({ path: join(results, `bench-map-window-${zoom}.png`) });
        apps.push({ zoom, app });
      }
      await context.close();
    } finally {
      await shell.stop();
    }
  } finally {
    child.kill('SIGTERM');
    await tiles.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  // With the app, its core and the service gone: the baseline has the machine to itself, as bench:map's curve.
  const points: { zoom: string; app: WindowPoint; layer: CurvePoint }[] = [];
  for (const { zoom, app } of apps) {
    step(`${zoom} zoom: the baseline, the fleet layer alone`);
    points.push({ zoom, app, layer: await curvePoint(browser, harnessUrl, zoom, assets) });
  }

  console.log(
    `  ${'zoom'.padEnd(7)}${''.padStart(6)}${'p95 frame'.padStart(11)}${'median'.padStart(9)}${'fps'.padStart(7)}` +
      `${'CPU/frame main'.padStart(16)}${'worker'.padStart(8)}${'GPU proc'.padStart(10)}${'alarmed'.padStart(9)}${'clustered'.padStart(10)}${'load'.padStart(7)}`,
  );
  for (const { zoom, app, layer } of points) {
    console.log(
      `  ${zoom.padEnd(7)}${String(app.zoom).padStart(6)}${f(app.frameP95, 11)}${f(app.frameMedian, 9)}${f(app.fps, 7)}` +
        `${f(app.mainCpu, 16, 2)}${f(app.workerCpu, 8, 2)}${f(app.gpuCpu, 10, 2)}${String(app.alarmed).padStart(9)}` +
        `${app.clustered.padStart(10)}${f(app.load, 7)}  the whole window`,
    );
    console.log(
      `  ${''.padEnd(7)}${String(layer.mapZoom ?? '–').padStart(6)}${f(layer.frameP95, 11)}${''.padStart(9)}${f(layer.fps, 7)}` +
        `${f(layer.mainCpu ?? Number.NaN, 16, 2)}${f(layer.workerCpu ?? Number.NaN, 8, 2)}${f(layer.gpuCpu ?? Number.NaN, 10, 2)}` +
        `${'–'.padStart(9)}${'–'.padStart(10)}${f(layer.load, 7)}  baseline: the fleet layer alone (bench:map --curve), same run`,
    );
    console.log(
      `  ${''.padEnd(13)}ratios window/layer: p95 frame ${(app.frameP95 / layer.frameP95).toFixed(2)}×, fps ` +
        `${(app.fps / layer.fps).toFixed(2)}×, main CPU a frame ${(app.mainCpu / (layer.mainCpu ?? Number.NaN)).toFixed(2)}×`,
    );
  }
  for (const { zoom, app } of points)
    console.log(
      `  target at ${zoom} zoom, p95 < ${TARGET_MS} ms: whole frame ${app.frameP95 < TARGET_MS ? 'met' : 'NOT met'} ` +
        `(${app.frameP95.toFixed(1)}); main thread's CPU a frame (script and the rest) ` +
        `${app.mainCpu < TARGET_MS ? 'below' : 'NOT below'} it (${app.mainCpu.toFixed(1)} on average)`,
    );
  console.log(
    `  load average (1 min) ${loadavg()[0]!.toFixed(1)} at the end; screenshots ${results}/bench-map-window-*.png`,
  );
}
