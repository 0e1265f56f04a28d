import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { join } from 'node:path';
import { PATIENT, SCREENSHOTS, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { fleetAtRest } from './support/fleet-moments';
import { paintedPixels } from './support/map-canvas';
import { focused, pressOneAtATime, tabToMap } from './support/map-keys';
import { waitForDemoFleet } from './support/operator';

const FLEET_SIZE = 20;
let app: FleetdeskApp;

beforeAll(async () => {
  app = await startFleetdeskApp({
    fleetSize: FLEET_SIZE,
    tickMs: 500,
    // Nothing drives while the operator walks the map: the asset zoomed in on stays in the centre square.
    clockFrom: (fleet, now) => fleetAtRest(fleet, now),
  });
});

// What the screen showed when a test failed is the first thing to look at.
beforeEach(() => {
  onTestFailed(() => app.screenshot('map-keyboard-failed'));
});

afterAll(async () => {
  await app?.close();
});

describe('the live map without a mouse', () => {
  it('opens a cluster with Enter, walks its list with the arrows, selects with Enter, and Esc brings focus back to the map', async () => {
    const { page } = app;
    await waitForDemoFleet(page);
    const list = page.getByRole('complementary', { name: 'Assets' });
    await list.getByText(`${FLEET_SIZE} of ${FLEET_SIZE} assets`).waitFor(PATIENT);
    await expect.poll(async () => (await paintedPixels(page)).size, PATIENT).toBeGreaterThan(0);

    // A control room at night: the theme follows the system's (the live-map test sees the light one).
    await page.emulateMedia({ colorScheme: 'dark' });
    // The whole fleet in the middle of the map, then far enough out that it gathers into one cluster.
    await page.keyboard.press('f');
    await tabToMap(page);
    await pressOneAtATime(page, '-', 6);

    // Beside the cluster there is nothing to open, and the operator is told how to get somewhere.
    await pressOneAtATime(page, 'ArrowRight', 3);
    await page.keyboard.press('Enter');
    const note = page.getByRole('status').filter({ hasText: /^Nothing in the square/ });
    await note.waitFor(PATIENT);
    await pressOneAtATime(page, 'ArrowLeft', 3);
    await note.waitFor({ state: 'detached', ...PATIENT });

    // Focus shows: a ring round the map and the square Enter reaches into at its centre.
    expect(await page.evaluate("getComputedStyle(document.activeElement, '::after').borderTopStyle")).toBe(
      'solid',
    );
    expect(await page.locator('.keyboard-square').isVisible()).toBe(true);
    await page.getByTestId('live-map').screenshot({ path: join(SCREENSHOTS, 'e2e-map-keyboard-focus.png') });
    const cluster = page.getByRole('dialog', { name: /^\d+ assets$/ });
    const members = cluster.getByRole('listbox', { name: 'Assets in this group' }).getByRole('option');

    // Esc closes the list and the map has focus again, nothing selected.
    await page.keyboard.press('Enter');
    await cluster.waitFor(PATIENT);
    expect(await members.count()).toBeGreaterThan(1);
    const first = (await members.nth(0).innerText()).trim();
    expect(await focused(page)).toBe(first);
    await page.keyboard.press('Escape');
    await cluster.waitFor({ state: 'detached', ...PATIENT });
    expect(await focused(page)).toBe('live-map');
    expect(await page.getByRole('complementary', { name: 'Asset details' }).count()).toBe(0);

    // Again, and this time down the list to the second member.
    await page.keyboard.press('Enter');
    await cluster.waitFor(PATIENT);
    await page.keyboard.press('ArrowDown');
    const second = (await members.nth(1).innerText()).trim();
    expect(await focused(page)).toBe(second);
    expect(await members.nth(1).getAttribute('aria-selected')).toBe('true');
    await app.screenshot('map-keyboard-cluster');

    await page.keyboard.press('Enter');
    const panel = page.getByRole('complementary', { name: 'Asset details' });
    await panel.getByRole('heading', { name: second }).waitFor(PATIENT);
    await cluster.waitFor({ state: 'detached', ...PATIENT });
    expect(await focused(page)).toBe('live-map');

    // Zoomed in on it now: Esc clears the selection, and Enter selects the asset at the centre. Parked in
    // a depot, it shares its spot: Enter then fans the spot out and its list (every vehicle there) takes
    // focus, where Enter selects the first.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached', ...PATIENT });
    expect(await focused(page)).toBe('live-map');
    await page.keyboard.press('Enter');
    const picked = panel.getByRole('heading', { level: 2 });
    const stackList = page.getByRole('dialog', { name: /^\d+ vehicles on one spot$/ });
    await picked.or(stackList).first().waitFor(PATIENT);
    if (await stackList.isVisible()) await page.keyboard.press('Enter');
    await picked.waitFor(PATIENT);
    const names = app.fleet.assets.map((a) => a.name);
    expect(names).toContain((await picked.innerText()).trim());
    expect(app.pageErrors).toEqual([]);
    await app.screenshot('map-keyboard-asset');
  });
});
