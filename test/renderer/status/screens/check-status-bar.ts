/// <reference types="node" />
/**
 * Chromium check of what happy-dom cannot measure: with a paragraph-long
 * connection reason the page does not scroll sideways at 1024 px and the
 * reason is clipped with an ellipsis; with 10,000 assets the report form's
 * picker lists 50 and says "type to narrow".
 * Run: npx tsx test/renderer/status/screens/check-status-bar.ts
 * Writes test-results/screenshots/renderer-status-{long-reason,picker}.png; exits 1 on a failed check.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { launchChromium } from '../../../support/chromium';
import { serveHarness } from '../../../support/harness-pages';

const ROOT = resolve(import.meta.dirname, '../../../..');
const failures: string[] = [];
const check = (ok: boolean, what: string): void => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

const server = await serveHarness('test/renderer/status/screens');
const out = resolve(ROOT, 'test-results/screenshots');
mkdirSync(out, { recursive: true });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1024, height: 700 } });
  page.on('pageerror', (e) => failures.push(`page error: ${e.message}`));
  await page.goto(`${server.url}/index.html?screen=reports`);
  const reason = page.getByTestId('status-reason');
  await reason.waitFor({ timeout: 30_000 });
  // The 10,000-asset snapshot lands a moment later and fills the bar's right-hand side.
  await page.getByText('10000 assets').waitFor({ timeout: 30_000 });
  // A string, not a callback: this Node script is type-checked without the DOM library.
  const measured: unknown = await page.evaluate(`(() => {
    const el = document.querySelector('[data-testid="status-reason"]');
    const style = getComputedStyle(el);
    return {
      pageWidth: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      clipped: el.scrollWidth > el.clientWidth,
      helpRight: document.querySelector('[data-testid="status-bar"] .help').getBoundingClientRect().right,
      ellipsis: style.textOverflow,
      title: el.title,
      text: el.textContent,
      expected: window.harness.reason,
    };
  })()`);
  const m = z
    .object({
      pageWidth: z.number(),
      viewport: z.number(),
      clipped: z.boolean(),
      helpRight: z.number(),
      ellipsis: z.string(),
      title: z.string(),
      text: z.string().nullable(),
      expected: z.string(),
    })
    .parse(measured);
  check(m.pageWidth <= m.viewport, `no sideways scroll: page ${m.pageWidth} px in a ${m.viewport} px window`);
  check(m.helpRight <= m.viewport, `the bar's right-hand side stays in view (ends at ${m.helpRight} px)`);
  check(m.clipped && m.ellipsis === 'ellipsis', 'the reason is clipped with an ellipsis');
  check(m.title === m.expected && m.text === m.expected, 'the reason is whole in the title and the text');
  await page.screenshot({ path: resolve(out, 'renderer-status-long-reason.png') });

  const picker = page.getByRole('combobox', { name: /^Asset/ });
  await picker.waitFor({ timeout: 10_000 });
  await picker.click();
  await picker.press('ArrowDown');
  const options = await page
    .getByRole('listbox', { name: /^Asset/ })
    .getByRole('option')
    .count();
  const said = await page.getByTestId('picker-status').innerText();
  check(options === 50, `the picker lists 50 options of 10,000 (${options})`);
  check(said === '50 of 10,000 shown — type to narrow', `the picker says "${said}"`);
  await page.screenshot({ path: resolve(out, 'renderer-status-picker.png') });
  await page.close();
} finally {
  await browser.close();
  await server.close();
}
if (failures.length > 0) {
  console.error(failures.join('\n'));
  process.exit(1);
}
