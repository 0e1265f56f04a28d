/// <reference types="node" />
/**
 * Screenshots of the History, Reports and Tracking-links screens in Chromium
 * (issue 5 §3: look at them). Run: npx tsx test/renderer/history/screens/shoot.ts
 * Writes test-results/screenshots/renderer-{history,history-offline,history-light,reports,reports-json,links}.png
 * and prints how long the replay track took to draw.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import vue from '@vitejs/plugin-vue';
import { createServer } from 'vite';
import { chromium, type Page } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '../../../..');

interface Shot {
  readonly name: string;
  readonly query: string;
  readonly action?: (page: Page) => Promise<void>;
}

const replay = async (page: Page): Promise<void> => {
  await page.locator('[data-preset="yesterday"]').click();
  await page.waitForTimeout(1500);
  await page.locator('.speeds button', { hasText: '3600×' }).click();
  await page.getByLabel('Skip idle').check();
  await page.keyboard.press('Space');
  await page.waitForTimeout(3000);
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
};

const SHOTS: readonly Shot[] = [
  { name: 'history', query: 'screen=history&theme=dark', action: replay },
  { name: 'history-light', query: 'screen=history&theme=light', action: replay },
  {
    name: 'history-30-days',
    query: 'screen=history&theme=dark&dense=1',
    action: async (page) => {
      const day = 86_400_000;
      const local = (ms: number): string => {
        const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
        return d.toISOString().slice(0, 16);
      };
      await page.locator('[data-preset="custom"]').click();
      await page.locator('[data-testid="history-from"]').fill(local(Date.now() - 30 * day));
      await page.locator('[data-testid="history-to"]').fill(local(Date.now()));
      const started = Date.now();
      await page.locator('form.custom button[type="submit"]').click();
      await page.waitForFunction(
        () =>
          Number(
            document.querySelector('[data-testid="history-map"]')?.getAttribute('data-drawn-points') ?? 0,
          ) > 1000,
      );
      const loadMs = Date.now() - started;
      await page.waitForTimeout(1500);
      const fixes = await page.locator('.facts dd').nth(5).textContent();
      const drawMs = await page.locator('[data-testid="history-map"]').getAttribute('data-draw-ms');
      console.log(
        `30-day track: ${fixes?.trim()} fixes, last redraw ${drawMs} ms, request to first draw ${loadMs} ms (fake bridge)`,
      );
    },
  },
  { name: 'history-offline', query: 'screen=history&theme=dark&offline=1&tiles=0' },
  { name: 'reports', query: 'screen=reports&theme=dark' },
  {
    name: 'reports-json',
    query: 'screen=reports&theme=light',
    action: async (page) => {
      await page.locator('[data-local-id="f"] [data-action="view"]').click();
      await page.waitForTimeout(500);
    },
  },
  {
    name: 'reports-obd',
    query: 'screen=reports&theme=dark',
    action: async (page) => {
      await page.locator('[data-testid="report-type"]').selectOption('obd_data');
      await page.locator('[data-testid="report-from"]').fill('2026-10-01');
      await page.locator('[data-testid="report-from"]').dispatchEvent('change');
      await page.locator('[data-testid="report-type"]').selectOption('portable_beacon');
      await page.locator('[data-testid="report-submit"]').click();
      await page.waitForTimeout(300);
    },
  },
  { name: 'links', query: 'screen=links&theme=dark' },
  { name: 'links-light', query: 'screen=links&theme=light' },
];

const server = await createServer({
  configFile: false,
  root: resolve(ROOT, 'test/renderer/history/screens'),
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
const url = `http://127.0.0.1:${address.port}`;
const out = resolve(ROOT, 'test-results/screenshots');
mkdirSync(out, { recursive: true });
// test/support/chromium.ts is outside the renderer's type-check project (tsconfig.web.json),
// so this dev script launches the same Debian Chromium directly (CHROMIUM_PATH overrides).
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
try {
  for (const shot of SHOTS) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (e) => console.error(`[${shot.name}] ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'info' && m.text().startsWith('harness:')) console.log(`[${shot.name}] ${m.text()}`);
      if (m.type() === 'error' && !m.text().includes('ERR_NAME_NOT_RESOLVED'))
        console.error(`[${shot.name}] console: ${m.text()}`);
    });
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
  await server.close();
}
