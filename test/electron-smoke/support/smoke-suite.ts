import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stubDialog } from 'electron-playwright-helpers';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { z } from 'zod';
import { localServiceOptionsSchema } from '../../../src/server/options';
import { jsonReportContentSchema } from '../../../src/shared/interface';
import { busiestAsset, drivingStretch, simulatedFleet } from '../../e2e/renderer/support/fleet-moments';
import { PATIENT } from '../../e2e/renderer/support/fleetdesk-app';
import {
  history,
  playAWhile,
  showCustomRange,
  shownSummary,
} from '../../e2e/renderer/support/history-screen';
import { fleetPainter, paintedPixels, pixelDifference } from '../../e2e/renderer/support/map-canvas';
import { findAndSelectAsset, openScreen, waitForDemoFleet } from '../../e2e/renderer/support/operator';
import { ARTIFACTS, launchFleetdesk, launchSecondInstance, type SmokeApp } from './launch';
import { OWNED_FLEET_SIZE, startOwnedService, type OwnedService } from './owned-service';
import { collectRendererState, placesHolding } from './renderer-state';
import { targetOrSkipReason, type Found, type SmokeTarget } from './smoke-targets';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The Demo profile runs the local service with its defaults (seed and size), so the test can ask the simulator. */
const DEMO_FLEET_SIZE = localServiceOptionsSchema.parse({}).fleetSize;
/** The key the session keeps its bearer token under, in userData/secrets.json (encrypted by safeStorage). */
const TOKEN_KEY = 'session.token';

const secretsFileSchema = z.object({ version: z.literal(1), entries: z.record(z.string(), z.string()) });
const windowStateSchema = z.object({
  last: z.string(),
  displays: z.record(
    z.string(),
    z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  ),
});

/** The window's place on screen as its page sees it (window.screenX…outerHeight). */
async function windowBox(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  return page.evaluate(() => {
    const w = globalThis as unknown as {
      screenX: number;
      screenY: number;
      outerWidth: number;
      outerHeight: number;
    };
    return { x: w.screenX, y: w.screenY, width: w.outerWidth, height: w.outerHeight };
  });
}

const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * What an operator would check of the real Electron app, in order, on one
 * profile: the window and the Demo, a report from the service's worker, a
 * Remote sign-in whose token stays in main, History from the cache with the
 * service gone, a quit and relaunch, and a second launch. Where Electron or
 * the app under test is missing the suite is reported skipped, with why.
 */
export function describeElectronSmoke(kind: SmokeTarget['kind'], found: Found<SmokeTarget>): void {
  const { target, skipReason } = targetOrSkipReason(found);
  if (skipReason !== null) {
    console.warn(`[electron-smoke] the ${kind} app is not tested here: ${skipReason}`);
    it(`the ${kind} Electron app (skipped: ${skipReason})`, (ctx) => ctx.skip(skipReason));
  }

  describe.skipIf(target === null)(`the ${kind} Electron app, as an operator meets it`, () => {
    // Made in beforeAll: a skipped suite's body is still collected, and must leave nothing behind.
    let userData = '';
    let saveDir = '';
    let app: SmokeApp | null = null;
    let service: OwnedService | null = null;
    const owned = (): OwnedService => {
      if (!service) throw new Error('the owned service did not start');
      return service;
    };
    const running = (): SmokeApp => {
      if (!app) throw new Error('the app is not running');
      return app;
    };

    beforeAll(async () => {
      userData = mkdtempSync(join(tmpdir(), `fleetdesk-smoke-${kind}-`));
      saveDir = mkdtempSync(join(tmpdir(), 'fleetdesk-smoke-saved-'));
      service = await startOwnedService();
      app = await launchFleetdesk(target!, userData);
    });

    beforeEach((ctx) => {
      onTestFailed(() => app?.screenshot(`failed-${ctx.task.name.slice(0, 60).replace(/\W+/g, '-')}`));
    });

    afterAll(async () => {
      const out = join(ARTIFACTS, kind);
      try {
        if (app) writeFileSync(join(out, 'process-output.log'), app.output());
        const logs = join(userData, 'logs');
        if (existsSync(logs)) for (const f of readdirSync(logs)) copyFileSync(join(logs, f), join(out, f));
        await app?.quit();
      } finally {
        await service?.close();
        if (saveDir) rmSync(saveDir, { recursive: true, force: true });
        // Windows may hold a file of the profile a moment after the app exits; it is in the temp dir.
        if (userData) rmSync(userData, { recursive: true, force: true, maxRetries: 5 });
      }
    });

    it('opens its window on app://fleetdesk with no console errors, and the Demo signs itself in with the fleet on the map', async () => {
      const { page } = running();
      expect(page.url()).toBe('app://fleetdesk/index.html');
      await waitForDemoFleet(page);
      const list = page.getByRole('complementary', { name: 'Assets' });
      await list.getByText(`${DEMO_FLEET_SIZE} of ${DEMO_FLEET_SIZE} assets`).waitFor(PATIENT);
      await page
        .getByTestId('status-bar')
        .getByText(/^\s*Live positions:\s+coming in\s*$/)
        .waitFor(PATIENT);
      await expect.poll(async () => (await paintedPixels(page)).size, PATIENT).toBeGreaterThan(0);
      // The module worker loads over app:// (a standard, secure scheme): a failed load would fall back to
      // painting on the page, which works but is what this checks against.
      expect(await fleetPainter(page)).toBe('worker');
      await running().screenshot('demo');
      expect(running().consoleErrors).toEqual([]);
    });

    it(`generates a report with the service's worker${kind === 'packaged' ? ' from inside app.asar' : ''}, shows it, and saves it`, async () => {
      const { page, main } = running();
      await openScreen(page, 'Reports');
      const form = page.getByRole('form', { name: 'New report' });
      await form.waitFor(PATIENT);
      // The Demo fleet's busiest asset of those days (the app's own simulator, asked here): its trips have rows.
      const now = Date.now();
      const from = day(now - 3 * DAY);
      const to = day(now - DAY);
      const demo = simulatedFleet(DEMO_FLEET_SIZE);
      const name = demo.asset(busiestAsset(demo, Date.parse(from), Date.parse(to) + DAY).assetId)!.name;
      const picker = form.getByRole('combobox', { name: /^Asset/ });
      await picker.fill(name);
      await expect.poll(() => picker.getAttribute('aria-activedescendant'), PATIENT).toBeTruthy();
      await picker.press('Enter');
      await form.getByRole('combobox', { name: /^Type/ }).selectOption({ label: 'Trips' });
      await form.getByLabel('From', { exact: true }).fill(from);
      await form.getByLabel('To', { exact: true }).fill(to);
      await form.getByRole('radio', { name: 'JSON (view here)' }).check();
      const title = `Smoke trips ${kind}`;
      await form.getByLabel(/^Title/).fill(title);
      await form.getByRole('button', { name: 'Queue report' }).click();

      const row = page.getByRole('listitem').filter({ hasText: title });
      await row.getByText(/^Completed/).waitFor({ timeout: 120_000 });
      await row.getByRole('button', { name: 'View' }).click();
      const table = page.getByTestId('report-table');
      await table.waitFor(PATIENT);
      expect(await table.getByRole('row').count()).toBeGreaterThan(1);
      await running().screenshot('report');

      // The file main downloaded for it is the worker's output, byte for byte what the service generated.
      const reports = join(userData, 'reports');
      const downloaded = readdirSync(reports).filter((f) => f.endsWith('.json'));
      expect(downloaded).toHaveLength(1);
      const content = jsonReportContentSchema.parse(
        JSON.parse(readFileSync(join(reports, downloaded[0]!), 'utf8')),
      );
      expect(content).toMatchObject({ type: 'trip', period: { from, to } });
      expect(content.rows.length).toBeGreaterThan(0);

      // The native Save dialog, answered in main (the built app only: the packaged app's fuses refuse the inspector).
      if (main) {
        const target = join(saveDir, 'smoke-trips.json');
        await stubDialog(main, 'showSaveDialog', { canceled: false, filePath: target });
        await row.getByRole('button', { name: 'Save…' }).click();
        await expect.poll(() => existsSync(target), PATIENT).toBe(true);
        expect(readFileSync(target, 'utf8')).toBe(readFileSync(join(reports, downloaded[0]!), 'utf8'));
      }
      expect(running().consoleErrors).toEqual([]);
    });

    it('signs in to a fleet service with a pasted token, which stays in the keychain-backed store and out of the renderer, and the vehicles move', async () => {
      const { page, main } = running();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('tab', { name: 'Remote service' }).click();
      // The token form is the fallback, folded under "More options" (the default is the browser sign-in).
      await page.getByText('More options').click();
      const form = page.locator('form.remote');
      for (const [field, value] of Object.entries(owned().form))
        await form.locator(`input[name="${field}"]`).fill(value);
      await form.locator('input[name="token"]').fill(owned().token);
      // Offered only where the OS has no keyring (Linux basic_text); macOS and Windows always have one.
      const remember = form.locator('input[name="persistToken"]');
      if ((await remember.count()) > 0) {
        expect(process.platform, 'only Linux may lack a keyring').toBe('linux');
        console.warn(
          '[electron-smoke] no keyring in this session: the token is stored basic_text (obfuscated)',
        );
        await remember.check();
      }
      await form.getByRole('button', { name: 'Sign in with a token' }).click();
      await waitForDemoFleet(page);
      // Signed in, the app comes back to the screen it was on (Reports).
      await openScreen(page, 'Live map');
      await page
        .getByRole('complementary', { name: 'Assets' })
        .getByText(`${OWNED_FLEET_SIZE} of ${OWNED_FLEET_SIZE} assets`)
        .waitFor(PATIENT);

      const secrets = secretsFileSchema.parse(
        JSON.parse(readFileSync(join(userData, 'secrets.json'), 'utf8')),
      );
      const sealed = secrets.entries[TOKEN_KEY];
      expect(sealed).toBeDefined();
      expect(JSON.stringify(secrets)).not.toContain(owned().token);
      if (main) {
        // What safeStorage opens in main is the token: the file holds it encrypted, not something else.
        const opened = await main.evaluate(
          async ({ safeStorage }, cipher) =>
            (await safeStorage.decryptStringAsync(Buffer.from(cipher, 'base64'))).result,
          sealed!,
        );
        expect(opened).toBe(owned().token);
      }
      expect(placesHolding(await collectRendererState(page), owned().token)).toEqual([]);

      await page.getByRole('button', { name: /^Fit fleet/ }).click();
      await expect.poll(async () => (await paintedPixels(page)).size, PATIENT).toBeGreaterThan(0);
      const before = await paintedPixels(page);
      await expect
        .poll(async () => pixelDifference(before, await paintedPixels(page)), PATIENT)
        .toBeGreaterThan(0);
      await running().screenshot('remote-live');
      expect(running().consoleErrors).toEqual([]);
    });

    it('replays History from its cache after the service is stopped', async () => {
      const { page } = running();
      const { assetId, start, end } = drivingStretch(owned().fleet, Date.now(), 20 * MINUTE, 5 * MINUTE);
      const panel = await findAndSelectAsset(page, owned().fleet.asset(assetId)!.name);
      await panel.getByRole('button', { name: 'History' }).click();
      const screen = history(page);
      await screen.waitFor(PATIENT);
      await showCustomRange(page, start, end);
      const online = await shownSummary(page);
      expect(online.fixes).toBeGreaterThan(1);

      await owned().stop();
      await screen.getByRole('group', { name: 'Range' }).getByRole('button', { name: 'Today' }).click();
      await screen
        .getByTestId('history-coverage')
        .filter({ hasText: /Offline — cached data, complete until / })
        .waitFor(PATIENT);
      expect((await shownSummary(page)).fixes).toBeGreaterThanOrEqual(online.fixes);
      await playAWhile(page, '3600×');
      await running().screenshot('history-offline');
    });

    it('quits, and a relaunch restores the session and puts the window back where it was', async () => {
      await owned().restart();
      const { page, main } = running();
      // Moved and resized from the page: Electron's default for content-bounds-updated moves the window itself.
      await page.evaluate(() => {
        const w = globalThis as unknown as {
          moveTo(x: number, y: number): void;
          resizeTo(w: number, h: number): void;
        };
        w.moveTo(160, 120);
        w.resizeTo(1280, 800);
      });
      await expect.poll(() => windowBox(page), PATIENT).toMatchObject({ width: 1280, height: 800 });
      const placed = await windowBox(page);
      if (main) {
        const bounds = await main.evaluate(({ BrowserWindow }) =>
          BrowserWindow.getAllWindows()[0]?.getBounds(),
        );
        expect(bounds).toEqual(placed);
      }

      expect(await running().quit()).toBe(0);
      app = null;
      const state = windowStateSchema.parse(
        JSON.parse(readFileSync(join(userData, 'window-state.json'), 'utf8')),
      );
      expect(state.displays[state.last]).toMatchObject(placed);

      app = await launchFleetdesk(target!, userData);
      const again = running().page;
      // Signed in to the same service with the stored token: the Connect screen never shows.
      await waitForDemoFleet(again);
      expect(await again.getByRole('tab', { name: 'Remote service' }).count()).toBe(0);
      await openScreen(again, 'Live map');
      await again
        .getByRole('complementary', { name: 'Assets' })
        .getByText(`${OWNED_FLEET_SIZE} of ${OWNED_FLEET_SIZE} assets`)
        .waitFor(PATIENT);
      await again
        .getByTestId('status-bar')
        .getByText(/^\s*Service:\s+answering\s*$/)
        .waitFor(PATIENT);
      await expect.poll(() => windowBox(again), PATIENT).toEqual(placed);
      await running().screenshot('relaunched');
      expect(running().consoleErrors).toEqual([]);
    });

    it('a second launch hands over to the running one and exits', async () => {
      const { page, main } = running();
      if (main)
        await main.evaluate(({ app: electronApp }) => {
          const g = globalThis as unknown as Record<string, unknown>;
          g['__smokeSecondInstance'] = new Promise<boolean>((resolve) =>
            electronApp.once('second-instance', () => resolve(true)),
          );
        });
      expect(await launchSecondInstance(target!, userData)).toBe(0);
      if (main) {
        const handedOver = await main.evaluate(
          () => (globalThis as unknown as Record<string, Promise<boolean>>)['__smokeSecondInstance'],
        );
        expect(handedOver).toBe(true);
        const shown = await main.evaluate(({ BrowserWindow }) =>
          BrowserWindow.getAllWindows().map((w) => ({ visible: w.isVisible(), minimized: w.isMinimized() })),
        );
        expect(shown).toEqual([{ visible: true, minimized: false }]);
      }
      // Still the one window, still working.
      await page
        .getByTestId('status-bar')
        .getByText(/^\s*Service:\s+answering\s*$/)
        .waitFor(PATIENT);
      expect(running().consoleErrors).toEqual([]);
    });
  });
}
