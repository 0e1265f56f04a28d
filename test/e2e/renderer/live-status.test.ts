import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { assetDriving, assetName } from './support/fleet-moments';
import { pixelsInColours } from './support/map-canvas';
import { findAndSelectAsset, waitForDemoFleet } from './support/operator';

/**
 * The colours that say a vehicle is moving, idling or stopped now (STATE_STYLE in the renderer's
 * features/map/asset-state.ts, which this project cannot import): none of them may show while stale.
 */
const LIVE_COLOURS = ['#2fbf71', '#f0a830', '#4a8fe7'];
const HHMM = /\d\d:\d\d/.source;

let app: FleetdeskApp;
let driving = 0;

beforeAll(async () => {
  // From the first thing the app shows, one vehicle drives and reports all through the test.
  app = await startFleetdeskApp({
    fleetSize: 20,
    tickMs: 500,
    clockFrom: (fleet, now) => {
      const found = assetDriving(fleet, now);
      driving = found.assetId;
      return found;
    },
  });
});

beforeEach(() => {
  onTestFailed(() => app.screenshot('live-status-failed'));
});

afterAll(async () => {
  await app?.close();
});

describe('one connection state on the status bar, the banner, the map and the asset panel', () => {
  it('shows last known positions while the service is down, and live ones again, never both at once', async () => {
    const { page } = app;
    await waitForDemoFleet(page);
    const bar = page.getByTestId('status-bar');
    await bar.getByText(/^\s*Live positions:\s+coming in\s*$/).waitFor(PATIENT);
    const panel = await findAndSelectAsset(page, assetName(app.fleet, driving));
    const trackerStatus = panel.getByTestId('tracker-status');
    await trackerStatus.filter({ hasText: /^Online$/ }).waitFor(PATIENT);
    await expect.poll(() => pixelsInColours(page, LIVE_COLOURS), PATIENT).toBeGreaterThan(0);

    await app.stopService();

    // The socket drops first ("reconnecting"); the next request that fails says the service is unreachable.
    const banner = page.getByRole('alert').filter({
      hasText: new RegExp(`^Offline — live positions stopped at ${HHMM}\\. The service cannot be reached`),
    });
    await banner.waitFor(PATIENT);
    await trackerStatus.filter({ hasText: new RegExp(`^unknown since ${HHMM}$`) }).waitFor(PATIENT);
    await bar.getByText(new RegExp(`^\\s*Live positions:\\s+stopped at ${HHMM}\\s*$`)).waitFor(PATIENT);
    expect(await bar.getByText(/^\s*Service:\s+not reachable\s*$/).count()).toBe(1);
    // Every marker is greyed: no colour claims a vehicle is moving, idling or stopped now.
    await expect.poll(() => pixelsInColours(page, LIVE_COLOURS), PATIENT).toBe(0);
    // One banner about it, and the status bar does not say it a second time.
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /cannot be reached/ })
        .count(),
    ).toBe(1);
    expect(await page.getByTestId('status-reason').count()).toBe(0);
    await app.screenshot('live-status-stale');

    // From here until everything is live again, the page never says the service answers beside
    // "cannot be reached" (pusher-js reconnects on its own back-off, after REST calls already succeed).
    await page.evaluate(`(() => {
      window.contradictions = [];
      const check = () => {
        const text = document.body.innerText;
        if (/Service:\\s+answering/.test(text) && /cannot be reached/.test(text)) window.contradictions.push(text);
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    })()`);

    await app.restartService();
    await bar.getByText(/^\s*Live positions:\s+coming in\s*$/).waitFor({ timeout: 90_000 });
    await bar.getByText(/^\s*Service:\s+answering\s*$/).waitFor(PATIENT);
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /live positions/i })
        .count(),
    ).toBe(0);
    await trackerStatus.filter({ hasText: /^Online$/ }).waitFor(PATIENT);
    await expect.poll(() => pixelsInColours(page, LIVE_COLOURS), PATIENT).toBeGreaterThan(0);
    expect(await page.evaluate('window.contradictions')).toEqual([]);
    expect(app.pageErrors).toEqual([]);
    await app.screenshot('live-status-live-again');
  });
});
