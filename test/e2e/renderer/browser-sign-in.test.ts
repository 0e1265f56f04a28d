import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { createMemorySecretStore, type SecretStore } from '../../../src/main/core/session/secret-store';
import { collectRendererState, placesHolding } from '../../electron-smoke/support/renderer-state';
import { secretWatchingFetch } from '../../support/secret-watch';
import { docsScreenshot } from './support/docs-screenshot';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { listCount, openScreen, waitForDemoFleet } from './support/operator';

const FLEET_SIZE = 8;
/** Seconds: the test waits past several of them. */
const ACCESS_TOKEN_TTL = 4;

let app: FleetdeskApp;
/** Every token the core sent or got, and every authorization code the browser carried. */
const secrets = new Set<string>();
/** What the page printed to its console. */
const consoleLines: string[] = [];
// As an OS keychain would: the test reads the refresh token the app keeps, to revoke it at the service.
const keychain: SecretStore = { ...createMemorySecretStore(), kind: 'keychain' };

beforeAll(async () => {
  app = await startFleetdeskApp({
    fleetSize: FLEET_SIZE,
    tickMs: 500,
    accessTokenTtlSeconds: ACCESS_TOKEN_TTL,
    secretStore: keychain,
    fetch: secretWatchingFetch(fetch, secrets),
  });
  app.page.on('console', (m) => consoleLines.push(m.text()));
});

beforeEach(() => {
  onTestFailed(() => app.screenshot('browser-sign-in-failed'));
});

afterAll(async () => {
  await app?.close();
});

/** Counts live position batches as the page receives them, through its own bridge. */
async function countLivePositions(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const g = globalThis as unknown as {
      fleetdesk: { on(event: string, listener: () => void): () => void };
      __livePushes?: number;
    };
    g.__livePushes = 0;
    g.fleetdesk.on('live.positions', () => {
      g.__livePushes = (g.__livePushes ?? 0) + 1;
    });
  });
  return () => page.evaluate(() => (globalThis as unknown as { __livePushes: number }).__livePushes);
}

/**
 * The operator in the tab the app opened: the service's own sign-in page, then its consent page,
 * then the page of the app's loopback address saying to go back.
 */
async function signInInTheNewTab(signInTab: Page, asked: 'password' | 'consent only'): Promise<void> {
  const operator = app.service.users[0]!;
  if (asked === 'password') {
    await signInTab.getByLabel('User name or e-mail').fill(operator.username);
    await signInTab.getByLabel('Password').fill(operator.password);
    await signInTab.getByRole('button', { name: 'Sign in' }).click();
  }
  await signInTab.getByRole('button', { name: 'Allow' }).click();
  await signInTab.getByText('You can close this tab and go back to Fleetdesk.').waitFor(PATIENT);
  const landed = new URL(signInTab.url());
  expect(landed.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  for (const code of landed.searchParams.getAll('code')) secrets.add(code);
  await signInTab.close();
}

/** The Connect screen in the system's light and dark themes, as the README shows it. */
async function screenshotBothThemes(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.locator(`:root[data-theme="${theme}"]`).waitFor({ state: 'attached', ...PATIENT });
    await docsScreenshot(page, `${name}-${theme}`);
  }
  await page.emulateMedia({ colorScheme: null });
}

/**
 * The operator types the address and signs in on the service's page in the tab the app opened;
 * `shoot` takes the README's screenshots of the wait and of the service's page on the way.
 */
async function signInWithTheBrowser(page: Page, address: string, shoot = false): Promise<void> {
  await page.getByRole('tab', { name: 'Remote service' }).click();
  await page.getByLabel('Service address').fill(address);
  const opened = page.context().waitForEvent('page', PATIENT);
  await page.getByRole('button', { name: 'Sign in with your browser' }).click();
  const signInTab = await opened;
  await page.getByTestId('sign-in-waiting').getByText('Continue in your browser').waitFor(PATIENT);
  await signInTab.getByLabel('User name or e-mail').waitFor(PATIENT);
  if (shoot) {
    await screenshotBothThemes(page, 'connect-browser-sign-in');
    await docsScreenshot(signInTab, 'service-sign-in');
  }
  await signInInTheNewTab(signInTab, 'password');
  await page.getByRole('navigation', { name: 'Screens' }).waitFor(PATIENT);
}

/** The refresh token the app keeps, as the OS keychain holds it. */
const keptRefreshToken = (): Promise<string | null> => keychain.get('session.refreshToken');

/** RFC 6749 §6 at the service, as any client holding this refresh token could try. */
async function refreshAtTheService(refreshToken: string): Promise<{ status: number; error?: string }> {
  const res = await fetch(`${app.service.base_url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: 'fleetdesk-desktop',
    }).toString(),
  });
  const body = (await res.json()) as { error?: string };
  return { status: res.status, ...(body.error ? { error: body.error } : {}) };
}

describe('signing in to a remote service through the browser, in Chromium', () => {
  it('takes only the service address, signs in on the service’s page in another tab, and shows the fleet', async () => {
    const { page } = app;
    await waitForDemoFleet(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('tab', { name: 'Remote service' }).click();
    const form = page.locator('form.browser');
    expect(await form.locator('input:not([type="checkbox"])').count()).toBe(1);
    // The token form waits, folded, under "More options".
    expect(await page.locator('details.more').getAttribute('open')).toBeNull();

    await signInWithTheBrowser(page, app.service.base_url, true);
    await openScreen(page, 'Live map');
    await page
      .getByRole('complementary', { name: 'Assets' })
      .getByText(`${FLEET_SIZE} of ${FLEET_SIZE} assets`)
      .waitFor(PATIENT);
    expect(await listCount(page)).toEqual({ shown: FLEET_SIZE, total: FLEET_SIZE });
    await expect.poll(keptRefreshToken).toMatch(/\S{20,}/);
    expect(app.pageErrors).toEqual([]);
  });

  it('stays signed in past the access token’s lifetime, with live positions still arriving', async () => {
    const { page } = app;
    const livePushes = await countLivePositions(page);
    const started = Date.now();
    // Three lifetimes, each with new positions: the token of the sign-in is long expired by the end.
    for (let lifetime = 1; lifetime <= 3; lifetime++) {
      const before = await livePushes();
      await expect
        .poll(() => Date.now() - started, { timeout: 30_000, interval: 250 })
        .toBeGreaterThan(lifetime * ACCESS_TOKEN_TTL * 1000);
      await expect.poll(livePushes, PATIENT).toBeGreaterThan(before);
    }
    await page.getByRole('navigation', { name: 'Screens' }).waitFor(PATIENT);
    // A request of its own after all that: the tracking link form answers with a new link.
    await openScreen(page, 'Tracking links');
    await createLink(page, 'After the lifetimes');
    expect(app.pageErrors).toEqual([]);
  });

  it('signs out cleanly when the sign-in is revoked at the service, says why, and loses nothing', async () => {
    const { page } = app;
    const refresh = await keptRefreshToken();
    expect(refresh).toBeTruthy();
    // RFC 7009 at the service, as an administrator ending this sign-in would.
    const revoked = await fetch(`${app.service.base_url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: refresh!, client_id: 'fleetdesk-desktop' }).toString(),
    });
    expect(revoked.status).toBe(200);

    await page.getByText('The service asked for a new sign-in. Your local data is kept.').waitFor(PATIENT);
    await page
      .getByRole('list', { name: 'Notices' })
      .getByText(/has ended: the service did not renew it/)
      .waitFor(PATIENT);
    // Asked again on the Remote tab, with the address already there.
    await expect.poll(() => page.getByLabel('Service address').inputValue()).toBe(app.service.base_url);
    await app.screenshot('browser-sign-in-ended');

    const opened = page.context().waitForEvent('page', PATIENT);
    await page.getByRole('button', { name: 'Sign in with your browser' }).click();
    // The browser is still signed in at the service (its own session): only the consent is asked.
    await signInInTheNewTab(await opened, 'consent only');
    await page.getByRole('navigation', { name: 'Screens' }).waitFor(PATIENT);
    // Signed in again, the notice that said it had ended is no longer true: it is gone.
    await page
      .getByText(/has ended: the service did not renew it/)
      .waitFor({ state: 'detached', ...PATIENT });
    await openScreen(page, 'Tracking links');
    await page.getByText('After the lifetimes').first().waitFor(PATIENT);
    expect(app.pageErrors).toEqual([]);
  });

  it('revokes the sign-in at the service when the operator signs out', async () => {
    const { page } = app;
    const refresh = await keptRefreshToken();
    expect(refresh).toBeTruthy();
    secrets.add(refresh!);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('Connect to a fleet service').waitFor(PATIENT);
    await expect.poll(keptRefreshToken, PATIENT).toBeNull();
    // RFC 7009: the token the app held is dead at the service, not only forgotten here.
    expect(await refreshAtTheService(refresh!)).toEqual({ status: 400, error: 'invalid_grant' });
    expect(app.pageErrors).toEqual([]);
  });

  it('says on the Connect screen why, when the operator denies the app in the browser', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Remote service' }).click();
    await page.getByLabel('Service address').fill(app.service.base_url);
    const opened = page.context().waitForEvent('page', PATIENT);
    await page.getByRole('button', { name: 'Sign in with your browser' }).click();
    const signInTab = await opened;
    // Still signed in at the service in this browser: only the consent is asked, and refused.
    await signInTab.getByRole('button', { name: 'Deny' }).click();
    await signInTab.getByText('You can close this tab and go back to Fleetdesk.').waitFor(PATIENT);
    await signInTab.close();

    const why = page.getByTestId('connect-error');
    await why.waitFor(PATIENT);
    expect(await why.textContent()).toBe('The sign-in was cancelled or Fleetdesk was not allowed.');
    // Asked again with the address as it was, the browser button there to try once more.
    expect(await page.getByLabel('Service address').inputValue()).toBe(app.service.base_url);
    await page.getByRole('button', { name: 'Sign in with your browser' }).waitFor(PATIENT);
    expect(await keptRefreshToken()).toBeNull();
    // Only why this sign-in did not happen: not the earlier one that ended.
    expect(await page.getByRole('list', { name: 'Notices' }).count()).toBe(0);
    await docsScreenshot(page, 'connect-sign-in-denied');
    expect(app.pageErrors).toEqual([]);
  });

  it('never lets an access token, a refresh token or an authorization code reach the renderer or a log', async () => {
    const kept = await keychain.get('session.refreshToken');
    if (kept) secrets.add(kept);
    expect(secrets.size).toBeGreaterThan(8);
    const places = await collectRendererState(app.page);
    const logs = [...app.logs, ...consoleLines].join('\n');
    for (const secret of secrets) {
      expect(placesHolding(places, secret)).toEqual([]);
      expect(logs).not.toContain(secret);
    }
  });
});

/** A tracking link for the first asset of the picker, made through the form: a request the app sends with its token. */
async function createLink(page: Page, name: string): Promise<void> {
  const form = page.getByRole('form', { name: 'New tracking link' });
  const picker = form.getByRole('combobox', { name: /^Asset/ });
  await picker.click();
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await form.getByTestId('link-name').fill(name);
  await form.getByTestId('link-submit').click();
  await page.getByRole('list').getByText(name).first().waitFor(PATIENT);
}
