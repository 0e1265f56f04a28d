import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Fleet } from '../../../src/server/sim/types';
import { fanOffsets } from '../../../src/renderer/src/features/map/spiderfy';
import { PATIENT, SCREENSHOTS, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { fleetAtRest } from './support/fleet-moments';
import { paintedPixels } from './support/map-canvas';
import { findAndSelectAsset, waitForDemoFleet } from './support/operator';
import { dragMapTo, mapCoordinates, pagePoint } from './support/map-coordinates';

const FLEET_SIZE = 50;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** How far an arrow key pans the map: Leaflet's keyboardPanDelta, which the live map keeps. */
const KEY_PAN_PX = 80;
let app: FleetdeskApp;
let at = 0;

beforeAll(async () => {
  app = await startFleetdeskApp({
    fleetSize: FLEET_SIZE,
    tickMs: 500,
    // Parked for the night: a depot holds a dozen or more of its vehicles on one spot.
    clockFrom: (fleet, now) => {
      for (let from = now; from < now + 8 * DAY; from += 30 * MINUTE) {
        const rest = fleetAtRest(fleet, from);
        if (biggestStack(fleet, rest.at).length >= 10) {
          at = rest.at;
          return rest;
        }
        from = rest.at;
      }
      throw new Error('The simulated fleet never parks ten vehicles on one spot in the next eight days.');
    },
  });
});

beforeEach(() => {
  onTestFailed(() => app.screenshot('map-stacks-failed'));
});

afterAll(async () => {
  await app?.close();
});

/** The biggest group of vehicles the simulator parks on one coordinate at `t`: a depot. */
function biggestStack(fleet: Fleet, t: number): string[] {
  const bySpot = new Map<string, string[]>();
  for (const a of fleet.assets) {
    const s = fleet.sampleAt(a.id, t);
    const key = `${s.lat},${s.lon}`;
    bySpot.set(key, [...(bySpot.get(key) ?? []), a.name]);
  }
  return [...bySpot.values()].sort((x, y) => y.length - x.length)[0]!;
}

/** The middle of the map on the page: where a selected asset is brought to. */
async function mapCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId('live-map').boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function settled(page: Page): Promise<void> {
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
}

describe('vehicles parked on one spot', () => {
  it('show as one marker with a count that fans out, and every vehicle is reachable by mouse and keyboard', async () => {
    const { page } = app;
    const depot = biggestStack(app.fleet, at);
    expect(depot.length).toBeGreaterThanOrEqual(10);
    await waitForDemoFleet(page);
    await page
      .getByRole('complementary', { name: 'Assets' })
      .getByText(`${FLEET_SIZE} of ${FLEET_SIZE} assets`)
      .waitFor(PATIENT);
    await expect.poll(async () => (await paintedPixels(page)).size, PATIENT).toBeGreaterThan(0);

    // Out far, then pick one of the depot's vehicles in the list: the map comes in on it, centred.
    await page.getByRole('button', { name: /Zoom out/ }).click();
    await page.getByRole('button', { name: /Zoom out/ }).click();
    await page.getByRole('button', { name: /Zoom out/ }).click();
    await page.getByRole('button', { name: /Zoom out/ }).click();
    await findAndSelectAsset(page, depot[0]!);
    await page.getByRole('complementary', { name: 'Assets' }).getByRole('searchbox').fill('');
    await page
      .getByRole('complementary', { name: 'Asset details' })
      .getByRole('button', { name: /Clear selection/ })
      .click();
    await page
      .getByRole('complementary', { name: 'Asset details' })
      .waitFor({ state: 'detached', ...PATIENT });
    // The pick brought the spot to the middle of the map beside the asset's panel; the panel gone, the map
    // is wider: the spot is dragged to its middle again.
    const spot = app.fleet.sampleAt(app.fleet.assets.find((a) => a.name === depot[0])!.id, at);
    const centre = await mapCentre(page);
    const placed = await dragMapTo(page, spot.lat, spot.lon, centre);
    const placedAt = pagePoint(placed, spot.lat, spot.lon);
    expect(Math.hypot(placedAt.x - centre.x, placedAt.y - centre.y)).toBeLessThan(2);
    await settled(page);

    // One marker, its tooltip says how many and names them; a click fans them out and lists every one.
    await page.mouse.move(centre.x, centre.y);
    const tip = page.getByRole('tooltip');
    /** Folded, the spot is one marker again: the pointer on it finds the stack (open, nothing is drawn there). */
    const oneMarkerAgain = async (): Promise<void> => {
      await page.mouse.move(centre.x + 300, centre.y + 200);
      await page.mouse.move(centre.x, centre.y);
      await tip.getByText(`${depot.length} vehicles on one spot`).waitFor(PATIENT);
    };
    await tip.getByText(`${depot.length} vehicles on one spot`).waitFor(PATIENT);
    await app.screenshot('map-stack-closed');
    await page.mouse.click(centre.x, centre.y);
    const list = page.getByRole('dialog', { name: `${depot.length} vehicles on one spot` });
    await list.waitFor(PATIENT);
    const options = list.getByRole('listbox', { name: 'Vehicles on this spot' }).getByRole('option');
    expect((await options.allInnerTexts()).map((t) => t.trim()).sort()).toEqual([...depot].sort());
    await settled(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await settled(page);
    await app.screenshot('map-stack-fanned-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await settled(page);
    await app.screenshot('map-stack-fanned-light');

    // Each fanned vehicle names itself under the pointer: together, the whole depot.
    const fan = fanOffsets(depot.length);
    const hovered: string[] = [];
    for (const [dx, dy] of fan) {
      await page.mouse.move(centre.x + dx, centre.y + dy);
      const name = tip.filter({ hasNotText: 'vehicles on one spot' });
      await name.waitFor(PATIENT);
      // The tooltip's first line is the name; a line under it may say how current the fix is.
      const named = async (): Promise<string> => (await name.innerText()).split('\n')[0]!.trim();
      await expect.poll(async () => depot.includes(await named()), PATIENT).toBe(true);
      hovered.push(await named());
    }
    expect([...hovered].sort()).toEqual([...depot].sort());

    // A click on one selects it, and the fan stays open around it.
    const [lx, ly] = fan[fan.length - 1]!;
    await page.mouse.click(centre.x + lx, centre.y + ly);
    const panel = page.getByRole('complementary', { name: 'Asset details' });
    await panel.getByRole('heading', { name: hovered[hovered.length - 1]! }).waitFor(PATIENT);
    await panel.getByRole('button', { name: /Clear selection/ }).click();
    await panel.waitFor({ state: 'detached', ...PATIENT });

    // A click elsewhere folds it.
    await page.mouse.click(centre.x + 300, centre.y + 200);
    await oneMarkerAgain();

    // Without a mouse: Enter on the map fans the spot out and its list names every vehicle; the arrows
    // walk it, Enter selects; Esc on the map folds it back.
    await page.mouse.move(centre.x + 300, centre.y + 200);
    await page.getByTestId('live-map').focus();
    await page.keyboard.press('Enter');
    await list.waitFor(PATIENT);
    expect(await options.count()).toBe(depot.length);
    await page.keyboard.press('End');
    const last = (await options.nth(depot.length - 1).innerText()).trim();
    await page.keyboard.press('Enter');
    await panel.getByRole('heading', { name: last }).waitFor(PATIENT);
    await list.waitFor({ state: 'detached', ...PATIENT });
    // The panel narrows the map: clear the selection so the spot is back in the middle.
    await panel.getByRole('button', { name: /Clear selection/ }).click();
    await panel.waitFor({ state: 'detached', ...PATIENT });

    // Still fanned: Esc on the map folds it.
    await page.getByTestId('live-map').focus();
    await page.keyboard.press('Escape');
    await oneMarkerAgain();
    // Enter opens it again; Esc in its list closes the list and folds the fan.
    await page.mouse.move(centre.x + 300, centre.y + 200);
    await page.getByTestId('live-map').focus();
    await page.keyboard.press('Enter');
    await list.waitFor(PATIENT);
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached', ...PATIENT });
    await oneMarkerAgain();

    // The pointer at rest beside the spot, the map moves under it (an arrow key pans it): the tooltip says
    // what is drawn under the pointer now, without the pointer moving.
    const stackTip = tip.getByText(`${depot.length} vehicles on one spot`);
    await page.mouse.move(centre.x - KEY_PAN_PX, centre.y);
    await stackTip.waitFor({ state: 'detached', ...PATIENT });
    const view = (): Promise<string | null> => page.getByTestId('live-map').getAttribute('data-view');
    /** An arrow key, and the pan it starts ended (Leaflet takes no arrow key while one runs). */
    const pan = async (key: 'ArrowRight' | 'ArrowLeft'): Promise<void> => {
      const before = await view();
      await page.keyboard.press(key);
      await expect.poll(view, PATIENT).not.toBe(before);
    };
    await page.getByTestId('live-map').focus();
    await pan('ArrowRight');
    await stackTip.waitFor(PATIENT);
    await pan('ArrowLeft');
    await stackTip.waitFor({ state: 'detached', ...PATIENT });
    expect(app.pageErrors).toEqual([]);

    // The fanned depot as docs/ shows it, refreshed on request (as the screenshot scripts' --docs):
    // FLEETDESK_DOCS=1 npx vitest run --project e2e test/e2e/renderer/map-stacks.test.ts
    if (process.env.FLEETDESK_DOCS === '1')
      for (const theme of ['dark', 'light'])
        copyFileSync(
          join(SCREENSHOTS, `e2e-map-stack-fanned-${theme}.png`),
          join(process.cwd(), 'docs', `screenshot-map-stack-${theme}.png`),
        );
  });
  it('bring a vehicle picked from the list into view while the map is still zooming', async () => {
    const { page } = app;
    const view = (): Promise<string | null> => page.getByTestId('live-map').getAttribute('data-view');
    const zoomOut = page.getByRole('button', { name: /Zoom out/ });
    /** A zoom out, and its animation over. */
    const zoomedOut = async (): Promise<void> => {
      const before = await view();
      await zoomOut.click();
      await expect.poll(view, PATIENT).not.toBe(before);
    };
    await zoomedOut();
    await zoomedOut();
    await zoomedOut();
    const list = page.getByRole('complementary', { name: 'Assets' });
    const row = list.getByRole('listbox', { name: 'Asset list' }).getByRole('option').first();
    const picked = Number(await row.getAttribute('data-asset-id'));
    const asset = app.fleet.assets.find((a) => a.id === picked);
    const name = asset?.name ?? '';
    expect(asset, `asset ${picked}`).toBeDefined();

    // The pick comes while the zoom out's animation (a quarter of a second) still runs.
    await zoomOut.click();
    await row.click();
    await page
      .getByRole('complementary', { name: 'Asset details' })
      .getByRole('heading', { name })
      .waitFor(PATIENT);
    const v = await mapCoordinates(page);
    expect(v.zoom).toBe(13);
    const fix = app.fleet.sampleAt(asset!.id, at);
    const shown = pagePoint(v, fix.lat, fix.lon);
    expect(shown.x).toBeGreaterThan(v.box.x);
    expect(shown.x).toBeLessThan(v.box.x + v.box.width);
    expect(shown.y).toBeGreaterThan(v.box.y);
    expect(shown.y).toBeLessThan(v.box.y + v.box.height);
    expect(app.pageErrors).toEqual([]);
  });
});
