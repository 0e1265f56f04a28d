import type { Locator, Page } from 'playwright-core';
import type { Fleet } from '../../../src/server/sim/types';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { fleetStill } from './support/fleet-moments';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { paintedNear } from './support/map-canvas';
import { mapCoordinates, pagePoint, type MapView } from './support/map-coordinates';
import { listCount, openScreen, waitForDemoFleet } from './support/operator';
import { recordSeeds } from './support/record-seeds';

const DAY = 86_400_000;
/** A report of a few assets over a week takes seconds; a busy machine may queue it behind others. */
const GENERATED = { timeout: 90_000 };
/** A marker is a 22 px sprite: a few pixels round its point are drawn when it is on the map. */
const MARKER_CORE_PX = 6;
/** Farther than this from every group member's point, nothing of a member's marker is drawn. */
const CLEAR_OF_MEMBERS_PX = 44;
const GROUP = 'E2E North–South';
let app: FleetdeskApp;

beforeAll(async () => {
  // Still from the start and for the whole file: the markers stay where the simulation says they are, so
  // the map's pixels can be read at each asset's point.
  app = await startFleetdeskApp({
    fleetSize: 20,
    tickMs: 500,
    clockFrom: (fleet, now) => fleetStill(fleet, now, (t) => spreadGroup(spotsAt(fleet, t)) !== null),
  });
  await waitForDemoFleet(app.page);
  // Name labels would spread a marker's pixels far from its point.
  await app.page.evaluate(`window.fleetdesk.invoke('settings.set', { mapLabels: false })`);
});

beforeEach(() => {
  onTestFailed(() => app.screenshot('groups-failed'));
});

afterAll(async () => {
  await app?.close();
});

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The browser runs in UTC: these are the values its date fields take. */
const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

const assetList = (page: Page): Locator => page.getByRole('complementary', { name: 'Assets' });
const rowOf = (page: Page, name: string): Locator =>
  assetList(page)
    .getByRole('option')
    .filter({ has: page.getByText(name, { exact: true }) });

interface Spot {
  readonly id: number;
  readonly lat: number;
  readonly lon: number;
}

/** Where every asset whose tracker reports stands at `t`, as the service (the same simulation) says. */
function spotsAt(fleet: Fleet, t: number): Spot[] {
  // Only trackers that report: an offline one is drawn at its last fix, which can be far from where its
  // vehicle is now (at 08:32 on a Thursday one of the spread group's three was).
  return fleet.assets
    .filter((a) => fleet.isOnline(a.id, t))
    .map((a) => {
      const s = fleet.sampleAt(a.id, t);
      return { id: a.id, lat: s.lat, lon: s.lon };
    });
}

/**
 * Three assets at the fleet's edges (northernmost, southernmost and easternmost, or other such sets), on
 * three different spots, chosen so that another asset stands well inside the box they span: the group's
 * view then holds others, far enough from every member to tell its marker apart.
 */
function spreadGroup(all: readonly Spot[]): number[] | null {
  const north = (s: Spot): number => s.lat;
  const south = (s: Spot): number => -s.lat;
  const east = (s: Spot): number => s.lon;
  const west = (s: Spot): number => -s.lon;
  const sameSpot = (a: Spot, b: Spot): boolean => a.lat === b.lat && a.lon === b.lon;
  for (const keys of [
    [north, south, east],
    [north, south, west],
    [east, west, north],
    [east, west, south],
  ]) {
    const picked: Spot[] = [];
    for (const key of keys) {
      const best = all.filter((s) => picked.every((p) => !sameSpot(p, s))).sort((a, b) => key(b) - key(a))[0];
      if (best) picked.push(best);
    }
    if (picked.length < 3) continue;
    const lats = picked.map((p) => p.lat);
    const lons = picked.map((p) => p.lon);
    const [lat0, lat1, lon0, lon1] = [
      Math.min(...lats),
      Math.max(...lats),
      Math.min(...lons),
      Math.max(...lons),
    ];
    const inner = (s: Spot): boolean =>
      picked.every((p) => !sameSpot(p, s)) &&
      s.lat > lat0 + 0.2 * (lat1 - lat0) &&
      s.lat < lat1 - 0.2 * (lat1 - lat0) &&
      s.lon > lon0 + 0.2 * (lon1 - lon0) &&
      s.lon < lon1 - 0.2 * (lon1 - lon0);
    if (all.some(inner)) return picked.map((s) => s.id);
  }
  // At local midnight every vehicle stands at one of three depots (duty.ts).
  return null;
}

const inside = (view: MapView, p: { x: number; y: number }, margin: number): boolean =>
  p.x > view.box.x + margin &&
  p.x < view.box.x + view.box.width - margin &&
  p.y > view.box.y + margin &&
  p.y < view.box.y + view.box.height - margin;

/** Ctrl+click adds a row to the selection; the search brings the row into the virtualised list. */
async function selectRows(page: Page, names: readonly string[]): Promise<void> {
  const search = assetList(page).getByRole('searchbox', { name: 'Search assets' });
  for (const [i, name] of names.entries()) {
    await search.fill(name);
    await rowOf(page, name).click(i === 0 ? {} : { modifiers: ['Control'] });
    await rowOf(page, name).and(page.locator('[aria-selected="true"]')).waitFor(PATIENT);
  }
  await search.fill('');
}

async function queueReport(page: Page, title: string, from: string, to: string): Promise<Locator> {
  const form = page.getByRole('form', { name: 'New report' });
  await form.getByLabel('From', { exact: true }).fill(from);
  await form.getByLabel('To', { exact: true }).fill(to);
  await form.getByRole('radio', { name: 'JSON (view here)' }).check();
  await form.getByLabel(/^Title/).fill(title);
  await form.getByRole('button', { name: 'Queue report' }).click();
  const row = page.getByRole('listitem').filter({ hasText: title });
  await row.getByText(/^Completed/).waitFor(GENERATED);
  return row;
}

describe('groups, the report form’s pickers, in Chromium against the local fleet service', () => {
  it('makes a group, moves three assets into it, filters the list and the map by it, and reports its mileage', async () => {
    const { page } = app;
    const all = spotsAt(app.fleet, app.serviceNow());
    const memberIds = spreadGroup(all)!;
    const members = memberIds.map((id) => app.fleet.asset(id)!.name);

    // An empty group first, then three assets selected in the list and put in it.
    await assetList(page).getByRole('button', { name: '+ Group' }).click();
    const make = page.getByRole('dialog', { name: 'New group' });
    await make.getByLabel('Name').fill(GROUP);
    await make.getByRole('button', { name: 'Create group' }).click();
    await make.waitFor({ state: 'detached', ...PATIENT });
    await selectRows(page, members);
    await page.getByTestId('selection-bar').getByText('3 selected').waitFor(PATIENT);
    await page
      .getByTestId('selection-bar')
      .getByRole('button', { name: /^Group…/ })
      .click();
    const move = page.getByRole('dialog', { name: 'Put in a group' });
    await move.getByLabel('Group').selectOption({ label: `${GROUP} (0)` });
    await move.getByRole('button', { name: 'Add' }).click();
    await move.waitFor({ state: 'detached', ...PATIENT });
    await assetList(page).getByRole('button', { name: 'Clear the selection' }).click();

    // The list shows the group as a section with its three assets counted by state.
    const header = assetList(page).locator('.section-header', { hasText: GROUP });
    await header.locator('.total').filter({ hasText: /^3$/ }).waitFor(PATIENT);
    const counts = (await header.locator('.count').allInnerTexts()).map(Number);
    expect(counts).toHaveLength(4);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    await app.screenshot('groups-list-sections');

    // Filtered by the group: the list holds its three assets, the map says what it shows.
    await page.getByTestId('group-filter').selectOption({ label: `${GROUP} (3)` });
    await expect.poll(() => listCount(page), PATIENT).toEqual({ shown: 3, total: 20 });
    const listed = await assetList(page).getByRole('option').locator('strong').allInnerTexts();
    expect([...listed].sort()).toEqual([...members].sort());
    await page
      .getByTestId('map-group-filter')
      .filter({ hasText: new RegExp(`^Showing ${escaped(GROUP)} \\(3\\)`) })
      .waitFor(PATIENT);

    // The map draws the group's markers and none of the others, though some of them are in its view.
    const filtered = await mapCoordinates(page);
    const memberPoints = all
      .filter((s) => memberIds.includes(s.id))
      .map((s) => pagePoint(filtered, s.lat, s.lon));
    for (const p of memberPoints)
      await expect.poll(() => paintedNear(page, p, MARKER_CORE_PX), PATIENT).toBeGreaterThan(0);
    const clearOfMembers = all.filter((s) => {
      if (memberIds.includes(s.id)) return false;
      const p = pagePoint(filtered, s.lat, s.lon);
      return (
        inside(filtered, p, 20) &&
        memberPoints.every((m) => Math.hypot(m.x - p.x, m.y - p.y) > CLEAR_OF_MEMBERS_PX)
      );
    });
    expect(clearOfMembers.length).toBeGreaterThan(0);
    const paintedAtOthers = async (view: MapView): Promise<number[]> => {
      const out: number[] = [];
      for (const s of clearOfMembers)
        out.push(await paintedNear(page, pagePoint(view, s.lat, s.lon), MARKER_CORE_PX));
      return out;
    };
    await expect.poll(() => paintedAtOthers(filtered), PATIENT).toEqual(clearOfMembers.map(() => 0));
    await app.screenshot('groups-map-filtered');

    // Every asset again: the same others are drawn, so the map's pixels did show markers where they are parked.
    await page.getByTestId('map-group-filter').getByRole('button', { name: 'Show every asset' }).click();
    await page.getByTestId('map-group-filter').waitFor({ state: 'detached', ...PATIENT });
    const everyone = await mapCoordinates(page);
    const visible = clearOfMembers.filter((s) => inside(everyone, pagePoint(everyone, s.lat, s.lon), 20));
    expect(visible.length).toBeGreaterThan(0);
    for (const s of visible)
      await expect
        .poll(() => paintedNear(page, pagePoint(everyone, s.lat, s.lon), MARKER_CORE_PX), PATIENT)
        .toBeGreaterThan(0);

    // The weekly mileage of the group: it completes and names exactly the group's assets.
    const now = app.serviceNow();
    await openScreen(page, 'Reports');
    const form = page.getByRole('form', { name: 'New report' });
    await form.getByRole('combobox', { name: /^Type/ }).selectOption({ label: 'Weekly mileage' });
    await form.getByRole('radio', { name: 'A group' }).check();
    await form.getByRole('combobox', { name: 'Group', exact: true }).selectOption({ label: `${GROUP} (3)` });
    await form.getByText('Its 3 assets.').waitFor(PATIENT);
    const row = await queueReport(page, 'E2E group mileage', utcDay(now - 8 * DAY), utcDay(now - DAY));
    await row.getByRole('button', { name: 'View' }).click();
    const table = page.getByTestId('report-table');
    await table.getByRole('row').nth(1).waitFor(PATIENT);
    const cells = (await table.getByRole('cell').allInnerTexts()).map((t) => t.trim());
    const fleetNames = new Set(app.fleet.assets.map((a) => a.name));
    const named = new Set(cells.filter((c) => fleetNames.has(c)));
    expect([...named].sort()).toEqual([...members].sort());
    await app.screenshot('groups-mileage-report');
    expect(app.pageErrors).toEqual([]);
  });

  it('picks a driver and a beacon from searchable lists by keyboard, and their reports complete', async () => {
    const { page } = app;
    const now = app.serviceNow();
    const from = now - 7 * DAY;
    const to = now - DAY;
    // Four more portable tags registered: eight in all, so the beacon list offers its search.
    const seeds = recordSeeds(app.service, app.operatorToken);
    for (let i = 1; i <= 4; i++)
      await seeds.post('tag', {
        name: `E2E crate ${i}`,
        mac: `AC:23:3F:E2:E0:0${i}`,
        portable: true,
        asset_id: null,
      });

    // A driver of an asset that drove in the week, found by typing the asset's name.
    const asset = app.fleet.assets.find((a) => app.fleet.trips(a.id, from, to).length > 0);
    if (!asset) throw new Error('No vehicle of the simulated fleet made a trip in the week before now.');
    await openScreen(page, 'Reports');
    const form = page.getByRole('form', { name: 'New report' });
    await form.getByRole('combobox', { name: /^Type/ }).selectOption({ label: 'Driver score' });
    await form.getByRole('radio', { name: 'Driver' }).check();
    const driverSearch = form.getByRole('searchbox', { name: 'Search drivers or their assets' });
    const driver = form.getByRole('combobox', { name: 'Driver', exact: true });
    await driverSearch.fill(asset.name);
    // The driver and the assets they drive, this one among them.
    await expect
      .poll(() => driver.locator('option:not([disabled])').allInnerTexts(), PATIENT)
      .toEqual([
        expect.stringMatching(new RegExp(`^${escaped(asset.driverName)} — .*${escaped(asset.name)}`)),
      ]);
    await driverSearch.press('Enter');
    expect(await driver.inputValue()).toBe(String(asset.driverId));
    // Down moves from the search to the list, whose own keys then choose.
    await driverSearch.press('ArrowDown');
    const focused = (node: unknown): boolean =>
      (node as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement === node;
    expect(await driver.evaluate(focused)).toBe(true);
    await app.screenshot('report-driver-picker');
    const driverRow = await queueReport(page, 'E2E driver score', utcDay(from), utcDay(to));
    expect(await driverRow.innerText()).toContain(`Driver score · ${asset.driverName}`);

    // A portable beacon seen in the week, found by its MAC address among the tags registered.
    const beaconFrom = to - 3 * DAY;
    const beacon = app.fleet.beacons.find(
      (b) => b.portable && app.fleet.beaconDetectionsByBeacon(b.id, beaconFrom, to).length > 0,
    );
    if (!beacon)
      throw new Error('No portable beacon of the simulated fleet was seen in the week before now.');
    await form.getByRole('combobox', { name: /^Type/ }).selectOption({ label: 'Portable beacon' });
    const beaconSearch = form.getByRole('searchbox', { name: 'Search beacons by name or MAC' });
    const picker = form.getByRole('combobox', { name: 'Beacon', exact: true });
    // The field reads the tags register again as it shows: the four just registered arrive a moment later.
    const options = picker.locator('option:not([disabled])');
    await expect.poll(() => options.count(), PATIENT).toBe(app.fleet.beacons.length + 4);
    const offered = await options.allInnerTexts();
    // Portable ones first: the portable beacon report follows a tag that travels.
    const portable = offered.map((t) => / · portable/.test(t));
    expect(portable).toEqual([...portable].sort((a, b) => Number(b) - Number(a)));
    await beaconSearch.fill(beacon.mac.slice(0, 8).toLowerCase());
    await expect
      .poll(() => picker.locator('option:not([disabled])').allInnerTexts(), PATIENT)
      .toEqual([expect.stringMatching(new RegExp(`^${escaped(beacon.name)} · ${beacon.mac} · portable`))]);
    await beaconSearch.press('Enter');
    expect(await picker.inputValue()).toBe(String(beacon.id));
    await app.screenshot('report-beacon-picker');
    const beaconRow = await queueReport(page, 'E2E portable beacon', utcDay(beaconFrom), utcDay(to));
    expect(await beaconRow.innerText()).toContain(`Portable beacon · ${beacon.name}`);
    expect(app.pageErrors).toEqual([]);
  });
});
