/**
 * Issue 5 §2: the live map in real Chromium. 10,000 assets updating every
 * second, drawn by our canvas layer and, in the same run, by the naive
 * approach (one L.marker per asset, positions in a deep-reactive Vue store);
 * then a 30-day replay track (259,200 points) coloured by speed.
 *
 * Run: npm run bench:map            (figures)
 *      npm run bench:map -- --screenshots   (test-results/screenshots/renderer-*.png)
 */
import { mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import vue from '@vitejs/plugin-vue';
import { createServer, type ViteDevServer } from 'vite';
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/support/chromium';

interface FrameReport {
  mode: string;
  frames: number[];
  updateFrames: number[];
  scripts: number[];
  updateScripts: number[];
  batches: number;
  seconds: number;
}
interface TrackReport {
  points: number;
  projectMs: number;
  drawMs: number;
  kept: number;
}

const ROOT = resolve(import.meta.dirname, '..');
const ASSETS = 10_000;
const SECONDS = 8;

async function startHarness(): Promise<{ server: ViteDevServer; url: string }> {
  const server = await createServer({
    configFile: false,
    root: resolve(ROOT, 'bench/map'),
    cacheDir: resolve(ROOT, 'node_modules/.vite-bench-map'),
    plugins: [vue()],
    logLevel: 'warn',
    server: { host: '127.0.0.1', port: 0, fs: { allow: [ROOT] } },
    optimizeDeps: {
      include: ['leaflet', 'vue', 'pinia', 'supercluster', 'topojson-client', '@tanstack/vue-virtual', 'zod'],
    },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('vite did not report its port');
  return { server, url: `http://127.0.0.1:${address.port}` };
}

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length - 1) * p))] ?? Number.NaN;
};
const f = (n: number): string => n.toFixed(1).padStart(7);

async function result<T>(page: Page, timeoutMs: number): Promise<T> {
  await page.waitForFunction('"benchResult" in window', undefined, { timeout: timeoutMs });
  const value: unknown = await page.evaluate('window.benchResult');
  if (typeof value === 'object' && value !== null && 'error' in value) throw new Error(String(value.error));
  return value as T;
}

async function bench(url: string): Promise<void> {
  const browser = await launchChromium();
  try {
    const reports: FrameReport[] = [];
    for (const query of ['mode=canvas', 'mode=naive']) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      page.on('pageerror', (e) => console.error(`[${query}] ${e.message}`));
      await page.goto(`${url}/bench.html?${query}&count=${ASSETS}&seconds=${SECONDS}`);
      reports.push(await result<FrameReport>(page, 180_000));
      await page.close();
    }
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
      `  ${label.padEnd(62)}${f(Math.min(...xs))} ${f(pct(xs, 0.5))} ${f(pct(xs, 0.95))} ${f(Math.max(...xs))} ${String(xs.length).padStart(7)}`;
    console.log(`  ${'ms'.padEnd(62)}    min  median     p95     max  frames`);
    for (const r of reports) {
      console.log(row(`${r.mode}: script per frame`, r.scripts));
      console.log(row(`${r.mode}: script, update frames`, r.updateScripts));
      console.log(row(`${r.mode}: whole frame (to after paint)`, r.frames));
      console.log(row(`${r.mode}: whole frame, update frames`, r.updateFrames));
      console.log(`  ${r.mode}: ${(r.frames.length / r.seconds).toFixed(1)} frames per second`);
    }
    const [ours, naive] = reports as [FrameReport, FrameReport];
    const ratio = (a: number[], b: number[]): number => pct(b, 0.95) / pct(a, 0.95);
    console.log(
      `  naive ÷ canvas, p95: script per update frame ${ratio(ours.updateScripts, naive.updateScripts).toFixed(1)}×, whole update frame ${ratio(ours.updateFrames, naive.updateFrames).toFixed(1)}×`,
    );
    console.log(
      `  target p95 < 16 ms (canvas script per frame): ${pct(ours.scripts, 0.95) < 16 ? 'met' : 'NOT met'}; (whole frame): ${pct(ours.frames, 0.95) < 16 ? 'met' : 'NOT met'}`,
    );
    console.log(
      `  target ≥ 10× naive (whole update frame): ${ratio(ours.updateFrames, naive.updateFrames) >= 10 ? 'met' : 'NOT met'}`,
    );
    console.log(
      `\nReplay track: ${track.points.toLocaleString('en-US')} points (30 days at 10 s), projected + thinned to ${track.kept.toLocaleString('en-US')} on-screen vertices + drawn by speed band`,
    );
    console.log(
      `  total ${track.drawMs.toFixed(1)} ms (projection ${track.projectMs.toFixed(1)} ms); target < 200 ms: ${track.drawMs < 200 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await browser.close();
  }
}

const SHOTS: readonly { name: string; query: string; action?: (page: Page) => Promise<void> }[] = [
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

async function screenshots(url: string): Promise<void> {
  const out = resolve(ROOT, 'test-results/screenshots');
  mkdirSync(out, { recursive: true });
  const browser = await launchChromium();
  try {
    for (const shot of SHOTS) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      page.on('pageerror', (e) => console.error(`[${shot.name}] ${e.message}`));
      await page.goto(`${url}/index.html?${shot.query}`);
      await page.waitForTimeout(2500);
      await shot.action?.(page);
      const file = resolve(out, `renderer-${shot.name}.png`);
      await page.screenshot({ path: file });
      console.log(file);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

const { server, url } = await startHarness();
try {
  if (process.argv.includes('--screenshots')) await screenshots(url);
  else await bench(url);
} finally {
  await server.close();
}
