import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { docsScreenshot } from './support/docs-screenshot';
import { assetDriving } from './support/fleet-moments';
import { ALARM_RINGS_CANVAS, paintedPixels } from './support/map-canvas';
import { mapCoordinates } from './support/map-coordinates';
import { pressOneAtATime, tabToMap } from './support/map-keys';
import { listCount, waitForDemoFleet } from './support/operator';

// Enough vehicles in the demo's one city that, fitted on a 1440×900 window, they crowd the map.
const FLEET_SIZE = 2_000;
let app: FleetdeskApp;

beforeAll(async () => {
  // A moment with vehicles on the road, whatever the hour the test runs at: the alarms below need them.
  app = await startFleetdeskApp({
    fleetSize: FLEET_SIZE,
    clockFrom: (fleet, now) => assetDriving(fleet, now),
  });
});

// What the screen showed when a test failed is the first thing to look at.
beforeEach(() => {
  onTestFailed(() => app.screenshot('crowded-map-failed'));
});

afterAll(async () => {
  await app?.close();
});

/** Whether the fleet's canvas drew its last frame clustered, and why ('zoom', 'crowded', 'no'). */
async function clusteredAs(page: Page): Promise<string | null> {
  return page.locator('[data-testid="live-map"] canvas.fleet-canvas').getAttribute('data-clustered');
}

/** The live map's zoom once it has stopped moving (its data-view). */
const mapZoom = async (page: Page): Promise<number> => (await mapCoordinates(page)).zoom;

/** How many clusters the alarm rings' canvas ringed at its last redraw (each holds an alarmed vehicle). */
async function ringedClusters(page: Page): Promise<number> {
  return Number(await page.locator(ALARM_RINGS_CANVAS).getAttribute('data-ringed-clusters'));
}

describe('a city view too crowded to draw each vehicle apart', () => {
  it('is clustered where the vehicles crowd, its clusters ringed for the alarms they hold, and each vehicle is drawn again once zoomed in', async () => {
    const { page } = app;
    await waitForDemoFleet(page);
    await expect.poll(() => listCount(page), PATIENT).toEqual({ shown: FLEET_SIZE, total: FLEET_SIZE });
    await expect.poll(async () => (await paintedPixels(page)).size, PATIENT).toBeGreaterThan(0);

    // The whole fleet fitted: a city zoom, above the zoom the map clusters below, yet clustered.
    await page.keyboard.press('f');
    await tabToMap(page);
    await expect.poll(() => clusteredAs(page), PATIENT).toBe('crowded');
    const fitted = await mapZoom(page);
    expect(fitted).toBeGreaterThanOrEqual(11);
    await docsScreenshot(page, 'live-map-crowded');

    // Every vehicle on the road raises an alarm (an overspeed rule at 1 km/h): the clusters that hold one
    // are ringed in its colour, though their vehicles' own markers are not drawn.
    const res = await fetch(`${app.service.api_url}/api/${app.service.account_key}/alert`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Moving',
        kind: 'overspeed',
        asset_id: null,
        threshold: 1,
        severity: 'warning',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    await expect.poll(() => ringedClusters(page), PATIENT).toBeGreaterThan(0);
    await app.screenshot('crowded-map-alarms');

    // Zoomed in a step at a time until the view holds few enough to draw each apart.
    let steps = 0;
    while ((await clusteredAs(page)) === 'crowded' && steps < 8) {
      await pressOneAtATime(page, '=', 1);
      steps++;
      await expect.poll(() => mapZoom(page), PATIENT).toBe(fitted + steps);
      // The frame after the zoom is drawn from the new view.
      await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    }
    expect(await clusteredAs(page)).toBe('no');
    expect(steps).toBeGreaterThan(0);
    await expect.poll(() => ringedClusters(page), PATIENT).toBe(0);
    expect((await paintedPixels(page)).size).toBeGreaterThan(0);
    await docsScreenshot(page, 'live-map-crowded-zoomed-in');

    // And out again to the fitted view: crowded, clustered.
    await pressOneAtATime(page, '-', steps);
    await expect.poll(() => mapZoom(page), PATIENT).toBe(fitted);
    await expect.poll(() => clusteredAs(page), PATIENT).toBe('crowded');
    expect(app.pageErrors).toEqual([]);
  });
});
