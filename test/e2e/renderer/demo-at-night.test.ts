import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { localServiceOptionsSchema } from '../../../src/server/options';
import { docsScreenshot } from './support/docs-screenshot';
import { HOOK_AND_TEST_MS, weekdayNight } from './support/fleet-moments';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { paintedPixels, pixelDifference } from './support/map-canvas';
import { chooseTheme, waitForDemoFleet } from './support/operator';

/** The app's own demo: the size of fleet a newcomer sees first. */
const DEMO_SIZE = localServiceOptionsSchema.parse({}).fleetSize;
/** docs/interface-decisions.md "The simulated fleet": a fifth of the fleet on the road at any hour. */
const SHARE = 0.2;
let app: FleetdeskApp;

beforeAll(async () => {
  app = await startFleetdeskApp({
    fleetSize: DEMO_SIZE,
    tickMs: 500,
    // Some margin over a fifth, so that a marker between two fixes (standing at a light) leaves enough.
    clockFrom: (fleet, now) => weekdayNight(fleet, now, SHARE + 0.06, HOOK_AND_TEST_MS),
  });
});

beforeEach(() => {
  onTestFailed(() => app.screenshot('demo-at-night-failed'));
});

afterAll(async () => {
  await app?.close();
});

describe('the demo at 23:00 on a weekday', () => {
  it('shows a fifth of its vehicles moving on the map, not five still dots', async () => {
    const { page } = app;
    await waitForDemoFleet(page);
    const moving = page.locator('[data-count="moving"]');
    await expect
      .poll(async () => Number(await moving.innerText()), PATIENT)
      .toBeGreaterThanOrEqual(Math.ceil(SHARE * DEMO_SIZE));
    // And the markers move: two moments a few ticks apart differ wherever a vehicle drove.
    await expect.poll(async () => (await paintedPixels(page)).size, PATIENT).toBeGreaterThan(0);
    const before = await paintedPixels(page);
    await expect
      .poll(async () => pixelDifference(before, await paintedPixels(page)), PATIENT)
      .toBeGreaterThan(0);
    expect(app.pageErrors).toEqual([]);

    // The README's first picture: the built-in outline map (the test tiles are a checkerboard), on a desk
    // whose clock is the service's, so that fixes read "just now" rather than "ahead of this computer".
    await app.tiles.stop();
    await page.evaluate(`window.fleetdesk.invoke('tiles.clear')`);
    await page.reload();
    await waitForDemoFleet(page);
    await page.getByText('Map tiles unavailable — showing the built-in outline map').waitFor(PATIENT);
    await page.clock.setSystemTime(app.serviceNow());
    await chooseTheme(page, 'dark');
    await page
      .getByText('clock ahead')
      .first()
      .waitFor({ state: 'detached', ...PATIENT });
    await docsScreenshot(page, 'live-map');
  });
});
