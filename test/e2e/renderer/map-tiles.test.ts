import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { tileColours } from '../../support/tile-server';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { liveMapTiles, near, tilesSettled } from './support/map-tiles';
import { waitForDemoFleet } from './support/operator';

let app: FleetdeskApp;

beforeAll(async () => {
  app = await startFleetdeskApp({ fleetSize: 8 });
});

beforeEach(() => {
  onTestFailed(() => app.screenshot('map-tiles-failed'));
});

afterAll(async () => {
  await app?.close();
});

const UNAVAILABLE = 'Map tiles unavailable — showing the built-in outline map';

describe('map tiles kept by the app', () => {
  it('draws the map from the tile cache with the tile server stopped, after the app started again', async () => {
    const { page } = app;
    await waitForDemoFleet(page);
    await expect.poll(() => tilesSettled(page), PATIENT).toBe(true);
    const online = await liveMapTiles(page);
    expect(online.length).toBeGreaterThan(0);
    expect(online.filter((t) => !t.loaded)).toEqual([]);
    // Each tile is the one the tile server drew for its z/x/y.
    for (const t of online) expect(near(t.topLeft, tileColours(t.z, t.x, t.y).light)).toBe(true);
    const asked = app.tiles.requests.length;
    expect(asked).toBeGreaterThan(0);
    expect(new Set(app.tiles.requests).size).toBe(asked);

    await app.tiles.stop();
    await app.restartCore();
    await waitForDemoFleet(page);
    await expect.poll(() => tilesSettled(page), PATIENT).toBe(true);
    const offline = await liveMapTiles(page);
    expect(offline.length).toBeGreaterThan(0);
    expect(offline.filter((t) => !t.loaded)).toEqual([]);
    for (const t of offline) expect(near(t.topLeft, tileColours(t.z, t.x, t.y).light)).toBe(true);
    expect(await page.getByText(UNAVAILABLE).count()).toBe(0);
    expect(app.tiles.requests.length).toBe(asked);
    await app.screenshot('map-tiles-from-cache');

    // A tile never seen cannot be shown: main's route says the tile server is out of reach.
    const unseen = await page.evaluate(`fetch('/tiles/12/1000/1000').then((r) => r.status)`);
    expect(unseen).toBe(504);
    expect(app.pageErrors).toEqual([]);
  });

  it('makes the visible area available offline: an estimate first, a progress bar, every tile kept', async () => {
    const { page } = app;
    await app.tiles.restart();
    onTestFailed(() => app.tiles.stop());
    const before = app.tiles.requests.length;
    await page.getByRole('button', { name: 'Offline area' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make this area available offline' });
    await dialog.waitFor(PATIENT);
    // Two zoom levels from the map's own: a hundred tiles or so, each drawn by the test's tile server.
    const from = Number(await dialog.getByRole('combobox', { name: 'From zoom' }).inputValue());
    await dialog.getByRole('combobox', { name: 'to' }).selectOption(String(from + 1));
    const estimate = dialog.getByTestId('offline-area-estimate');
    await estimate.waitFor(PATIENT);
    await expect.poll(() => dialog.getByRole('button', { name: 'Download' }).isEnabled(), PATIENT).toBe(true);
    const tiles = Number(/^([\d,]+) tiles?,/.exec(await estimate.innerText())?.[1]?.replaceAll(',', ''));
    expect(tiles).toBeGreaterThan(0);
    await app.screenshot('offline-area-estimate');
    await dialog.getByRole('button', { name: 'Download' }).click();
    const ended = dialog.getByRole('status');
    await ended.waitFor({ timeout: 60_000 });
    await expect.poll(() => ended.innerText(), PATIENT).toMatch(/^Done: /);
    expect(await ended.innerText()).toMatch(
      new RegExp(`^Done: ${tiles.toLocaleString('en-GB')} of ${tiles.toLocaleString('en-GB')} tiles kept`),
    );
    expect(await dialog.getByRole('progressbar', { name: 'Download progress' }).getAttribute('value')).toBe(
      String(tiles),
    );
    await app.screenshot('offline-area-done');
    // The tiles the map had shown were kept already: only the others were fetched.
    expect(app.tiles.requests.length - before).toBeLessThanOrEqual(tiles);
    expect(app.tiles.requests.length - before).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached', ...PATIENT });
    await app.tiles.stop();
    expect(app.pageErrors).toEqual([]);
  });

  it('shows what the tile cache holds in the Settings, empties it with Clear, and the map then says tiles are unavailable', async () => {
    const { page } = app;
    await page.evaluate('document.activeElement instanceof HTMLElement && document.activeElement.blur()');
    await page.keyboard.press(',');
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor(PATIENT);
    const use = dialog.getByTestId('tile-cache-use');
    const said = (): Promise<string> => use.getByRole('status').innerText();
    await expect.poll(said, PATIENT).toMatch(/^Map tiles kept: [\d.]+ KB \(\d+ tiles\)$/);
    await app.screenshot('settings-tile-cache');
    await use.getByRole('button', { name: 'Clear map tiles' }).click();
    await expect.poll(said, PATIENT).toBe('Map tiles kept: 0 B (0 tiles)');
    expect(await use.getByRole('button', { name: 'Clear map tiles' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...PATIENT });

    // The tile server is still stopped: with nothing kept, the map says so and shows its outlines.
    await page.reload();
    await waitForDemoFleet(page);
    await page.getByText(UNAVAILABLE).waitFor(PATIENT);
    expect(app.pageErrors).toEqual([]);
  });
});
