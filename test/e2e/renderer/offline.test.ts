import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { history, playAWhile, showCustomRange, shownSummary } from './support/history-screen';
import { paintedPixels, pixelDifference } from './support/map-canvas';
import { assetDriving, assetName, drivingStretch } from './support/fleet-moments';
import { findAndSelectAsset, openScreen, waitForDemoFleet } from './support/operator';

const MINUTE = 60_000;
let app: FleetdeskApp;

beforeAll(async () => {
  app = await startFleetdeskApp({ fleetSize: 20, tickMs: 500 });
});

// What the screen showed when a test failed is the first thing to look at.
beforeEach(() => {
  onTestFailed(() => app.screenshot('offline-failed'));
});

afterAll(async () => {
  await app?.close();
});

describe('the app when the fleet service goes away and comes back', () => {
  it('says since when its positions are not live while the service is down, still replays cached history, and goes live again on restart', async () => {
    const { page } = app;
    // A vehicle on the road all through the test, so that the map has movement to show once the service is back.
    app.runClockTo(assetDriving(app.fleet, app.serviceNow()));
    await waitForDemoFleet(page);
    // History ranges are the app's own (the wall clock's): a past stretch in which an asset drove.
    const { assetId, start, end } = drivingStretch(app.fleet, Date.now(), 20 * MINUTE, 5 * MINUTE);
    const panel = await findAndSelectAsset(page, assetName(app.fleet, assetId));
    await panel.getByRole('button', { name: 'History' }).click();
    const screen = history(page);
    await screen.waitFor(PATIENT);

    // Seen while online (the quick action loads today, then this range): these fixes are in the app's cache.
    await showCustomRange(page, start, end);
    const online = await shownSummary(page);
    expect(online.fixes).toBeGreaterThan(1);

    await app.stopService();

    // From that stretch until now: the stretch was fetched while online, what came after it cannot be fetched
    // now (whatever the hour: the quick action's "today" may be a minute long), and what the cache holds replays.
    await showCustomRange(page, start, Date.now());
    const coverage = screen.getByTestId('history-coverage');
    await coverage.filter({ hasText: /Offline — cached data, complete until / }).waitFor(PATIENT);
    const offline = await shownSummary(page);
    expect(offline.fixes).toBeGreaterThanOrEqual(online.fixes);
    // The cached stretch is 20 minutes: at 60× it plays for 20 s, long enough to see it play and pause it.
    await playAWhile(page, '60×');

    // Since when the positions on screen are not live (docs/interface-decisions.md "Live feed state").
    const banner = page.getByRole('alert').filter({ hasText: /^Offline — live positions stopped at / });
    await banner.waitFor(PATIENT);
    const statusBar = page.getByTestId('status-bar');
    expect(await statusBar.getByText(/^\s*Service:\s+not reachable\s*$/).count()).toBe(1);
    await app.screenshot('offline');

    await app.restartService();
    await banner.waitFor({ state: 'detached', timeout: 60_000 });
    await statusBar.getByText(/^\s*Live positions:\s+coming in\s*$/).waitFor({ timeout: 60_000 });
    await statusBar.getByText(/^\s*Service:\s+answering\s*$/).waitFor(PATIENT);

    // Live positions flow again: the markers move on the map. The asset searched for earlier may be parked
    // now, so the whole fleet is back on the map (the list's search filters the map too).
    await openScreen(page, 'Live map');
    await page.getByRole('searchbox', { name: 'Search assets' }).fill('');
    await page.getByRole('button', { name: /^Fit fleet/ }).click();
    await expect.poll(async () => (await paintedPixels(page)).size, PATIENT).toBeGreaterThan(0);
    const before = await paintedPixels(page);
    await expect
      .poll(async () => pixelDifference(before, await paintedPixels(page)), PATIENT)
      .toBeGreaterThan(0);
    expect(app.pageErrors).toEqual([]);
    await app.screenshot('live-again');
  });
});
