/// <reference types="node" />
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import vue from '@vitejs/plugin-vue';
import { createServer } from 'vite';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * A Vite dev server for one of the renderer harness pages that run in
 * Chromium without Electron (bench/map, test/renderer/history/screens):
 * `root` is the harness folder, relative to the project.
 */
export async function serveHarness(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = await createServer({
    configFile: false,
    root: resolve(ROOT, root),
    // One dependency cache for every harness: they bundle the same renderer dependencies.
    cacheDir: resolve(ROOT, 'node_modules/.vite-bench-map'),
    plugins: [vue()],
    logLevel: 'warn',
    server: { host: '127.0.0.1', port: 0, fs: { allow: [ROOT] } },
    optimizeDeps: {
      include: [
        'leaflet',
        'vue',
        'pinia',
        'supercluster',
        'topojson-client',
        '@tanstack/vue-virtual',
        'zod',
        '@geoman-io/leaflet-geoman-free',
      ],
    },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') {
    await server.close();
    throw new Error('vite did not report its port');
  }
  return { url: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}

/**
 * For a harness page's first `goto`: Vite transforms the renderer's modules as the page asks for them,
 * which took over Playwright's default 30 s on this 2-core machine under load (the e2e hooks allow 2 min).
 */
export const HARNESS_LOAD = { timeout: 90_000 };

export interface Shot {
  readonly name: string;
  /** Query of the harness's index.html. */
  readonly query: string;
  /** What to do once the page has settled, before the picture is taken. */
  readonly action?: (page: Page) => Promise<void>;
  /** The window's size; 1440×900 unless given. */
  readonly viewport?: { readonly width: number; readonly height: number };
}

/**
 * Each shot's page at its viewport (1440×900 by default), given 2.5 s to settle, acted on, then saved
 * as test-results/screenshots/renderer-<name>.png (the path is printed).
 * `watch` may listen to a page before it loads (console messages).
 */
export async function shootPages(
  url: string,
  shots: readonly Shot[],
  watch?: (page: Page, shot: Shot) => void,
): Promise<void> {
  const out = resolve(ROOT, 'test-results/screenshots');
  mkdirSync(out, { recursive: true });
  const browser: Browser = await launchChromium();
  try {
    for (const shot of shots) {
      const page = await browser.newPage({ viewport: shot.viewport ?? { width: 1440, height: 900 } });
      page.on('pageerror', (e) => console.error(`[${shot.name}] ${e.message}`));
      watch?.(page, shot);
      await page.goto(`${url}/index.html?${shot.query}`, HARNESS_LOAD);
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
