import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { z } from 'zod';
import { launchChromium } from '../../support/chromium';
import { HARNESS_LOAD, serveHarness } from '../../support/harness-pages';

// A track's segments over pixels its band already coloured are not stroked (stroke-coverage.ts): the
// picture must stay what it was. Real Chromium, whose software raster is what the culling saves.

const resultSchema = z.object({
  points: z.number(),
  strokedAll: z.number(),
  strokedCulled: z.number(),
  inkedAll: z.number(),
  inkedCulled: z.number(),
  changed: z.number(),
});
const pageSchema = z.object({ repeated: resultSchema, once: resultSchema });

let server: { url: string; close: () => Promise<void> };
let browser: Browser;
let result: z.infer<typeof pageSchema>;

beforeAll(async () => {
  [server, browser] = await Promise.all([serveHarness('test/renderer/map/track'), launchChromium()]);
  const page = await browser.newPage();
  await page.goto(`${server.url}/index.html`, HARNESS_LOAD);
  await page.waitForFunction('window.overdraw !== undefined', undefined, { timeout: 60_000 });
  result = pageSchema.parse(await page.evaluate('window.overdraw'));
  await page.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a track drawn without its overdraw', () => {
  it('strokes a route driven 25 times about once, and the picture is the same but for a few edge pixels', () => {
    const r = result.repeated;
    expect(r.points).toBeGreaterThan(50_000);
    expect(r.strokedCulled).toBeLessThan(r.strokedAll / 4);
    expect(r.changed).toBeLessThan(r.inkedAll * 0.01);
    // 25 passes a few tenths of a pixel apart make a road a little wider than one pass does: its faint edge
    // pixels, a few in a hundred of those coloured, are what culling loses (none changed by a quarter).
    expect(Math.abs(r.inkedCulled - r.inkedAll)).toBeLessThan(r.inkedAll * 0.05);
  });

  it('strokes every segment of a track that never crosses itself, pixel for pixel as before', () => {
    const r = result.once;
    expect(r.strokedAll).toBeGreaterThan(1000);
    expect(r.strokedCulled).toBe(r.strokedAll);
    expect(r.inkedCulled).toBe(r.inkedAll);
    expect(r.changed).toBe(0);
  });
});
