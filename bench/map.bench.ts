/**
 * docs/architecture.md "The renderer": the live map in real Chromium. 10,000 assets updating every
 * second, drawn by our canvas layer and, in the same run, by the naive
 * approach (one L.marker per asset, positions in a deep-reactive Vue store);
 * then a 30-day replay track (259,200 points) coloured by speed.
 *
 * Run: npm run bench:map            (figures)
 *      npm run bench:map -- --pan   (only the panning figures)
 *      npm run bench:map -- --screenshots   (test-results/screenshots/renderer-*.png)
 *      npm run bench:map -- --curve [--runs=2] [--sizes=1,1000,50000] [--zooms=fleet,city] [--profile]
 *        (the cost as the fleet grows, 1k to 100k assets, at the fleet-wide zoom and at city zoom, with
 *        1 asset as the floor, a frame with nothing to redraw;
 *        --profile saves the 50,000-asset runs' CPU profiles and prints where the time went;
 *        --trace adds each run's CPU a frame of the page's main thread and of its workers, from a Chromium trace;
 *        --against=<checkout> runs the same pages of another checkout of this project (a `git worktree` at
 *        another commit, its node_modules in place) in turn with this one's, page by page, both traced)
 *      npm run bench:map -- --window [--assets=50000] [--warmup-s=120] [--seconds=10] [--zooms=fleet,city] [--profile]
 *        (the whole app window, not the layer alone: bench/map-window/window-bench.ts)
 */
import { cpus, loadavg } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../test/support/chromium';
import { LOOPBACK_ONLY_ARGS } from '../test/support/loopback-only';
import { serveHarness, shootPages, type Shot } from '../test/support/harness-pages';
import { resolve } from 'node:path';
import { z } from 'zod';
import { CURVE_SIZES, curveBench, type OtherCheckout } from './map-curve/frame-curve';
import { windowBench } from './map-window/window-bench';
import { percentile } from './support/sample-stats';

interface FrameReport {
  mode: string;
  frames: number[];
  updateFrames: number[];
  scripts: number[];
  updateScripts: number[];
  batches: number;
  seconds: number;
}
interface PanCheck {
  dpr: number;
  steps: number;
  mismatches: string[];
  hits: number;
  seen: number;
  misses: string[];
}
interface TrackReport {
  points: number;
  projectMs: number;
  drawMs: number;
  kept: number;
  stroked: number;
}

const ASSETS = 10_000;
const SECONDS = 8;

const f = (n: number): string => n.toFixed(1).padStart(7);

async function result<T>(page: Page, timeoutMs: number): Promise<T> {
  await page.waitForFunction('"benchResult" in window', undefined, { timeout: timeoutMs });
  const value: unknown = await page.evaluate('window.benchResult');
  if (typeof value === 'object' && value !== null && 'error' in value) throw new Error(String(value.error));
  return value as T;
}

async function frames(browser: Browser, url: string, query: string): Promise<FrameReport> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (e) => console.error(`[${query}] ${e.message}`));
  await page.goto(`${url}/bench.html?${query}&count=${ASSETS}&seconds=${SECONDS}`);
  const report = await result<FrameReport>(page, 180_000);
  await page.close();
  return report;
}

/**
 * The map panning under the live fleet, each way measured twice in the same
 * run: as the layer draws it, and with every frame repainted whole (the
 * baseline a pan used to cost).
 */
async function panBench(browser: Browser, url: string): Promise<void> {
  for (const deviceScaleFactor of [1, 1.25]) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor });
    page.on('pageerror', (e) => console.error(`[pancheck] ${e.message}`));
    await page.goto(`${url}/bench.html?mode=pancheck`);
    const check = await result<PanCheck>(page, 60_000);
    await page.close();
    console.log(
      `\nPanned canvas against one repainted whole, devicePixelRatio ${check.dpr}, ${check.steps} drags then follow mode over gliding markers: ${check.mismatches.length === 0 ? 'pixel-identical' : `DIFFERENT: ${check.mismatches.join('; ')}`}; hit-testing found ${check.hits} assets where the map shows them; ${check.seen} lone markers seen centred there${check.misses.length ? `, MISSED ${check.misses.join(', ')}` : ''}`,
    );
    if (check.mismatches.length > 0 || check.misses.length > 0) process.exitCode = 1;
  }
  const rows: [string, FrameReport, FrameReport][] = [];
  for (const [kind, label] of [
    ['drag', 'drag (6, 3) px a frame'],
    ['follow', 'follow mode, zoom 13'],
  ] as const) {
    // Painted on the page: what a pan costs to compose and hand over, incremental against whole (in a worker,
    // the page's script is only locating the markers either way).
    const full = await frames(browser, url, `mode=pan&pan=${kind}&incremental=0&painter=page`);
    const incremental = await frames(browser, url, `mode=pan&pan=${kind}&incremental=1&painter=page`);
    rows.push([label, incremental, full]);
  }
  console.log(
    `\nLive map panning, ${ASSETS.toLocaleString('en-US')} assets updating every second, ${SECONDS} s measured; script per frame (layer redraw + batch), ms`,
  );
  console.log(
    `machine load average (1 min) at the end: ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
  );
  console.log(
    `  ${''.padEnd(28)}${'p95 full redraw'.padStart(16)}${'p95 layer'.padStart(12)}${'ratio'.padStart(8)}${'median layer'.padStart(14)}${'frames'.padStart(8)}`,
  );
  for (const [label, ours, full] of rows) {
    const a = percentile(full.scripts, 95);
    const b = percentile(ours.scripts, 95);
    console.log(
      `  ${label.padEnd(28)}${f(a).padStart(16)}${f(b).padStart(12)}${`${(a / b).toFixed(1)}×`.padStart(8)}${f(percentile(ours.scripts, 50)).padStart(14)}${String(ours.scripts.length).padStart(8)}`,
    );
  }
}

/** The other checkout's bench page, served by its own harness server (its sources, its Vite root). */
async function serveOther(dir: string): Promise<{ other: OtherCheckout; close: () => Promise<void> }> {
  const mod: unknown = await import(resolve(dir, 'test/support/harness-pages.ts'));
  const { serveHarness: serveTheirs } = z
    .object({ serveHarness: z.custom<typeof serveHarness>((v) => typeof v === 'function') })
    .parse(mod);
  const served = await serveTheirs('bench/map');
  return { other: { url: served.url, label: `against ${dir}` }, close: served.close };
}

async function bench(url: string): Promise<void> {
  const browser = await launchChromium(LOOPBACK_ONLY_ARGS);
  try {
    if (process.argv.includes('--pan')) {
      await panBench(browser, url);
      return;
    }
    const arg = (name: string): string | undefined =>
      process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
    if (process.argv.includes('--window')) {
      const whole = (name: string, fallback: number): number => {
        const n = Number(arg(name) ?? fallback);
        if (!Number.isInteger(n) || n < 1)
          throw new Error(`--${name}: a whole number above 0, got ${arg(name)}`);
        return n;
      };
      await windowBench(browser, url, {
        assets: whole('assets', 50_000),
        warmupS: whole('warmup-s', 120),
        seconds: whole('seconds', 10),
        zooms: arg('zooms')
          ?.split(',')
          .filter((z) => z === 'fleet' || z === 'city') ?? ['fleet', 'city'],
        profile: process.argv.includes('--profile'),
      });
      return;
    }
    if (process.argv.includes('--curve')) {
      const sizes = arg('sizes')?.split(',').map(Number) ?? CURVE_SIZES;
      if (sizes.some((n) => !Number.isInteger(n) || n < 1))
        throw new Error(`--sizes: whole numbers, got ${arg('sizes')}`);
      const againstDir = arg('against');
      const against = againstDir ? await serveOther(resolve(againstDir)) : null;
      try {
        await curveBench(browser, url, {
          sizes,
          zooms: arg('zooms')
            ?.split(',')
            .filter((z) => z === 'fleet' || z === 'city') ?? ['fleet', 'city'],
          runs: Math.max(1, Number(arg('runs') ?? 1)),
          profile: process.argv.includes('--profile'),
          trace: process.argv.includes('--trace'),
          against: against?.other ?? null,
        });
      } finally {
        await against?.close();
      }
      return;
    }
    const reports: FrameReport[] = [];
    for (const query of ['mode=canvas', 'mode=naive']) reports.push(await frames(browser, url, query));
    const trackPage = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await trackPage.goto(`${url}/bench.html?mode=track`);
    const track = await result<TrackReport>(trackPage, 60_000);
    await trackPage.close();

    console.log(
      `\nLive map, ${ASSETS.toLocaleString('en-US')} assets, a batch of ${ASSETS.toLocaleString('en-US')} updates every second, ${SECONDS} s measured (Chromium, 1280×800, software rendering)`,
    );
    console.log(
      `machine load average (1 min) at the end: ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
    );
    const row = (label: string, xs: number[]): string =>
      `  ${label.padEnd(62)}${f(Math.min(...xs))} ${f(percentile(xs, 50))} ${f(percentile(xs, 95))} ${f(Math.max(...xs))} ${String(xs.length).padStart(7)}`;
    console.log(`  ${'ms'.padEnd(62)}    min  median     p95     max  frames`);
    for (const r of reports) {
      console.log(row(`${r.mode}: script per frame`, r.scripts));
      console.log(row(`${r.mode}: script, update frames`, r.updateScripts));
      console.log(row(`${r.mode}: whole frame (to after paint)`, r.frames));
      console.log(row(`${r.mode}: whole frame, update frames`, r.updateFrames));
      console.log(`  ${r.mode}: ${(r.frames.length / r.seconds).toFixed(1)} frames per second`);
    }
    const [ours, naive] = reports as [FrameReport, FrameReport];
    const ratio = (a: number[], b: number[]): number => percentile(b, 95) / percentile(a, 95);
    console.log(
      `  naive ÷ canvas, p95: script per update frame ${ratio(ours.updateScripts, naive.updateScripts).toFixed(1)}×, whole update frame ${ratio(ours.updateFrames, naive.updateFrames).toFixed(1)}×`,
    );
    console.log(
      `  target p95 < 16 ms (canvas script per frame): ${percentile(ours.scripts, 95) < 16 ? 'met' : 'NOT met'}; (whole frame): ${percentile(ours.frames, 95) < 16 ? 'met' : 'NOT met'}`,
    );
    console.log(
      `  target ≥ 10× naive (whole update frame): ${ratio(ours.updateFrames, naive.updateFrames) >= 10 ? 'met' : 'NOT met'}`,
    );
    console.log(
      `\nReplay track: ${track.points.toLocaleString('en-US')} points (30 days at 10 s), projected + thinned to ${track.kept.toLocaleString('en-US')} on-screen vertices, ${track.stroked.toLocaleString('en-US')} segments stroked after overdraw culling, drawn by speed band`,
    );
    console.log(
      `  total ${track.drawMs.toFixed(1)} ms (projection ${track.projectMs.toFixed(1)} ms); target < 200 ms: ${track.drawMs < 200 ? 'met' : 'NOT met'}`,
    );
    await panBench(browser, url);
  } finally {
    await browser.close();
  }
}

const SHOTS: readonly Shot[] = [
  { name: 'connect', query: 'signedIn=0' },
  {
    name: 'connect-remote-errors',
    query: 'signedIn=0&theme=light',
    action: async (page) => {
      await page.getByRole('tab', { name: 'Remote service' }).click();
      await page.locator('input[name="name"]').fill('Head office');
      await page.locator('input[name="api_url"]').fill('api.example.com');
      await page.locator('input[name="user_id"]').fill('x');
      await page.getByRole('button', { name: 'Connect' }).click();
      await page.waitForTimeout(200);
    },
  },
  { name: 'map-dark', query: 'count=600&theme=dark' },
  {
    name: 'map-selected',
    query: 'count=600&theme=dark&notice=1',
    action: async (page) => {
      await page.locator('.asset-row').nth(2).click();
      await page.waitForTimeout(800);
    },
  },
  {
    name: 'map-clusters',
    query: 'count=2000&theme=dark',
    action: async (page) => {
      await page.locator('.leaflet-control-zoom-out').click();
      await page.waitForTimeout(400);
      await page.locator('.leaflet-control-zoom-out').click();
      await page.waitForTimeout(1500);
    },
  },
  { name: 'map-light', query: 'count=600&theme=light' },
  {
    name: 'map-back-from-history',
    query: 'count=600&theme=dark',
    action: async (page) => {
      await page.keyboard.press('2');
      await page.waitForTimeout(500);
      await page.keyboard.press('1');
      await page.waitForTimeout(800);
      await page.keyboard.press('/');
      await page.keyboard.type('0021');
      await page.waitForTimeout(1200);
      await page.locator('.asset-row').first().click();
      await page.waitForTimeout(1200);
    },
  },
  { name: 'map-offline', query: 'count=600&theme=dark&offline=1' },
  {
    name: 'help',
    query: 'count=300&theme=dark',
    action: async (page) => {
      await page.keyboard.press('?');
      await page.waitForTimeout(200);
    },
  },
];

const harness = await serveHarness('bench/map');
try {
  if (process.argv.includes('--screenshots')) await shootPages(harness.url, SHOTS);
  else await bench(harness.url);
} finally {
  await harness.close();
}
