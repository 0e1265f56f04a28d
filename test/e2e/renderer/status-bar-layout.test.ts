import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import { launchChromium } from '../../support/chromium';
import { HARNESS_LOAD, serveHarness } from '../../support/harness-pages';

// What happy-dom cannot measure, on the status harness (test/renderer/status/screens): a
// paragraph-long connection reason and a 10,000-asset fleet at 1024 px.
const SHOTS = resolve(import.meta.dirname, '../../../test-results/screenshots');

let server: { url: string; close: () => Promise<void> };
let browser: Browser;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([serveHarness('test/renderer/status/screens'), launchChromium()]);
  page = await browser.newPage({ viewport: { width: 1024, height: 700 } });
  await page.goto(`${server.url}/index.html?screen=reports`, HARNESS_LOAD);
  await page.getByTestId('status-reason').waitFor({ timeout: 30_000 });
  // The 10,000-asset snapshot lands a moment later and fills the bar's right-hand side.
  await page.getByText('10000 assets').waitFor({ timeout: 30_000 });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const measurement = z.object({
  pageWidth: z.number(),
  viewport: z.number(),
  clipped: z.boolean(),
  helpRight: z.number(),
  ellipsis: z.string(),
  title: z.string(),
  text: z.string().nullable(),
  expected: z.string(),
});

describe('the status bar and the picker at 1024 px with a long reason and 10,000 assets', () => {
  it('clips the reason with an ellipsis, keeps it whole in the tooltip, and never scrolls sideways', async () => {
    // A string, not a callback: this file is type-checked without the DOM library.
    const m = measurement.parse(
      await page.evaluate(`(() => {
        const el = document.querySelector('[data-testid="status-reason"]');
        return {
          pageWidth: document.documentElement.scrollWidth,
          viewport: window.innerWidth,
          clipped: el.scrollWidth > el.clientWidth,
          helpRight: document.querySelector('[data-testid="status-bar"] .help').getBoundingClientRect().right,
          ellipsis: getComputedStyle(el).textOverflow,
          title: el.title,
          text: el.textContent,
          expected: window.harness.reason,
        };
      })()`),
    );
    await page.screenshot({ path: resolve(SHOTS, 'renderer-status-long-reason.png') });
    expect(m.pageWidth).toBeLessThanOrEqual(m.viewport);
    expect(m.helpRight).toBeLessThanOrEqual(m.viewport);
    expect(m.clipped).toBe(true);
    expect(m.ellipsis).toBe('ellipsis');
    expect(m.title).toBe(m.expected);
    expect(m.text).toBe(m.expected);
  });

  it('lists 50 of the 10,000 assets in the report form’s picker and says to type to narrow', async () => {
    const picker = page.getByRole('combobox', { name: /^Asset/ });
    await picker.click();
    await picker.press('ArrowDown');
    await expect
      .poll(() =>
        page
          .getByRole('listbox', { name: /^Asset/ })
          .getByRole('option')
          .count(),
      )
      .toBe(50);
    expect(await page.getByTestId('picker-status').innerText()).toBe('50 of 10,000 shown — type to narrow');
    await page.screenshot({ path: resolve(SHOTS, 'renderer-status-picker.png') });
  });
});
