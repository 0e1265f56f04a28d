import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { history, replayToEnd, showCustomRange, shownSummary } from './support/history-screen';
import { paintedPixels, pixelDifference } from './support/map-canvas';
import { openScreen, waitForDemoFleet } from './support/operator';

const MINUTE = 60_000;
let app: FleetdeskApp;

beforeAll(async () => {
  app = await startFleetdeskApp({ fleetSize: 10, tickMs: 500 });
});

afterAll(async () => {
  await app?.close();
});

describe('the app when the fleet service goes away and comes back', () => {
  it('says how old its data is while the service is down, still replays cached history, and goes live again on restart', async () => {
    const { page } = app;
    await waitForDemoFleet(page);
    const list = page.getByRole('complementary', { name: 'Assets' });
    const moving = list
      .getByRole('option')
      .filter({ hasText: /[1-9]\d* km\/h/ })
      .first();
    await moving.waitFor(PATIENT);
    await moving.click();
    await page
      .getByRole('complementary', { name: 'Asset details' })
      .getByRole('button', { name: 'History' })
      .click();
    const screen = history(page);
    await screen.waitFor(PATIENT);

    // Seen once while online: these fixes are now in the app's cache.
    const end = Math.floor(Date.now() / MINUTE) * MINUTE - 5 * MINUTE;
    const start = end - 20 * MINUTE;
    await showCustomRange(page, start, end);
    const online = await shownSummary(page);
    expect(online.fixes).toBeGreaterThan(1);

    await app.stopService();

    // A range reaching two minutes past what was cached: the tail cannot be fetched, the rest can be replayed.
    await showCustomRange(page, start, end + 2 * MINUTE);
    const coverage = screen.getByTestId('history-coverage');
    await coverage.filter({ hasText: /^Offline — cached data, complete until / }).waitFor(PATIENT);
    const offline = await shownSummary(page);
    expect(offline.fixes).toBeGreaterThanOrEqual(online.fixes);
    await replayToEnd(page, '100×');

    const banner = page.getByRole('alert').filter({ hasText: /^Offline — showing cached data from / });
    await banner.waitFor(PATIENT);
    // The age of the data, counting up while the service stays away.
    await banner.filter({ hasText: /from \d+ s ago$/ }).waitFor(PATIENT);
    const statusBar = page.getByTestId('status-bar');
    expect(await statusBar.getByText(/^\s*Service\s+offline\s*$/).count()).toBe(1);
    await app.screenshot('offline');

    await app.restartService();
    await banner.waitFor({ state: 'detached', timeout: 60_000 });
    await statusBar.getByText(/^\s*Live\s+live\s*$/).waitFor({ timeout: 60_000 });
    await statusBar.getByText(/^\s*Service\s+online\s*$/).waitFor(PATIENT);

    // Live positions flow again: the markers move on the map.
    await openScreen(page, 'Live map');
    await expect.poll(async () => (await paintedPixels(page)).size, PATIENT).toBeGreaterThan(0);
    const before = await paintedPixels(page);
    await expect
      .poll(async () => pixelDifference(before, await paintedPixels(page)), PATIENT)
      .toBeGreaterThan(0);
    expect(app.pageErrors).toEqual([]);
    await app.screenshot('live-again');
  });
});
