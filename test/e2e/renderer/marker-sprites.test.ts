import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { z } from 'zod';
import { launchChromium } from '../../support/chromium';
import { HARNESS_LOAD, serveHarness } from '../../support/harness-pages';

// The live map's marker sprites are drawn once into an atlas of whole-device-pixel cells and copied pixel
// by pixel (docs/architecture.md "Renderer"); at a fractional display scale (Windows at 125 % or 150 %)
// each must still be one piece, centred on the marker's place. Real Chromium: happy-dom has no canvas.

const shapesSchema = z.array(
  z.object({
    state: z.number(),
    column: z.number(),
    pieces: z.number(),
    middle: z.tuple([z.number(), z.number()]),
    size: z.tuple([z.number(), z.number()]),
  }),
);

let server: { url: string; close: () => Promise<void> };
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([serveHarness('test/renderer/map/sprites'), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function shapesAt(dpr: number): Promise<z.infer<typeof shapesSchema>> {
  const page = await browser.newPage({ deviceScaleFactor: dpr });
  await page.goto(`${server.url}/index.html?dpr=${dpr}`, HARNESS_LOAD);
  await page.waitForFunction('Array.isArray(window.spriteShapes)', undefined, { timeout: 30_000 });
  const shapes = shapesSchema.parse(await page.evaluate('window.spriteShapes'));
  await page.close();
  return shapes;
}

describe('the marker sprites at every display scale', () => {
  for (const dpr of [1, 1.25, 1.5, 1.75, 2]) {
    it(`draws every heading's arrow and every dot in one piece, where it is at 100 %, at ${dpr * 100} %`, async () => {
      const [shapes, atOne] = await Promise.all([shapesAt(dpr), shapesAt(1)]);
      // 36 headings of the moving arrow, a dot per other state.
      expect(shapes.length).toBeGreaterThanOrEqual(36 + 3);
      expect(shapes.length).toBe(atOne.length);
      shapes.forEach((s, i) => {
        const where = `state ${s.state}, heading column ${s.column}`;
        const one = atOne[i]!;
        expect(s.pieces, where).toBe(1);
        // Where the same sprite's middle is at 100 %, scaled, within a device pixel and a half: not drifted.
        expect(Math.abs(s.middle[0] - one.middle[0] * dpr), where).toBeLessThanOrEqual(1.5);
        expect(Math.abs(s.middle[1] - one.middle[1] * dpr), where).toBeLessThanOrEqual(1.5);
        // Its size scales with the display.
        expect(Math.abs(s.size[0] - one.size[0] * dpr), where).toBeLessThanOrEqual(2);
        expect(Math.abs(s.size[1] - one.size[1] * dpr), where).toBeLessThanOrEqual(2);
      });
    });
  }
});
