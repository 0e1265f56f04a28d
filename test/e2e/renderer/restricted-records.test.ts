import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import {
  findAndSelectAsset,
  listCount,
  openScreen,
  signInWithToken,
  waitForDemoFleet,
} from './support/operator';
import { recordSeeds } from './support/record-seeds';

const DAY = 86_400_000;
let app: FleetdeskApp;

beforeAll(async () => {
  // The wall clock: the records are logged "yesterday" of the present the app's lists default to.
  app = await startFleetdeskApp({ fleetSize: 12, tickMs: 500 });
  await waitForDemoFleet(app.page);
});

beforeEach(() => {
  onTestFailed(() => app.screenshot('restricted-failed'));
});

afterAll(async () => {
  await app?.close();
});

/** The ready line's second user: a dispatcher who sees a few assets. */
function restricted() {
  const user = app.service.users[1]!;
  if (!user.asset_ids) throw new Error("The ready line's second user is not restricted to some assets.");
  return { ...user, mine: user.asset_ids };
}

/** Words, not a status line: what an operator reads when the service refuses. */
const RAW = /\b(403|HTTP|forbidden)\b/i;

/**
 * The same kinds of record for one of the user's assets and for another: each named so the screen shows
 * which it is.
 */
async function seedBoth(own: number, other: number): Promise<{ ownRefill: { id: number; body: object } }> {
  const seeds = recordSeeds(app.service, app.operatorToken);
  const at = new Date(Date.now() - DAY).toISOString();
  const refill = (assetId: number, who: string) => ({
    asset_id: assetId,
    timestamp: at,
    liters: 40,
    cost: 71.6,
    currency: 'EUR',
    station: `E2E ${who} station`,
  });
  let ownRefill = { id: 0, body: {} };
  for (const [assetId, who] of [
    [own, 'own'],
    [other, 'other'],
  ] as const) {
    await seeds.post('service-reminder', {
      asset_id: assetId,
      name: `E2E ${who} brakes`,
      due_date: new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10),
    });
    const entry = await seeds.post('fuel-entry', refill(assetId, who));
    if (who === 'own') ownRefill = { id: entry.id, body: refill(assetId, who) };
    await seeds.post('odometer-entry', {
      asset_id: assetId,
      timestamp: at,
      odometer_km: Math.round(app.fleet.odometerAt(assetId, Date.now() - DAY)),
      notes: `E2E ${who} reading`,
    });
    await seeds.post(`tracker/${app.fleet.asset(assetId)!.trackerId}/reset`, { mode: 'soft' });
  }
  await seeds.post('tag', {
    name: 'E2E crate on another van',
    mac: 'AC:23:3F:E2:E1:01',
    portable: false,
    asset_id: other,
  });
  await seeds.post('geofence', {
    name: 'E2E depot',
    color: '#2f80ed',
    shape: { type: 'circle', center: { latitude: 45.46, longitude: 9.19 }, radius_m: 400 },
  });
  return { ownRefill };
}

/** Rows of a virtualised grid holding `text`. */
const rowsWith = (grid: Locator, text: string): Locator => grid.getByRole('row').filter({ hasText: text });

async function tab(page: Page, label: RegExp): Promise<Locator> {
  const screen = page.getByRole('region', { name: 'Maintenance' });
  await screen.getByRole('tab', { name: label }).click();
  return screen;
}

describe('a restricted user in Chromium against the local fleet service', () => {
  it('sees only their assets’ records, and what they may not do is refused or disabled in words', async () => {
    const { page } = app;
    const user = restricted();
    const own = user.mine[0]!;
    const other = app.fleet.assets.find((a) => !user.mine.includes(a.id))!.id;
    const { ownRefill } = await seedBoth(own, other);
    await signInWithToken(page, app.service, user);

    // Their fleet: their assets only.
    await expect
      .poll(() => listCount(page), PATIENT)
      .toEqual({
        shown: user.mine.length,
        total: user.mine.length,
      });

    // Their asset's command history holds the command sent to it.
    const panel = await findAndSelectAsset(page, app.fleet.asset(own)!.name);
    const commands = panel.getByRole('list', { name: 'Command history' });
    await commands.getByText('Soft reset', { exact: true }).waitFor(PATIENT);
    expect(await commands.getByRole('listitem').count()).toBe(1);

    // Every asset's reminders, readings and refills, as far as this user sees: their own, and nothing else.
    await panel.getByRole('button', { name: 'Maintenance' }).click();
    const screen = page.getByRole('region', { name: 'Maintenance' });
    await screen.getByRole('button', { name: 'All assets' }).click();
    await tab(page, /^Reminders/);
    const reminders = screen.getByRole('grid', { name: 'Service and renewal reminders' });
    await rowsWith(reminders, 'E2E own brakes').waitFor(PATIENT);
    expect(await rowsWith(reminders, 'E2E other brakes').count()).toBe(0);

    await tab(page, /^Odometer/);
    const readings = screen.getByRole('grid', { name: 'Odometer readings of every asset' });
    await rowsWith(readings, 'E2E own reading').waitFor(PATIENT);
    expect(await rowsWith(readings, 'E2E other reading').count()).toBe(0);

    await tab(page, /^Fuel/);
    await screen.getByRole('button', { name: 'Last 30 days' }).click();
    const refills = screen.getByRole('grid', { name: 'Refills' });
    await rowsWith(refills, 'E2E own station').waitFor(PATIENT);
    expect(await rowsWith(refills, 'E2E other station').count()).toBe(0);

    // Meanwhile a colleague who sees the whole fleet moves that refill to another asset: deleting it from the list
    // this desktop still shows is refused by the service, and the refusal says why in words.
    const fuelUrl = `${app.service.api_url}/api/${app.service.account_key}/fuel-entry/${ownRefill.id}`;
    const operator = { authorization: `Bearer ${app.operatorToken}`, 'content-type': 'application/json' };
    const moved = await fetch(fuelUrl, {
      method: 'PUT',
      headers: operator,
      body: JSON.stringify({ ...ownRefill.body, asset_id: other }),
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    await rowsWith(refills, 'E2E own station').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this refill?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const refusal = confirm.getByText(/^Not deleted: /);
    await refusal.waitFor(PATIENT);
    const said = await refusal.innerText();
    expect(said).toMatch(/do not have access to the assets of this record/);
    expect(said).not.toMatch(RAW);
    await app.screenshot('restricted-delete-refused');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    const kept = await fetch(fuelUrl, { headers: operator });
    expect(kept.status).toBe(200);

    // Tags are the account's, but one attached to an asset the user does not see is not theirs to see.
    await tab(page, /^Tags/);
    const tags = screen.getByRole('grid', { name: 'Tags and beacons' });
    await rowsWith(tags, 'Pallet tag 002').waitFor(PATIENT);
    expect(await rowsWith(tags, 'E2E crate on another van').count()).toBe(0);

    // Whole-fleet actions are offered disabled, with the reason: an alarm for every asset…
    await openScreen(page, 'Live map');
    await page.getByRole('button', { name: 'Geofences' }).click();
    const fences = page.getByTestId('geofence-panel');
    await fences.getByRole('button', { name: /E2E depot/ }).click();
    const everyAsset = fences.getByRole('radio', { name: 'Every asset' });
    await expect.poll(() => everyAsset.isDisabled(), PATIENT).toBe(true);
    const fleetReason = fences.getByTestId('whole-fleet-alert-reason');
    expect(await fleetReason.innerText()).toMatch(/sees only some of the fleet’s assets/);
    expect(await everyAsset.getAttribute('aria-describedby')).toBe('geofence-fleet-reason');
    await app.screenshot('restricted-geofence-alarm');
    await fences.getByRole('button', { name: 'Close the geofences' }).click();

    // …and linking the whole mobility account.
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    const whole = settings.getByRole('radio', { name: 'The whole account' });
    await whole.scrollIntoViewIfNeeded();
    await expect.poll(() => whole.isDisabled(), PATIENT).toBe(true);
    expect(await settings.getByTestId('whole-account-reason').innerText()).toMatch(
      /sees only some of the fleet’s assets/,
    );
    await app.screenshot('restricted-link-whole-account');
    await settings.getByRole('button', { name: 'Cancel' }).click();
    expect(app.pageErrors).toEqual([]);
  });
});
