import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { trackerCommandSchema } from '../../../src/shared/interface';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { findAndSelectAsset, openScreen, waitForDemoFleet } from './support/operator';
import { samplePhoto } from './support/sample-photo';
import { serviceApi } from './support/service-api';
import { refillsTheSensorDidNotSee } from './support/fleet-moments';
import { steadyTrackerAsset } from './support/tracker-moments';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Sent, acknowledged 5 s later once the tracker reports again, and read by main's 1 s poll: a minute is ample. */
const ACKNOWLEDGED = { timeout: 90_000 };
let app: FleetdeskApp;
/** Assets a test of this file has used: the next one takes another, so their records never mix. */
const used: number[] = [];

beforeAll(async () => {
  // The wall clock: these tests pick their assets for the present, and a fuel entry logged "now" is in the past
  // of the service's reports.
  app = await startFleetdeskApp({ fleetSize: 20, tickMs: 500 });
});

beforeEach(() => {
  onTestFailed(() => app.screenshot('maintenance-failed'));
});

afterAll(async () => {
  await app?.close();
});

/** The browser runs in UTC: these are the values its date and datetime-local fields take. */
const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const utcMinute = (ms: number): string => new Date(ms).toISOString().slice(0, 16);

const assetList = (page: Page) => page.getByRole('complementary', { name: 'Assets' });
const rowOf = (page: Page, name: string) =>
  assetList(page)
    .getByRole('option')
    .filter({ has: page.getByText(name, { exact: true }) });

/** An asset no other test here used, with the service's name for it. */
function freshAsset(pick: (except: readonly number[]) => number): { id: number; name: string } {
  const id = pick(used);
  used.push(id);
  return { id, name: app.fleet.asset(id)!.name };
}

describe('tracker commands, maintenance, fuel and photos in Chromium against the local fleet service', () => {
  it('sends a hard reset only after the confirmation, and shows it acknowledged without a reload', async () => {
    const { page } = app;
    await waitForDemoFleet(page);
    const asset = freshAsset((except) => steadyTrackerAsset(app.fleet, app.serviceNow(), 3 * MINUTE, except));
    const panel = await findAndSelectAsset(page, asset.name);
    const history = panel.getByRole('list', { name: 'Command history' });

    await panel.getByRole('button', { name: 'Hard reset…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hard reset the tracker?' });
    await expect
      .poll(() => dialog.innerText(), PATIENT)
      .toMatch(/erases the fixes it has stored but not yet sent/);
    await app.screenshot('hard-reset-confirm');
    // Nothing goes before the operator confirms.
    const trackerId = app.fleet.asset(asset.id)!.trackerId;
    expect(await trackerCommands(trackerId)).toEqual([]);
    await dialog.getByRole('button', { name: 'Hard reset' }).click();
    await dialog.waitFor({ state: 'detached', ...PATIENT });
    await panel
      .getByTestId('command-message')
      .filter({ hasText: /^Hard reset sent/ })
      .waitFor(PATIENT);

    const sent = await trackerCommands(trackerId);
    expect(sent.map((c) => [c.type, c.parameters['mode']])).toEqual([['reset', 'hard']]);
    const row = history.locator(`[data-command-id="${sent[0]!.id}"]`);
    await row.getByText('Hard reset', { exact: true }).waitFor(PATIENT);

    // The same row turns acknowledged while the page stays as it is (main polls and pushes records.changed).
    const loads = countNavigations(page);
    await row.and(page.locator('[data-status="acknowledged"]')).waitFor(ACKNOWLEDGED);
    await expect.poll(() => row.innerText()).toMatch(/Acknowledged/);
    await panel
      .getByRole('status')
      .filter({ hasText: 'Hard reset acknowledged by the tracker.' })
      .waitFor(PATIENT);
    expect(loads()).toBe(0);
    expect((await trackerCommands(trackerId))[0]!.status).toBe('acknowledged');
    await app.screenshot('hard-reset-acknowledged');
    expect(app.pageErrors).toEqual([]);
  });

  it('adds an overdue service reminder and the asset list and panel badge it at once', async () => {
    const { page } = app;
    const asset = freshAsset((except) => app.fleet.assets.find((a) => !except.includes(a.id))!.id);
    const panel = await findAndSelectAsset(page, asset.name);
    expect(await rowOf(page, asset.name).getByTestId('reminder-badge').count()).toBe(0);

    await panel.getByRole('button', { name: 'Maintenance' }).click();
    const screen = page.getByRole('region', { name: 'Maintenance' });
    await screen.getByRole('tab', { name: /^Reminders/ }).waitFor(PATIENT);
    await expect
      .poll(() => screen.getByRole('combobox', { name: 'Asset' }).inputValue(), PATIENT)
      .toBe(asset.name);
    await screen.getByRole('button', { name: 'New service reminder' }).click();
    const form = page.getByRole('dialog', { name: 'New service reminder' });
    // The shared schema's checks before anything is sent: a reminder needs a name and a date or reading.
    await form.getByRole('button', { name: 'Add reminder' }).click();
    await form.getByText('required', { exact: true }).waitFor(PATIENT);
    await form.getByLabel('What is due').fill('Brake check');
    await form.getByRole('button', { name: 'Add reminder' }).click();
    await form.getByText('due_date or due_odometer_km is required').waitFor(PATIENT);
    await form.getByLabel('Due on').fill(utcDay(Date.now() - 3 * DAY));
    await form.getByRole('button', { name: 'Add reminder' }).click();
    await form.waitFor({ state: 'detached', ...PATIENT });

    const grid = screen.getByRole('grid', { name: 'Service and renewal reminders' });
    const reminder = grid.getByRole('row').filter({ hasText: 'Brake check' });
    await reminder.getByText('Overdue', { exact: true }).waitFor(PATIENT);
    await expect.poll(() => reminder.innerText()).toMatch(/3 days overdue/);
    await app.screenshot('reminder-overdue');

    await openScreen(page, 'Live map');
    const badge = rowOf(page, asset.name).getByTestId('reminder-badge');
    await badge.and(page.locator('[data-overdue="1"]')).waitFor(PATIENT);
    expect(await badge.getAttribute('title')).toBe('Maintenance: 1 overdue');
    const panelBadge = page
      .getByRole('complementary', { name: 'Asset details' })
      .getByTestId('reminder-badge');
    await panelBadge.filter({ hasText: '1 overdue' }).waitFor(PATIENT);
    expect(app.pageErrors).toEqual([]);
  });

  it('logs refills that the fuel report then lists as entered, station and litres as typed', async () => {
    const { page } = app;
    // Two refills in the last hours (the service's fuel report ends at the present), each where the van's
    // tank sensor saw none: one it saw would rightly be matched and listed as the sensor's.
    const quiet = refillsTheSensorDidNotSee(app.fleet, Date.now(), 2, used);
    const asset = freshAsset(() => quiet.assetId);
    const [later, earlier] = quiet.at as [number, number];
    const refills = [
      { at: earlier, liters: '42.5', station: 'E2E Tangenziale Nord', cost: '76.08' },
      { at: later, liters: '18', station: 'E2E Via Emilia', cost: '32.22' },
    ];
    await findAndSelectAsset(page, asset.name);
    await page
      .getByRole('complementary', { name: 'Asset details' })
      .getByRole('button', { name: 'Maintenance' })
      .click();
    const screen = page.getByRole('region', { name: 'Maintenance' });
    await screen.getByRole('tab', { name: 'Fuel' }).click();
    for (const r of refills) {
      await screen.getByRole('button', { name: 'Log a refill' }).click();
      const form = page.getByRole('dialog', { name: 'Log a refill' });
      await form.getByLabel('Refilled at').fill(utcMinute(r.at));
      await form.getByLabel('Litres').fill(r.liters);
      await form.getByLabel('Cost').fill(r.cost);
      await form.getByLabel('Currency').fill('EUR');
      await form.getByLabel('Station').fill(r.station);
      await form.getByRole('button', { name: 'Log refill' }).click();
      await form.waitFor({ state: 'detached', ...PATIENT });
    }
    const grid = screen.getByRole('grid', { name: 'Refills' });
    for (const r of refills) await grid.getByRole('row').filter({ hasText: r.station }).waitFor(PATIENT);
    const totals = screen.getByTestId('fuel-totals');
    await expect
      .poll(() => totals.innerText(), PATIENT)
      .toMatch(/REFILLS\s+2\b[\s\S]*60\.5 L[\s\S]*€108\.30/i);
    await app.screenshot('fuel-logged');

    // The fuel report, viewed in the app: its refills are the ones entered.
    const from = utcDay(Date.now() - DAY);
    const to = utcDay(Date.now());
    await openScreen(page, 'Reports');
    const reportForm = page.getByRole('form', { name: 'New report' });
    await reportForm.getByRole('combobox', { name: /^Type/ }).selectOption({ label: 'Fuel' });
    const picker = reportForm.getByRole('combobox', { name: /^Asset/ });
    await picker.fill(asset.name);
    await picker.press('Enter');
    await reportForm.getByLabel('From', { exact: true }).fill(from);
    await reportForm.getByLabel('To', { exact: true }).fill(to);
    await reportForm.getByRole('radio', { name: 'JSON (view here)' }).check();
    await reportForm.getByLabel(/^Title/).fill('E2E fuel with entered refills');
    await reportForm.getByRole('button', { name: 'Queue report' }).click();
    const item = page.getByRole('listitem').filter({ hasText: 'E2E fuel with entered refills' });
    await item.getByText(/^Completed/).waitFor({ timeout: 90_000 });
    await item.getByRole('button', { name: 'View' }).click();
    const table = page.getByTestId('report-table');
    await table.getByRole('tab', { name: /^Refills and suspected drains/ }).click();
    for (const r of refills) {
      const shown = table.getByRole('row').filter({ hasText: r.station });
      await shown.waitFor(PATIENT);
      expect(await shown.innerText()).toContain(Number(r.liters).toLocaleString('en-GB'));
    }
    await app.screenshot('fuel-report-entered');

    // The service's own json of the same report: exactly these refills were entered.
    const report = await serviceApi(app.service, app.operatorToken).jsonReport({
      type: 'fuel',
      format: 'json',
      asset_id: asset.id,
      date_from: from,
      date_to: to,
    });
    const events = report.tables?.find((t) => t.key === 'events');
    if (!events) throw new Error('The fuel report has no table of refills and drains.');
    const entered = events.rows
      .filter((row) => row['entered'] !== null)
      .map((row) => [row['station'], row['entered']]);
    expect(entered).toEqual(refills.map((r) => [r.station, Number(r.liters)]));
    expect(app.pageErrors).toEqual([]);
  });

  it('uploads a photo that the panel and the list show, and still show after a restart once the service is gone', async () => {
    const { page } = app;
    const asset = freshAsset((except) => app.fleet.assets.find((a) => !except.includes(a.id))!.id);
    await openScreen(page, 'Live map');
    const panel = await findAndSelectAsset(page, asset.name);
    await panel.getByText('No photo').waitFor(PATIENT);
    const photo = await samplePhoto(page, asset.name, 200);
    await panel
      .getByTestId('photo-input')
      .setInputFiles({ name: 'van.jpg', mimeType: 'image/jpeg', buffer: photo });
    await panel.getByRole('status').filter({ hasText: 'Photo uploaded.' }).waitFor(PATIENT);
    const shown = panel.getByRole('img', { name: `Photo of ${asset.name}` });
    expect(await shownBytes(shown)).toEqual(photo);
    await rowOf(page, asset.name).getByTestId('asset-thumb').waitFor(PATIENT);

    // The demo signs in through the service's OAuth pages at every start (docs/interface-decisions.md
    // "Pages"), so the core restarts while the service runs; the photo is then read with the service
    // gone, from the restarted core's cache.
    await app.restartCore();
    await waitForDemoFleet(page);
    await app.stopService();
    const again = await findAndSelectAsset(page, asset.name);
    const cached = again.getByRole('img', { name: `Photo of ${asset.name}` });
    await cached.waitFor(PATIENT);
    expect(await shownBytes(cached)).toEqual(photo);

    // Changing it now is refused with main's words, and nothing is kept to be sent later.
    await again.getByTestId('photo-input').setInputFiles({
      name: 'other.jpg',
      mimeType: 'image/jpeg',
      buffer: await samplePhoto(page, 'other', 20),
    });
    await again
      .getByRole('alert')
      .filter({ hasText: /^Photo not uploaded: The service cannot be reached/ })
      .waitFor(PATIENT);
    // That refusal told main the service is gone: the photo shown is the cached one, with its age.
    await again
      .getByTestId('photo-age')
      .filter({ hasText: /^Offline — the photo as read / })
      .waitFor(PATIENT);
    expect(await shownBytes(cached)).toEqual(photo);
    await rowOf(page, asset.name).getByTestId('asset-thumb').waitFor(PATIENT);
    await app.screenshot('photo-offline');
    expect(app.pageErrors).toEqual([]);
  });
});

/** The tracker's commands as the service lists them, newest first. */
async function trackerCommands(trackerId: number) {
  const url = `${app.service.api_url}/api/${app.service.account_key}/tracker/${trackerId}/commands`;
  const res = await fetch(url, { headers: { authorization: `Bearer ${app.operatorToken}` } });
  if (!res.ok) throw new Error(`GET tracker commands: HTTP ${res.status}`);
  const body = (await res.json()) as { data: unknown[] };
  return body.data.map((c) => trackerCommandSchema.parse(c));
}

/** How many times the page navigates (a reload) from now on. */
function countNavigations(page: Page): () => number {
  let n = 0;
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) n++;
  });
  return () => n;
}

/** The bytes an <img> shows, from its data: address. */
async function shownBytes(img: ReturnType<Page['getByRole']>): Promise<Buffer> {
  const src = (await img.getAttribute('src')) ?? '';
  if (!src.startsWith('data:'))
    throw new Error(`The photo is not shown from the app's cache: ${src.slice(0, 40)}`);
  return Buffer.from(src.slice(src.indexOf(',') + 1), 'base64');
}
