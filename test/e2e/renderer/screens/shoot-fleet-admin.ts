/**
 * The README's screenshots of the fleet administration screens: the asset
 * list in groups and filtered by one, the asset panel (photo, reminder
 * badges, tracker commands), the Maintenance screen's reminders, fuel and
 * tags, the report form's driver picker, and the account links in Settings,
 * dark and light at 1440×900 and 1024×700, from the real app (browser shell,
 * core, local fleet service) with a lived-in account.
 * Run: FLEETDESK_DOCS_SCREENSHOTS=1 npx tsx test/e2e/renderer/screens/shoot-fleet-admin.ts
 * Writes test-results/screenshots/docs-<screen>-<theme>[-1024].png and, so
 * asked, docs/screenshot-<screen>-<theme>[-1024].png.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { docsScreenshot } from '../support/docs-screenshot';
import { PATIENT, startFleetdeskApp } from '../support/fleetdesk-app';
import { findAndSelectAsset, openScreen, waitForDemoFleet } from '../support/operator';
import { recordSeeds } from '../support/record-seeds';
import { samplePhoto } from '../support/sample-photo';

const DAY = 86_400_000;
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const THEMES = ['dark', 'light'] as const;
/** The 1440×900 pictures keep their names; the smallest window the app supports says so in its own. */
const SIZES = [
  { suffix: '', viewport: { width: 1440, height: 900 } },
  { suffix: '-1024', viewport: { width: 1024, height: 700 } },
] as const;

/** The row toggles the selection: an asset already open stays open. */
async function showAsset(page: Page, name: string): Promise<void> {
  const open = page.getByRole('complementary', { name: 'Asset details' }).getByRole('heading', { name });
  if (!(await open.isVisible())) await findAndSelectAsset(page, name);
}

const app = await startFleetdeskApp({ fleetSize: 20 });
try {
  const { page } = app;
  await waitForDemoFleet(page);
  const now = app.serviceNow();
  const seeds = recordSeeds(app.service, app.operatorToken);
  const assets = app.fleet.assets.slice(0, 12);
  const services = ['Oil and filter', 'Brake pads', 'Tyre rotation', 'Annual service', 'Cabin filter'];
  for (const [i, a] of assets.entries()) {
    const km = Math.round(app.fleet.odometerAt(a.id, now));
    await seeds.post('service-reminder', {
      asset_id: a.id,
      name: services[i % services.length],
      due_date: day(now + (i * 9 - 20) * DAY),
      ...(i % 3 === 0 ? { due_odometer_km: km + (i - 3) * 400 } : {}),
      ...(i % 2 === 0 ? { repeat_days: 180, repeat_km: 15_000 } : {}),
    });
    if (i % 2 === 0)
      await seeds.post('renewal-reminder', {
        asset_id: a.id,
        kind: ['insurance', 'registration', 'inspection'][i % 3],
        due_date: day(now + (i * 14 - 10) * DAY),
        remind_days_before: 30,
      });
    for (let k = 0; k < 3; k++) {
      const t = now - (i + k * 7) * DAY;
      await seeds.post('fuel-entry', {
        asset_id: a.id,
        timestamp: new Date(t).toISOString(),
        liters: 38 + ((i * 7 + k * 13) % 40),
        cost: Math.round((38 + ((i * 7 + k * 13) % 40)) * 1.79 * 100) / 100,
        currency: 'EUR',
        odometer_km: Math.round(app.fleet.odometerAt(a.id, t)),
        station: ['Q8 Via Emilia', 'Eni Tangenziale', 'IP Borgo Panigale'][(i + k) % 3],
        full_tank: k !== 1,
      });
      await seeds.post('odometer-entry', {
        asset_id: a.id,
        timestamp: new Date(t).toISOString(),
        odometer_km: Math.round(app.fleet.odometerAt(a.id, t)),
        ...(k === 0 ? { notes: 'Read at the workshop' } : {}),
      });
    }
  }
  await seeds.post('asset-group', {
    name: 'North depot',
    description: 'Vans and reefers out of Via Emilia',
    asset_ids: assets.slice(0, 5).map((a) => a.id),
  });
  await seeds.post('asset-group', { name: 'Site works', asset_ids: assets.slice(5, 8).map((a) => a.id) });
  // The groups were made behind the app's back: a new page reads them, as a restarted app would.
  await page.reload();
  await waitForDemoFleet(page);
  await seeds.post('link-mobility', { provider: 'Ridely', external_account_id: 'fleet-4471' });
  await seeds.post('link-mobility', {
    provider: 'CityShare',
    external_account_id: 'ops@example.com',
    asset_ids: assets.slice(0, 3).map((a) => a.id),
  });

  // Photos through the panel, as an operator adds them; a few tracker commands for the history.
  for (const [i, a] of assets.slice(0, 6).entries()) {
    const panel = await findAndSelectAsset(page, a.name);
    await page.getByTestId('photo-input').setInputFiles({
      name: `${a.name}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await samplePhoto(page, a.name, (i * 55) % 360),
    });
    await panel.getByRole('status').filter({ hasText: 'Photo uploaded.' }).waitFor(PATIENT);
  }
  const featured = assets[0]!;
  const panel = await findAndSelectAsset(page, featured.name);
  await panel.getByRole('button', { name: 'Soft reset' }).click();
  await panel.getByTestId('command-message').filter({ hasText: 'Soft reset sent' }).waitFor(PATIENT);
  await panel.getByRole('group', { name: 'Bluetooth' }).getByRole('button', { name: 'Off' }).click();
  await panel.getByTestId('command-message').filter({ hasText: 'Bluetooth off sent' }).waitFor(PATIENT);
  await page.getByRole('complementary', { name: 'Assets' }).getByRole('searchbox').fill('');

  const shoot = async (name: string, theme: string): Promise<void> => {
    // Lets the list's virtualiser and the theme's transition settle before the picture.
    await page.waitForTimeout(400);
    await docsScreenshot(page, `${name}-${theme}`);
  };
  const tab = async (p: Page, label: string): Promise<void> => {
    await p.getByRole('tab', { name: new RegExp(`^${label}`) }).click();
  };

  const rowsShown = (grid: string): Promise<void> =>
    page.getByRole('grid', { name: grid }).getByRole('row').first().waitFor(PATIENT);

  // The reminders were seeded behind the app's back: the Maintenance screen reads them (and the badges).
  await openScreen(page, 'Maintenance');
  await rowsShown('Service and renewal reminders');

  for (const { suffix, viewport } of SIZES) {
    await page.setViewportSize(viewport);
    for (const theme of THEMES) {
      await page.evaluate(`window.fleetdesk.invoke('settings.set', { theme: '${theme}' })`);
      await openScreen(page, 'Live map');
      await showAsset(page, featured.name);
      await page.getByRole('complementary', { name: 'Assets' }).getByRole('searchbox').fill('');
      await page.getByTestId('asset-photo-image').waitFor(PATIENT);
      // The featured asset has overdue reminders: the panel shows the badge once the reminders are read.
      await page
        .getByRole('complementary', { name: 'Asset details' })
        .getByTestId('reminder-badge')
        .waitFor(PATIENT);
      await shoot(`asset-panel${suffix}`, theme);

      // The list in its groups, then filtered by one: the map follows.
      await page
        .getByRole('complementary', { name: 'Asset details' })
        .getByRole('button', { name: 'Clear selection (Esc)' })
        .click();
      await page.getByTestId('group-filter').selectOption({ label: 'North depot (5)' });
      await page.getByTestId('map-group-filter').waitFor(PATIENT);
      await shoot(`asset-list-group-filter${suffix}`, theme);
      await page.getByTestId('group-filter').selectOption({ label: 'All assets (20)' });
      await page.getByTestId('map-group-filter').waitFor({ state: 'detached', ...PATIENT });
      await shoot(`asset-list-groups${suffix}`, theme);

      await openScreen(page, 'Maintenance');
      await page
        .getByRole('button', { name: 'All assets' })
        .click()
        .catch(() => undefined);
      await tab(page, 'Reminders');
      await rowsShown('Service and renewal reminders');
      await shoot(`maintenance-reminders${suffix}`, theme);
      await tab(page, 'Fuel');
      await page.getByRole('button', { name: 'Last 30 days' }).click();
      await rowsShown('Refills');
      await shoot(`maintenance-fuel${suffix}`, theme);
      await tab(page, 'Tags');
      await rowsShown('Tags and beacons');
      await shoot(`maintenance-tags${suffix}`, theme);
      await tab(page, 'Reminders');

      // The report form with the drivers' list narrowed by typing.
      await openScreen(page, 'Reports');
      const form = page.getByRole('form', { name: 'New report' });
      await form.getByRole('combobox', { name: /^Type/ }).selectOption({ label: 'Driver score' });
      await form.getByRole('radio', { name: 'Driver' }).check();
      await form.getByRole('searchbox', { name: 'Search drivers or their assets' }).fill('van');
      await shoot(`report-form-driver${suffix}`, theme);
      await form.getByRole('searchbox', { name: 'Search drivers or their assets' }).fill('');

      await page.getByRole('button', { name: 'Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await dialog.getByRole('heading', { name: 'Linked mobility accounts' }).scrollIntoViewIfNeeded();
      await dialog.getByRole('list', { name: 'Linked accounts' }).waitFor(PATIENT);
      await shoot(`settings-account-links${suffix}`, theme);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
  }
  console.log(`Page errors: ${app.pageErrors.length === 0 ? 'none' : app.pageErrors.join('; ')}`);
} catch (err) {
  await app.page.screenshot({ path: join(process.cwd(), 'test-results', 'shoot-fleet-admin-failed.png') });
  throw err;
} finally {
  await app.close();
}
