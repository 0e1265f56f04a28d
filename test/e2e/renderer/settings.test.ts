import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { Locator } from 'playwright-core';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { chooseTheme, openSettings, saveSettings, waitForDemoFleet } from './support/operator';
import { startTileServer, type TileServer } from '../../support/tile-server';

const ATTRIBUTION = '© Fleetdesk e2e tiles';

let app: FleetdeskApp;
/** The tile server the operator switches to (the app starts on app.tiles). */
let own: TileServer;
/** Every tile the page asked main's tile route for. */
const routedTiles: string[] = [];

beforeAll(async () => {
  [app, own] = await Promise.all([startFleetdeskApp({ fleetSize: 8 }), startTileServer()]);
  app.page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/tiles/')) routedTiles.push(r.url());
  });
});

beforeEach(() => {
  onTestFailed(() => app.screenshot('settings-failed'));
});

afterAll(async () => {
  await app?.close();
  await own?.stop();
});

const tileUrl = (dialog: Locator): Locator => dialog.getByRole('textbox', { name: 'Tile URL template' });
const cacheSize = (dialog: Locator): Locator => dialog.getByRole('textbox', { name: 'Cache size (MB)' });

describe('the settings dialog in Chromium against the real core', () => {
  it('refuses a tile URL without {z}/{x}/{y} beside the field and saves nothing', async () => {
    const { page } = app;
    await waitForDemoFleet(page);
    const dialog = await openSettings(page);
    await expect.poll(() => page.locator(':focus').getAttribute('name'), PATIENT).toBe('tileUrl');

    await tileUrl(dialog).fill('https://tiles.example.com/tile.png');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('must be an http(s) tile URL with {z}, {x} and {y}').waitFor(PATIENT);
    expect(await tileUrl(dialog).getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached', ...PATIENT });
    const again = await openSettings(page);
    expect(await tileUrl(again).inputValue()).toBe(app.tiles.template);
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'detached', ...PATIENT });
    expect(own.requests).toEqual([]);
  });

  it('sends the map to a tile server of the operator’s choosing and keeps it, and the cache size, after a reload', async () => {
    const { page } = app;
    const dialog = await openSettings(page);
    await tileUrl(dialog).fill(own.template);
    await dialog.getByRole('textbox', { name: 'Attribution' }).fill(ATTRIBUTION);
    await cacheSize(dialog).fill('10');
    await dialog.getByText(/^must be a whole number of MB from 50 to 50.?000$/).waitFor(PATIENT);
    await cacheSize(dialog).fill('1234');
    await saveSettings(dialog);

    // The page asks main's tile route on its own origin; main asks the new tile server.
    await expect.poll(() => own.requests.length, PATIENT).toBeGreaterThan(0);
    expect(routedTiles[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/tiles\/\d+\/\d+\/\d+\?v=\w+$/);
    await page.locator('.leaflet-control-attribution', { hasText: ATTRIBUTION }).first().waitFor(PATIENT);

    routedTiles.length = 0;
    await page.reload();
    await waitForDemoFleet(page);
    await expect.poll(() => routedTiles.length, PATIENT).toBeGreaterThan(0);
    const reopened = await openSettings(page);
    expect(await tileUrl(reopened).inputValue()).toBe(own.template);
    expect(await cacheSize(reopened).inputValue()).toBe('1234');
    await reopened.getByRole('button', { name: 'Cancel' }).click();
    await reopened.waitFor({ state: 'detached', ...PATIENT });
    expect(app.pageErrors).toEqual([]);
  });

  it('shows an attribution with markup in it as the text it is, in the map’s credit', async () => {
    const { page } = app;
    const hostile = '<img src=x onerror="window.__attributionRan = true"> <b>Tiles</b> &amp; ©';
    const dialog = await openSettings(page);
    await dialog.getByRole('textbox', { name: 'Attribution' }).fill(hostile);
    await saveSettings(dialog);

    const credit = page.locator('.leaflet-control-attribution').first();
    await credit.getByText(hostile, { exact: true }).waitFor(PATIENT);
    expect(await credit.locator('img, b').count()).toBe(0);
    expect(await page.evaluate('window.__attributionRan')).toBeUndefined();
    await app.screenshot('settings-attribution-as-text');

    const restore = await openSettings(page);
    await restore.getByRole('textbox', { name: 'Attribution' }).fill(ATTRIBUTION);
    await saveSettings(restore);
    expect(app.pageErrors).toEqual([]);
  });

  it('looks right in the light and the dark theme', async () => {
    const { page } = app;
    for (const theme of ['light', 'dark'] as const) {
      await chooseTheme(page, theme);
      const shown = await openSettings(page);
      // An invalid field too, so the screenshot shows how a message sits beside its field.
      await cacheSize(shown).fill('20');
      await shown.getByText(/^must be a whole number of MB/).waitFor(PATIENT);
      await app.screenshot(`settings-${theme}`);
      await page.keyboard.press('Escape');
      await shown.waitFor({ state: 'detached', ...PATIENT });
    }
    expect(app.pageErrors).toEqual([]);
  });

  it('lists the settings key and the history replay keys among the shortcuts', async () => {
    const { page } = app;
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor(PATIENT);
    await help.getByRole('heading', { name: 'History replay' }).waitFor(PATIENT);
    expect(await help.getByRole('region', { name: 'History replay' }).locator('kbd').allInnerTexts()).toEqual(
      ['Space', '← →', '+ −'],
    );
    await app.screenshot('help-shortcuts');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached', ...PATIENT });
  });
});
