import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { history, replayToEnd, showCustomRange, shownSummary } from './support/history-screen';
import { assetName, drivingStretch } from './support/fleet-moments';
import { findAndSelectAsset, waitForDemoFleet } from './support/operator';
import { serviceApi } from './support/service-api';
import { trackFigures } from './support/track-figures';
import { HISTORY_DRAWN_MARK } from '../../../src/renderer/src/features/history/history-drawn-mark';

const MINUTE = 60_000;
let app: FleetdeskApp;

beforeAll(async () => {
  app = await startFleetdeskApp({ fleetSize: 20, tickMs: 500 });
});

// What the screen showed when a test failed is the first thing to look at.
beforeEach(() => {
  onTestFailed(() => app.screenshot('history-replay-failed'));
});

afterAll(async () => {
  await app?.close();
});

describe('history and replay in Chromium against the local fleet service', () => {
  it('replays a past half hour of an asset’s driving at 100× and sums it up as the service’s own fixes do', async () => {
    const { page } = app;
    await waitForDemoFleet(page);
    // A past half hour in which one asset drives, ended before the unsettled last 2 minutes; whole
    // minutes, as a datetime-local field holds them.
    const { assetId, start, end } = drivingStretch(app.fleet, Date.now(), 30 * MINUTE, 5 * MINUTE);
    const name = assetName(app.fleet, assetId);
    const panel = await findAndSelectAsset(page, name);

    // The asset panel's quick action opens the History screen on that asset.
    await panel.getByRole('button', { name: 'History' }).click();
    const screen = history(page);
    await screen.waitFor(PATIENT);
    await expect
      .poll(() => screen.getByRole('combobox', { name: /^Asset/ }).inputValue(), PATIENT)
      .toBe(name);
    // Today's history, shown on opening, is drawn; showing the half hour draws the canvas once more
    // and no more: its view is fitted to the track, and the replay cursor's first place on it (with
    // Follow on) does not pan that view away, which would draw the track again in the same task.
    const map = screen.getByTestId('history-map');
    await screen
      .getByLabel('Summary', { exact: true })
      .and(page.locator('[aria-busy="false"]'))
      .waitFor(PATIENT);
    await expect.poll(() => map.getAttribute('data-draw-count'), PATIENT).not.toBeNull();
    const drawsBefore = Number(await map.getAttribute('data-draw-count'));
    await showCustomRange(page, start, end);
    const shown = await shownSummary(page);
    expect(Number(await map.getAttribute('data-draw-count'))).toBe(drawsBefore + 1);

    // The service's answer for the same range. Its ends are inclusive (interface decisions); the app's
    // cache keeps half-open [start, end) day slices, so a fix exactly at `end` is not part of the view.
    const api = serviceApi(app.service, app.operatorToken);
    const fixes = (await api.history(assetId, start, end)).filter((f) => Date.parse(f.timestamp) < end);
    const expected = trackFigures(fixes);
    expect(expected.fixes).toBeGreaterThan(1);

    // At 100× the half hour takes 18 s of wall time; the clock stops on the last fix.
    await replayToEnd(page, '100×');
    expect(await screen.getByTestId('replay-time').innerText()).toBe(
      screenTime(Date.parse(fixes.at(-1)!.timestamp)),
    );

    expect(shown.fixes).toBe(expected.fixes);
    // The map marked each history it drew (today's on opening, then the half hour) once, not each redraw
    // the replay's following pans made, and drew it once, not again for each event of fitting the view to
    // it: bench:history --app times the click to this mark.
    const marks: unknown = await page.evaluate(
      `performance.getEntriesByName(${JSON.stringify(HISTORY_DRAWN_MARK)}, 'mark').map((m) => m.detail)`,
    );
    expect(marks).toHaveLength(2);
    expect((marks as unknown[])[1]).toMatchObject({
      assetId,
      start,
      end,
      points: expected.fixes,
      draws: 1,
    });
    // Both sides read the same fixes; the screen rounds the distance to 0.1 km and speeds to whole km/h.
    expect(Math.abs(shown.distanceKm - expected.distanceKm)).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(expected.maxSpeed).not.toBeNull();
    expect(Math.abs(shown.maxSpeed! - expected.maxSpeed!)).toBeLessThanOrEqual(0.5 + 1e-9);
    expect(await screen.getByTestId('history-coverage').count()).toBe(0);
    expect(app.pageErrors).toEqual([]);
    await app.screenshot('history-replay');
  });
});

/** The screen's date and time format (history-format.ts) in the page's locale and time zone. */
function screenTime(ms: number): string {
  return new Date(ms).toLocaleString('en-GB', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}
