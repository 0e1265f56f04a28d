import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { assetDriving, assetName } from './support/fleet-moments';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { fleetPainter, mapView, paintedAtCentre, paintedPixels, pixelDifference } from './support/map-canvas';
import { definition, listCount, connectDemoAgain, waitForDemoFleet } from './support/operator';

const FLEET_SIZE = 20;
let app: FleetdeskApp;

beforeAll(async () => {
  app = await startFleetdeskApp({ fleetSize: FLEET_SIZE, tickMs: 500 });
});

// What the screen showed when a test failed is the first thing to look at.
beforeEach(() => {
  onTestFailed(() => app.screenshot('live-map-failed'));
});

afterAll(async () => {
  await app?.close();
});

describe('the live map in Chromium against the local fleet service', () => {
  it('shows the whole demo fleet on the map after one click, and the markers move', async () => {
    const { page } = app;
    // A vehicle on the road all through the test, so that there is movement to see.
    app.runClockTo(assetDriving(app.fleet, app.serviceNow()));
    await waitForDemoFleet(page);
    await connectDemoAgain(page);
    const list = page.getByRole('complementary', { name: 'Assets' });
    await list.getByText(`${FLEET_SIZE} of ${FLEET_SIZE} assets`).waitFor(PATIENT);
    await page.getByTestId('status-bar').getByText(`${FLEET_SIZE} assets`).waitFor(PATIENT);
    await expect.poll(async () => (await paintedPixels(page)).size, PATIENT).toBeGreaterThan(0);
    // The built renderer carries the painting worker and the browser shell serves it (docs/architecture.md
    // "The renderer"): a worker that failed to load would have left the page painting.
    expect(await fleetPainter(page)).toBe('worker');

    // Markers glide between fixes; two moments a few ticks apart differ wherever a vehicle moved.
    const before = await paintedPixels(page);
    await expect
      .poll(async () => pixelDifference(before, await paintedPixels(page)), PATIENT)
      .toBeGreaterThan(0);
    expect(await listCount(page)).toEqual({ shown: FLEET_SIZE, total: FLEET_SIZE });
    expect(app.pageErrors).toEqual([]);
    await app.screenshot('live-map');
  });

  it('finds an asset by name, selects it, shows where it is, and keeps it in the middle of the map while it drives', async () => {
    const { page } = app;
    const list = page.getByRole('complementary', { name: 'Assets' });
    // A vehicle on the road all through the test, so that following it has something to show.
    const name = assetName(app.fleet, app.runClockTo(assetDriving(app.fleet, app.serviceNow())).assetId);

    await list.getByRole('searchbox', { name: 'Search assets' }).fill(name);
    await expect.poll(async () => (await listCount(page)).shown, PATIENT).toBeLessThan(FLEET_SIZE);
    await list
      .getByRole('option')
      .filter({ has: page.getByText(name, { exact: true }) })
      .click();

    const panel = page.getByRole('complementary', { name: 'Asset details' });
    await panel.getByRole('heading', { name }).waitFor(PATIENT);
    const latitude = definition(panel, 'Latitude');
    const longitude = definition(panel, 'Longitude');
    await latitude.filter({ hasText: /^-?\d+\.\d{5}°$/ }).waitFor(PATIENT);
    expect(await longitude.innerText()).toMatch(/^-?\d+\.\d{5}°$/);
    expect(await definition(panel, 'Speed').innerText()).toMatch(/^\d+ km\/h$/);

    const follow = panel.getByRole('button', { name: /Follow/ });
    await follow.click();
    await panel.locator('[aria-pressed="true"]', { hasText: 'Follow' }).waitFor(PATIENT);

    // As fixes arrive the map pans after the vehicle, and its marker is in the middle of the map each time.
    for (let moment = 0; moment < 2; moment++) {
      const view = await mapView(page);
      await expect.poll(() => mapView(page), PATIENT).not.toBe(view);
      await expect.poll(() => paintedAtCentre(page, 12), PATIENT).toBeGreaterThan(0);
    }
    expect(app.pageErrors).toEqual([]);
    await app.screenshot('follow-asset');
  });
});
