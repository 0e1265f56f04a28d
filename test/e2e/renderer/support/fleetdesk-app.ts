import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  startBrowserShell,
  type BrowserShell,
  type BrowserShellLog,
} from '../../../../src/main/browser-shell/browser-shell';
import type { SecretStore } from '../../../../src/main/core/session/secret-store';
import { startLocalService, type LocalService } from '../../../../src/server';
import { launchChromium } from '../../../support/chromium';
import { loopbackOnly, loopbackOnlyFetch, type LoopbackGuard } from '../../../support/loopback-only';
import { startTileServer, type TileServer } from '../../../support/tile-server';
import { serviceClock } from '../../../../src/server/service-clock';
import type { Fleet } from '../../../../src/server/sim/types';
import { FLEET_SEED, simulatedFleet } from './fleet-moments';
import { builtRenderer } from './renderer-build';

/** The machine is shared and busy: wait for what the page shows rather than race it. */
export const PATIENT = { timeout: 30_000 };

export const SCREENSHOTS = join(process.cwd(), 'test-results', 'screenshots');

export interface FleetdeskApp {
  /** The local fleet service the Demo profile signs in to; replaced by restartService(). */
  readonly service: LocalService;
  /** Replaced by restartCore(). */
  readonly shell: BrowserShell;
  readonly page: Page;
  /** Script errors the page threw: a test that passes with any of these is hiding a bug. */
  readonly pageErrors: string[];
  /** The operator's bearer token, the same across restarts. */
  readonly operatorToken: string;
  /** Every line the browser shell and the core logged. */
  readonly logs: string[];
  /** The map's tile server (Settings' tile URL points at it): generated tiles, counted, stoppable. */
  readonly tiles: TileServer;
  /** The service's simulated fleet (same seed and size), to pick assets and moments with something to show. */
  readonly fleet: Fleet;
  /** The service's clock: the wall clock's time until a test runs it on (runClockTo). */
  serviceNow(): number;
  /**
   * Runs the service's clock on to `found.at` (a moment fleet-moments.ts picked for the test) and returns
   * `found`. Never back: the app has already seen the present, and the newest fix wins.
   */
  runClockTo<T extends { readonly at: number }>(found: T): T;
  stopService(): Promise<void>;
  /** The same dataDir, tokens and port: to the app it is the same service coming back. */
  restartService(): Promise<void>;
  /**
   * The app quit and started again: a new core on the same cache (its data
   * folder), signed in to the same demo service whether or not that is
   * running, and the page opened on it afresh.
   */
  restartCore(): Promise<void>;
  /**
   * test-results/screenshots/e2e-<name>.png; with `docs`, also docs/screenshot-<name>.png when
   * FLEETDESK_DOCS_SCREENSHOTS=1 (as test/renderer/alarms/screens/shoot.ts --docs): a test run leaves docs/ alone.
   */
  screenshot(name: string, options?: { docs?: boolean }): Promise<void>;
  /** The Web Notifications the page has shown (with `notifications: true`). */
  notifications(page?: Page): Promise<ShownNotification[]>;
  /**
   * Another desktop on the same service: its own browser shell (its own core
   * and inbox) in a new browser context, signed in to the demo as the operator.
   */
  openClient(): Promise<FleetdeskClient>;
  close(): Promise<void>;
}

export interface ShownNotification {
  readonly title: string;
  readonly body: string | null;
  readonly tag: string | null;
}

export interface FleetdeskClient {
  readonly page: Page;
  readonly pageErrors: string[];
  close(): Promise<void>;
}

export interface FleetdeskAppOptions {
  readonly fleetSize?: number;
  readonly tickMs?: number;
  /**
   * Where the service's clock starts (a moment fleet-moments.ts picks from the wall clock's `now`), and
   * at what rate (real speed by default), for a file whose one test needs the fleet in a state from the
   * first thing the app shows; the wall clock's time by default.
   */
  readonly clockFrom?: (fleet: Fleet, now: number) => { readonly at: number; readonly rate?: number };
  /** The service's OAuth access token lifetime in seconds (its default is 10 minutes). */
  readonly accessTokenTtlSeconds?: number;
  /** Where the app keeps its secrets (a memory store by default). */
  readonly secretStore?: SecretStore;
  /** The core's fetch (to watch what it sends and gets); the global one by default. */
  readonly fetch?: typeof fetch;
  /**
   * The page may show Web Notifications (the permission granted, as an operator
   * would from the Settings), and each one shown is recorded for notifications().
   */
  readonly notifications?: boolean;
  /** The window's size in CSS pixels; 1440×900 by default. */
  readonly viewport?: { readonly width: number; readonly height: number };
  /** The display's scale (1.25: Windows at 125 %); 1 by default. */
  readonly deviceScaleFactor?: number;
  /** The computer's time zone as the page sees it; UTC by default. */
  readonly timezoneId?: string;
  /** The computer's locale as the page sees it; en-GB by default. */
  readonly locale?: string;
}

/** Nothing on the console, everything kept for the test to read. */
const recordingLog = (lines: string[]): BrowserShellLog => ({
  info: (m) => void lines.push(`info ${m}`),
  warn: (m) => void lines.push(`warn ${m}`),
  error: (m, err) => void lines.push(err === undefined ? `error ${m}` : `error ${m} ${String(err)}`),
});

/**
 * Runs before the page's own scripts: records every Notification the page
 * constructs (title, body, tag), then lets Chromium show it. A string, so
 * this Node file is type-checked without the DOM library.
 */
const RECORD_NOTIFICATIONS = `(() => {
  const Real = window.Notification;
  if (!Real) return;
  const shown = [];
  window.__fleetdeskNotifications = shown;
  function Recording(title, options) {
    shown.push({ title: String(title), body: options && options.body != null ? String(options.body) : null, tag: options && options.tag != null ? String(options.tag) : null });
    return new Real(title, options);
  }
  Object.defineProperty(Recording, 'permission', { get: () => Real.permission });
  Recording.requestPermission = (...args) => Real.requestPermission(...args);
  Recording.prototype = Real.prototype;
  window.Notification = Recording;
})();`;

/**
 * The desktop app as an operator meets it in the browser shell: the built
 * renderer, the real core, a real local fleet service the test owns (so it
 * can stop and restart it), and Chromium with the operator's locale and a
 * fixed time zone (so the test can say which instants a date field means).
 * Map tiles come from a local tile server the test owns (so it can stop it);
 * any request for a non-loopback URL is refused at once and fails the test in
 * close(): nothing in a test reaches the internet.
 */
export async function startFleetdeskApp(options: FleetdeskAppOptions = {}): Promise<FleetdeskApp> {
  const serviceDir = mkdtempSync(join(tmpdir(), 'fleetdesk-e2e-service-'));
  const tokens = {
    operator: randomBytes(24).toString('base64url'),
    restricted: randomBytes(24).toString('base64url'),
  };
  const fleetSize = options.fleetSize ?? 20;
  const fleet = simulatedFleet(fleetSize);
  // One clock across restarts of the service: to the app it is the same service coming back.
  const start = options.clockFrom?.(fleet, Date.now());
  // A rate of 0 stops the simulated fleet where it stands (fleetAtRest): the service's time stands still.
  const clock = serviceClock(start?.at ?? Date.now(), start?.rate ?? 1);
  const serviceOptions = {
    dataDir: serviceDir,
    tokens,
    // The same passwords after restartService(), as a real service keeps them.
    passwords: {
      operator: randomBytes(12).toString('base64url'),
      restricted: randomBytes(12).toString('base64url'),
    },
    ...(options.accessTokenTtlSeconds === undefined
      ? {}
      : { accessTokenTtlSeconds: options.accessTokenTtlSeconds }),
    fleetSize,
    seed: FLEET_SEED,
    tickMs: options.tickMs ?? 500,
    now: clock.now,
  };
  let service: LocalService | null = await startLocalService({
    ...serviceOptions,
    port: 0,
    host: '127.0.0.1',
  });
  const port = service.port;
  // The last service started: a restarted core signs in to it even while it is stopped.
  let lastService: LocalService = service;
  const rendererDir = await builtRenderer();
  const shellDir = mkdtempSync(join(tmpdir(), 'fleetdesk-e2e-core-'));
  const logs: string[] = [];
  const tiles = await startTileServer();
  // The core fetches too (the service, the tile server): it stays on this computer as the page does.
  const coreFetch = loopbackOnlyFetch(options.fetch ?? fetch);
  const startShell = (): Promise<BrowserShell> =>
    withLocalTiles(tiles, {
      renderer: { dir: rendererDir },
      demoService: lastService,
      dataDir: shellDir,
      log: recordingLog(logs),
      ...(options.secretStore ? { secretStore: options.secretStore } : {}),
      core: { fetch: coreFetch.fetch },
    });
  let shell = await startShell();
  let browser: Browser | null = null;
  let context: BrowserContext;
  try {
    browser = await launchChromium();
    context = await browser.newContext({
      viewport: options.viewport ?? { width: 1440, height: 900 },
      deviceScaleFactor: options.deviceScaleFactor ?? 1,
      locale: options.locale ?? 'en-GB',
      timezoneId: options.timezoneId ?? 'UTC',
      acceptDownloads: true,
    });
  } catch (err) {
    await browser?.close();
    await shell.stop();
    await service.stop();
    await tiles.stop();
    throw err;
  }
  // No page of the app or its other clients reaches the internet: close() fails the test when one tried.
  const guards: LoopbackGuard[] = [coreFetch.guard, await loopbackOnly(context)];
  if (options.notifications) {
    await context.grantPermissions(['notifications'], { origin: shell.origin });
    await context.addInitScript(RECORD_NOTIFICATIONS);
  }
  const page = await context.newPage();
  const pageErrors: string[] = [];
  const clients: FleetdeskClient[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  mkdirSync(SCREENSHOTS, { recursive: true });

  const app: FleetdeskApp = {
    get service(): LocalService {
      if (!service) throw new Error('The local fleet service is stopped.');
      return service;
    },
    get shell(): BrowserShell {
      return shell;
    },
    page,
    pageErrors,
    operatorToken: tokens.operator,
    logs,
    tiles,
    fleet,
    serviceNow: clock.now,
    runClockTo(found) {
      if (found.at > clock.now()) clock.set(found.at);
      return found;
    },
    async stopService() {
      await service?.stop();
      service = null;
    },
    async restartService() {
      service = await startLocalService({ ...serviceOptions, port, host: '127.0.0.1' });
      lastService = service;
    },
    async restartCore() {
      await shell.stop();
      shell = await startShell();
      await page.goto(shell.url);
    },
    async screenshot(name, shot = {}) {
      const path = join(SCREENSHOTS, `e2e-${name}.png`);
      await page.screenshot({ path });
      if (shot.docs && process.env.FLEETDESK_DOCS_SCREENSHOTS === '1')
        copyFileSync(path, join(process.cwd(), 'docs', `screenshot-${name}.png`));
    },
    async notifications(on = page) {
      const shown: unknown = await on.evaluate('window.__fleetdeskNotifications ?? []');
      return shown as ShownNotification[];
    },
    async openClient() {
      if (!browser || !service) throw new Error('The app is closed or its service is stopped.');
      const client = await openClient(browser, service, rendererDir, tiles, guards);
      clients.push(client);
      return client;
    },
    async close() {
      for (const c of clients) await c.close();
      await browser?.close();
      await shell.stop();
      await service?.stop();
      await tiles.stop();
      rmSync(serviceDir, { recursive: true, force: true });
      rmSync(shellDir, { recursive: true, force: true });
      for (const g of guards) g.check();
    },
  };
  await page.goto(shell.url);
  return app;
}

/** A browser shell whose Settings point the map at the test's tile server. */
async function withLocalTiles(
  tiles: TileServer,
  options: Parameters<typeof startBrowserShell>[0],
): Promise<BrowserShell> {
  const shell = await startBrowserShell(options);
  await shell.core.handlers['settings.set']({ tileUrl: tiles.template, tileAttribution: 'Test tiles' });
  return shell;
}

async function openClient(
  browser: Browser,
  service: LocalService,
  rendererDir: string,
  tiles: TileServer,
  guards: LoopbackGuard[],
): Promise<FleetdeskClient> {
  const coreFetch = loopbackOnlyFetch(fetch);
  guards.push(coreFetch.guard);
  const shell = await withLocalTiles(tiles, {
    renderer: { dir: rendererDir },
    demoService: service,
    core: { fetch: coreFetch.fetch },
    log: recordingLog([]),
  });
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
    timezoneId: 'UTC',
  });
  guards.push(await loopbackOnly(context));
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await page.goto(shell.url);
  await page.getByRole('navigation', { name: 'Screens' }).waitFor(PATIENT);
  return {
    page,
    pageErrors,
    async close() {
      await context.close();
      await shell.stop();
    },
  };
}
