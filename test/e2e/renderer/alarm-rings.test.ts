import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import { launchChromium } from '../../support/chromium';
import { HARNESS_LOAD, serveHarness } from '../../support/harness-pages';

// The alarm rings are copies of one bitmap at whole device pixels, and a frame that would put them on the
// same pixels leaves their canvas alone (alarm-ring-layer.ts; docs/architecture.md "National fleets"): a
// touched canvas of the map's size is composited again whole, and most frames of a glide move no marker
// by a whole pixel. Real Chromium: happy-dom has no canvas.

const middleSchema = z.tuple([z.number(), z.number()]).nullable();
const boxSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable();

let server: { url: string; close: () => Promise<void> };
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([serveHarness('test/renderer/map/rings'), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function ringsAt(dpr: number): Promise<Page> {
  const page = await browser.newPage({ deviceScaleFactor: dpr, viewport: { width: 400, height: 304 } });
  await page.goto(`${server.url}/index.html`, HARNESS_LOAD);
  await page.waitForFunction('window.ringsReady === true', undefined, { timeout: 30_000 });
  return page;
}

const moveBy = async (page: Page, dx: number, dy: number): Promise<number> =>
  z.number().parse(await page.evaluate(`window.rings.moveBy(${dx}, ${dy})`));
const middle = async (page: Page): Promise<z.infer<typeof middleSchema>> =>
  middleSchema.parse(await page.evaluate('window.rings.ringMiddle()'));

describe('the alarm rings on the live map', () => {
  for (const dpr of [1, 1.25]) {
    it(`follow their marker by whole device pixels and leave the canvas alone in between, at ${dpr * 100} %`, async () => {
      const page = await ringsAt(dpr);
      try {
        // Drawn once, round the marker in the view's middle.
        const first = await middle(page);
        expect(first).not.toBeNull();
        expect(Math.abs(first![0] - 200 * dpr)).toBeLessThanOrEqual(1);
        expect(Math.abs(first![1] - 152 * dpr)).toBeLessThanOrEqual(1);
        const drawn = z.number().parse(await page.evaluate('window.rings.clears()'));
        expect(drawn).toBeGreaterThanOrEqual(1);

        // A quarter of a device pixel, then another: the same pixels, so no redraw, the ring where it was.
        expect(await moveBy(page, 0.25, 0)).toBe(drawn);
        expect(await moveBy(page, 0, 0.25)).toBe(drawn);
        expect(await middle(page)).toEqual(first);

        // On past half a pixel: drawn again, one device pixel over, and again one down.
        expect(await moveBy(page, 0.5, 0)).toBe(drawn + 1);
        expect(await middle(page)).toEqual([first![0] + 1, first![1]]);
        expect(await moveBy(page, 0, 0.5)).toBe(drawn + 2);
        expect(await middle(page)).toEqual([first![0] + 1, first![1] + 1]);

        // Ten device pixels left: followed exactly.
        expect(await moveBy(page, -10, 0)).toBe(drawn + 3);
        expect(await middle(page)).toEqual([first![0] - 9, first![1] + 1]);
      } finally {
        await page.close();
      }
    });
  }

  it('frame a cluster that holds an alarmed vehicle, outside its disc', async () => {
    const page = await ringsAt(1);
    try {
      const marker = boxSchema.parse(await page.evaluate('window.rings.ringBox()'));
      await page.evaluate('window.rings.clusterInstead(250)');
      const cluster = boxSchema.parse(await page.evaluate('window.rings.ringBox()'));
      // The marker's ring: 12 px round, a 3 px stroke, 26 px of strong red across (its outermost half
      // pixels are blended). A cluster of 250's disc is 23 px round with a 3 px outer ring
      // (marker-drawing.ts): its alarm ring 5 px outside that, 31 px round, 64 px across, centred alike.
      expect(marker![2] - marker![0] + 1).toBe(26);
      expect(cluster![2] - cluster![0] + 1).toBe(64);
      expect(cluster![3] - cluster![1] + 1).toBe(64);
      expect((cluster![0] + cluster![2] + 1) / 2).toBe((marker![0] + marker![2] + 1) / 2);
      expect((cluster![1] + cluster![3] + 1) / 2).toBe((marker![1] + marker![3] + 1) / 2);
    } finally {
      await page.close();
    }
  });
});
