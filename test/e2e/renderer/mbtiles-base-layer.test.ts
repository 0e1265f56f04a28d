import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { writeMbtiles } from '../../support/mbtiles-fixture';
import { tileColours } from '../../support/tile-server';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { liveMapTiles, near, tilesSettled, type ShownTile } from './support/map-tiles';
import { waitForDemoFleet } from './support/operator';

let app: FleetdeskApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fleetdesk-mbtiles-e2e-'));
  app = await startFleetdeskApp({ fleetSize: 8 });
});

beforeEach(() => {
  onTestFailed(() => app.screenshot('mbtiles-base-layer-failed'));
});

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every shown tile is the MBTiles file's drawing of its z/x/y (the tile server's palette turned half way). */
async function fromTheFile(tiles: () => Promise<ShownTile[]>): Promise<boolean> {
  const shown = await tiles();
  return shown.length > 0 && shown.every((t) => near(t.topLeft, tileColours(t.z, t.x, t.y, 1).light));
}

describe('an MBTiles file as the base map, through the browser shell', () => {
  it('is imported in the Settings and draws the map with the tile server stopped, credited with its attribution', async () => {
    const { page } = app;
    await waitForDemoFleet(page);
    await expect.poll(() => tilesSettled(page), PATIENT).toBe(true);
    const online = await liveMapTiles(page);
    expect(online.length).toBeGreaterThan(0);
    for (const t of online) expect(near(t.topLeft, tileColours(t.z, t.x, t.y).light)).toBe(true);

    // The file holds the map's view and a margin around it, as a site's own extract would.
    const z = online[0]!.z;
    const xs = online.map((t) => t.x);
    const ys = online.map((t) => t.y);
    const wanted: { z: number; x: number; y: number }[] = [];
    for (let x = Math.max(0, Math.min(...xs) - 2); x <= Math.min(2 ** z - 1, Math.max(...xs) + 2); x++)
      for (let y = Math.max(0, Math.min(...ys) - 2); y <= Math.min(2 ** z - 1, Math.max(...ys) + 2); y++)
        wanted.push({ z, x, y });
    const file = writeMbtiles(dir, 'quarry.mbtiles', {
      name: 'Quarry site',
      tiles: wanted,
      attribution: 'Survey © Quarry Ltd',
    });
    await app.tiles.stop();
    const asked = app.tiles.requests.length;

    await page.evaluate('document.activeElement instanceof HTMLElement && document.activeElement.blur()');
    await page.keyboard.press(',');
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor(PATIENT);
    const section = dialog.getByTestId('mbtiles-base-layer');
    // The browser shell has no native dialog: the page's own file chooser, its bytes sent to main.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser', PATIENT),
      section.getByRole('button', { name: 'Import MBTiles…' }).click(),
    ]);
    await chooser.setFiles(file);
    const status = section.getByRole('status');
    await status.waitFor(PATIENT);
    expect(await status.innerText()).toBe(
      `Quarry site (quarry.mbtiles), zoom ${z}–${z}: the map shows this file instead of the tile server.`,
    );
    await app.screenshot('settings-mbtiles-imported');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...PATIENT });

    await expect.poll(() => fromTheFile(() => liveMapTiles(page)), PATIENT).toBe(true);
    expect(await page.locator('[data-testid="live-map"] .leaflet-control-attribution').innerText()).toBe(
      'Survey © Quarry Ltd',
    );
    expect(app.tiles.requests.length).toBe(asked);
    await app.screenshot('map-from-mbtiles');

    // Outside the file's zoom range main says not found: the outline map shows there.
    expect(await page.evaluate(`fetch('/tiles/${z + 1}/0/0').then((r) => r.status)`)).toBe(404);
    expect(app.pageErrors).toEqual([]);
  });
});
