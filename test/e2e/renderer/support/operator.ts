import type { Locator, Page } from 'playwright-core';
import { endpointsOfLocal } from '../../../../src/main/demo/demo-of-service';
import type { ReadyInfo } from '../../../../src/server';
import { PATIENT } from './fleetdesk-app';

/** The core signs a first run in to the demo by itself; the shell with its screens shows then. */
export async function waitForDemoFleet(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).waitFor(PATIENT);
}

/** Sign out, then sign in as `user` with their token under the Connect screen's "More options". */
export async function signInWithToken(
  page: Page,
  service: ReadyInfo,
  user: { readonly id: number; readonly token: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('tab', { name: 'Remote service' }).click();
  await page.getByText('More options').click();
  const form = page.locator('form.remote');
  const fields = { name: 'Dispatch', ...endpointsOfLocal(service), user_id: user.id };
  for (const [name, value] of Object.entries(fields))
    await form.locator(`input[name="${name}"]`).fill(String(value));
  await form.locator('input[name="token"]').fill(user.token);
  await form.getByRole('button', { name: 'Sign in with a token' }).click();
  await waitForDemoFleet(page);
}

/** Sign out, then the one click of the Connect screen's Demo tab. */
export async function connectDemoAgain(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('tab', { name: 'Demo' }).click();
  await page.getByRole('button', { name: 'Start the demo' }).click();
  await waitForDemoFleet(page);
}

export async function openScreen(
  page: Page,
  label: 'Live map' | 'History' | 'Reports' | 'Tracking links' | 'Maintenance',
): Promise<void> {
  const tab = page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: label });
  await tab.click();
  await tab.and(page.locator('[aria-current="page"]')).waitFor(PATIENT);
}

/** The value next to a term of a <dl> (the asset panel's and the history summary's fields). */
export function definition(list: Locator, term: string): Locator {
  return list.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** "12 of 12 assets" under the asset list's search box. */
export async function listCount(page: Page): Promise<{ shown: number; total: number }> {
  const text = await page
    .getByRole('complementary', { name: 'Assets' })
    .getByText(/^\d+ of \d+ assets$/)
    .innerText();
  const [shown, total] = text.match(/\d+/g)!.map(Number) as [number, number];
  return { shown, total };
}

/** Type the name into the asset list's search, then click its row: the panel opens on it. */
export async function findAndSelectAsset(page: Page, name: string): Promise<Locator> {
  const list = page.getByRole('complementary', { name: 'Assets' });
  await list.getByRole('searchbox', { name: 'Search assets' }).fill(name);
  const row = list.getByRole('option').filter({ has: page.getByText(name, { exact: true }) });
  await row.click();
  const panel = page.getByRole('complementary', { name: 'Asset details' });
  await panel.getByRole('heading', { name }).waitFor(PATIENT);
  return panel;
}

/** The Settings dialog, the operator's way in: `,` with the focus on no field. */
export async function openSettings(page: Page): Promise<Locator> {
  await page.evaluate('document.activeElement instanceof HTMLElement && document.activeElement.blur()');
  await page.keyboard.press(',');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.waitFor(PATIENT);
  return dialog;
}

export async function saveSettings(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached', ...PATIENT });
}

/** The theme chosen in the Settings and saved, and the page showing it. */
export async function chooseTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const dialog = await openSettings(page);
  await dialog.getByRole('combobox', { name: 'Theme' }).selectOption(theme);
  await saveSettings(dialog);
  await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: 'attached', ...PATIENT });
}

/** The asset panel open on `name`: its row is clicked only when it is not selected already (a click would unselect it). */
export async function showAsset(page: Page, name: string): Promise<void> {
  const list = page.getByRole('complementary', { name: 'Assets' });
  await list.getByRole('searchbox', { name: 'Search assets' }).fill(name);
  const row = list.getByRole('option').filter({ has: page.getByText(name, { exact: true }) });
  await row.waitFor(PATIENT);
  if ((await row.getAttribute('aria-selected')) !== 'true') await row.click();
  await page
    .getByRole('complementary', { name: 'Asset details' })
    .getByRole('heading', { name })
    .waitFor(PATIENT);
}
