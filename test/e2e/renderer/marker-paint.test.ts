import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { z } from 'zod';
import { launchChromium } from '../../support/chromium';
import { HARNESS_LOAD, serveHarness } from '../../support/harness-pages';

// The live map recomposes only the tiles under markers that moved and hands them to the canvas in boxes
// around them (docs/architecture.md "The renderer"); whatever it hands over, the markers' pixels must end
// as one painted whole: painted on the page, and painted by a worker that owns the canvas (its pixels read
// back through the worker). The counts drawn over them are left out (paint-harness.ts says why). Real
// Chromium: happy-dom has no canvas, nor OffscreenCanvas.

const checkSchema = z.object({
  steps: z.number(),
  mismatches: z.array(z.string()),
  painter: z.enum(['page', 'worker']),
  splitSteps: z.number().nullable(),
  handedPx: z.number().nullable(),
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

async function paintCheck(dpr: number, painter: 'page' | 'worker'): Promise<z.infer<typeof checkSchema>> {
  const page = await browser.newPage({ deviceScaleFactor: dpr });
  await page.goto(`${server.url}/index.html?painter=${painter}`, HARNESS_LOAD);
  await page.waitForFunction('"paintCheck" in window', undefined, { timeout: 60_000 });
  const raw: unknown = await page.evaluate('window.paintCheck');
  await page.close();
  const failed = z.object({ error: z.string() }).safeParse(raw);
  if (failed.success) throw new Error(`the paint harness failed: ${failed.data.error}`);
  return checkSchema.parse(raw);
}

describe('a live frame painted in the boxes that changed', () => {
  for (const dpr of [1, 1.25]) {
    it(`ends pixel for pixel as the frame painted whole, at ${dpr * 100} %`, async () => {
      const check = await paintCheck(dpr, 'page');
      expect(check.painter).toBe('page');
      expect(check.steps).toBeGreaterThan(40);
      expect(check.mismatches).toEqual([]);
      // The moved markers lay apart: most frames were handed over in several boxes, a fraction of the canvas.
      expect(check.splitSteps).toBeGreaterThan(check.steps / 2);
      expect(check.handedPx).toBeLessThan(check.wholePx / 2);
    });

    it(`ends pixel for pixel as the frame painted whole when a worker paints it, at ${dpr * 100} %`, async () => {
      const check = await paintCheck(dpr, 'worker');
      expect(check.painter).toBe('worker');
      expect(check.steps).toBeGreaterThan(40);
      expect(check.mismatches).toEqual([]);
    });
  }
});

describe('a painting worker that fails', () => {
  it('is logged, and the map is painted on the page on a new canvas, never left blank', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/failover.html`, HARNESS_LOAD);
    await page.waitForFunction('"failoverCheck" in window', undefined, { timeout: 60_000 });
    const raw: unknown = await page.evaluate('window.failoverCheck');
    await page.close();
    const failed = z.object({ error: z.string() }).safeParse(raw);
    if (failed.success) throw new Error(`the failover harness failed: ${failed.data.error}`);
    const check = z
      .object({
        before: z.string().optional(),
        after: z.string().optional(),
        canvases: z.number(),
        paintedBefore: z.number(),
        paintedAfter: z.number(),
        warnings: z.array(z.string()),
      })
      .parse(raw);
    expect(check.before).toBe('worker');
    expect(check.after).toBe('page');
    expect(check.canvases).toBe(1);
    expect(check.paintedBefore).toBeGreaterThan(0);
    expect(check.paintedAfter).toBeGreaterThan(0);
    // The worker's own parser named what it could not read.
    expect(check.warnings.join('\n')).toMatch(/painting worker failed.*delta/s);
  });
});
