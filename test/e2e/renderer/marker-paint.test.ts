import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { z } from 'zod';
import { launchChromium } from '../../support/chromium';
import { HARNESS_LOAD, serveHarness } from '../../support/harness-pages';

// The live map recomposes only the tiles under markers that moved and hands them to the canvas in boxes
// around them (docs/architecture.md "The renderer"); whatever it hands over, and whatever is drawn over the
// markers within what it handed over, the canvas must end as one painted whole. Real Chromium: happy-dom
// has no canvas.

const checkSchema = z.object({
  steps: z.number(),
  mismatches: z.array(z.string()),
  splitSteps: z.number(),
  handedPx: z.number(),
  wholePx: z.number(),
});

let server: { url: string; close: () => Promise<void> };
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([serveHarness('test/renderer/map/paint'), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a live frame painted in the boxes that changed', () => {
  for (const dpr of [1, 1.25]) {
    it(`ends pixel for pixel as the frame painted whole, at ${dpr * 100} %`, async () => {
      const page = await browser.newPage({ deviceScaleFactor: dpr });
      await page.goto(`${server.url}/index.html`, HARNESS_LOAD);
      await page.waitForFunction('"paintCheck" in window', undefined, { timeout: 60_000 });
      const raw: unknown = await page.evaluate('window.paintCheck');
      await page.close();
      const check = checkSchema.parse(raw);
      expect(check.steps).toBeGreaterThan(40);
      expect(check.mismatches).toEqual([]);
      // The moved markers lay apart: most frames were handed over in several boxes, a fraction of the canvas.
      expect(check.splitSteps).toBeGreaterThan(check.steps / 2);
      expect(check.handedPx).toBeLessThan(check.wholePx / 2);
    });
  }
});
