/**
 * Screenshots of the History, Reports and Tracking-links screens in Chromium
 * (docs/architecture.md §1: look at them). Run: npx tsx test/renderer/history/screens/shoot.ts
 * Writes test-results/screenshots/renderer-<name>.png for each shot below
 * and prints how long the 30-day track took to draw.
 */
import type { Page } from 'playwright-core';
import { serveHarness, shootPages, type Shot } from '../../../support/harness-pages';

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
      // A string, not a function: this Node script is type-checked without the DOM library.
      await page.waitForFunction(
        `Number(document.querySelector('[data-testid="history-map"]')?.getAttribute('data-drawn-points') ?? 0) > 1000`,
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

const server = await serveHarness('test/renderer/history/screens');
try {
  await shootPages(server.url, SHOTS, (page, shot) => {
    page.on('console', (m) => {
      if (m.type() === 'info' && m.text().startsWith('harness:')) console.log(`[${shot.name}] ${m.text()}`);
      if (m.type() === 'error' && !m.text().includes('ERR_NAME_NOT_RESOLVED'))
        console.error(`[${shot.name}] console: ${m.text()}`);
    });
  });
} finally {
  await server.close();
}
