import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { assetName, busiestAsset } from './support/fleet-moments';
import {
  chooseTheme,
  definition,
  findAndSelectAsset,
  openScreen,
  openSettings,
  saveSettings,
  showAsset,
  waitForDemoFleet,
} from './support/operator';

const DAY = 86_400_000;
/** The computer's zone: nine hours from UTC all year (no daylight saving), so switching to UTC shows. */
const COMPUTER_ZONE = 'Asia/Tokyo';
/** A locale that writes 2:05 PM, so switching to 24-hour time shows. */
const COMPUTER_LOCALE = 'en-US';
let app: FleetdeskApp;

beforeAll(async () => {
  app = await startFleetdeskApp({ fleetSize: 8, timezoneId: COMPUTER_ZONE, locale: COMPUTER_LOCALE });
});

beforeEach(() => {
  onTestFailed(() => app.screenshot('display-settings-failed'));
});

afterAll(async () => {
  await app?.close();
});

/** HH:MM's hour, from a 24-hour or a 12-hour clock. */
function hourOf(text: string): number {
  const m = /(\d{1,2}):(\d{2})(?::\d{2})?(?:\s([ap]m))?/i.exec(text);
  if (!m) throw new Error(`no time in "${text}"`);
  const h = Number(m[1]);
  if (!m[3]) return h;
  return (h % 12) + (m[3].toUpperCase() === 'PM' ? 12 : 0);
}

describe('units, time zone and formats chosen in Settings, everywhere in Chromium', () => {
  it('switches the asset panel, the asset list and the reports list to mph, miles, UTC and 24-hour time, and keeps them after a reload', async () => {
    const { page } = app;
    await waitForDemoFleet(page);
    const name = assetName(app.fleet, busiestAsset(app.fleet, Date.now() - DAY, Date.now()).assetId);
    const panel = await findAndSelectAsset(page, name);
    const speed = definition(panel, 'Speed');
    const fixTime = definition(panel, 'Fix time');
    await speed.getByText(/ km\/h$/).waitFor(PATIENT);
    // Until the operator chooses, the clock is the computer's locale's (AM/PM here), in the computer's zone.
    const before = await fixTime.innerText();
    expect(before).toMatch(/\d{1,2}:\d{2}:\d{2}\s[ap]m$/i);
    const list = page.getByRole('complementary', { name: 'Assets' });
    const listSpeed = list.locator('[role="option"] .speed').first();
    await expect.poll(() => listSpeed.innerText(), PATIENT).toMatch(/ km\/h$/);

    await openScreen(page, 'Reports');
    const form = page.getByRole('form', { name: 'New report' });
    await form.getByRole('combobox', { name: /^Type/ }).selectOption({ label: 'Trips' });
    await form.getByRole('radio', { name: 'PDF' }).check();
    await form.getByLabel(/^Title/).fill('Display settings check');
    await form.getByRole('button', { name: 'Queue report' }).click();
    const row = page.getByRole('listitem').filter({ hasText: 'Display settings check' });
    const requested = row.getByTestId('report-requested');
    await requested.waitFor(PATIENT);
    const requestedBefore = await requested.innerText();
    expect(requestedBefore).toMatch(/^Requested \d{1,2}:\d{2}\s[ap]m$/i);

    const dialog = await openSettings(page);
    await dialog.getByRole('combobox', { name: 'Speed' }).selectOption('mph');
    await dialog.getByRole('combobox', { name: 'Distance' }).selectOption('mi');
    await dialog.getByRole('combobox', { name: 'Time zone' }).selectOption('UTC');
    await dialog.getByRole('checkbox', { name: /24-hour time/ }).check();
    await dialog.getByRole('combobox', { name: 'Dates' }).selectOption('iso');
    await saveSettings(dialog);

    // The reports list: 24-hour time, nine hours back from Tokyo.
    await requested.getByText(/^Requested \d{2}:\d{2}$/).waitFor(PATIENT);
    expect((hourOf(await requested.innerText()) - hourOf(requestedBefore) + 24) % 24).toBe(15);
    expect(await requested.getAttribute('title')).toMatch(/, \d{4}-\d{2}-\d{2}, \d{2}:\d{2}:\d{2} UTC$/);

    await openScreen(page, 'Live map');
    await showAsset(page, name);
    await speed.getByText(/^\d+ mph$/).waitFor(PATIENT);
    await fixTime.getByText(/^\d{4}-\d{2}-\d{2}, \d{2}:\d{2}:\d{2}$/).waitFor(PATIENT);
    const odometer = definition(panel, 'Odometer');
    if ((await odometer.count()) > 0) expect(await odometer.innerText()).not.toMatch(/ km\b/);
    await expect.poll(() => listSpeed.innerText(), PATIENT).toMatch(/^\d+ mph$/);
    expect(await list.getByText(/ km\/h$/).count()).toBe(0);

    await page.reload();
    await waitForDemoFleet(page);
    await showAsset(page, name);
    await speed.getByText(/^\d+ mph$/).waitFor(PATIENT);
    await fixTime.getByText(/^\d{4}-\d{2}-\d{2}, \d{2}:\d{2}:\d{2}$/).waitFor(PATIENT);
    const reopened = await openSettings(page);
    expect(await reopened.getByRole('combobox', { name: 'Speed' }).inputValue()).toBe('mph');
    expect(await reopened.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('UTC');
    expect(await reopened.getByRole('checkbox', { name: /24-hour time/ }).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await reopened.waitFor({ state: 'detached', ...PATIENT });
    expect(app.pageErrors).toEqual([]);
  });

  it('shows the Units and time section in the light and the dark theme', async () => {
    const { page } = app;
    for (const theme of ['light', 'dark'] as const) {
      await chooseTheme(page, theme);
      const shown = await openSettings(page);
      const section = shown.getByRole('group', { name: 'Units and time' });
      await section.scrollIntoViewIfNeeded();
      await section.getByRole('combobox', { name: 'Time zone' }).waitFor(PATIENT);
      await app.screenshot(`settings-units-${theme}`, { docs: true });
      await page.keyboard.press('Escape');
      await shown.waitFor({ state: 'detached', ...PATIENT });
    }
    expect(app.pageErrors).toEqual([]);
  });
});
