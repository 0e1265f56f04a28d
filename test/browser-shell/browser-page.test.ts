import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCoreOptions } from '../../src/main/core/app-core';
import { startBrowserShell, type BrowserShell } from '../../src/main/browser-shell/browser-shell';
import { launchChromium } from '../support/chromium';
import { fakeHandlers, type RecordedCall } from '../electron/fake-handlers';

/**
 * src/preload/browser.ts in real Chromium: the host injects it before the
 * renderer's own module, and window.fleetdesk is there when the app starts.
 */
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
let shell: BrowserShell;
let browser: Browser;
let page: Page;
let coreOptions: AppCoreOptions;
let rendererDir: string;
const calls: RecordedCall[] = [];

beforeAll(async () => {
  rendererDir = mkdtempSync(join(tmpdir(), 'fleetdesk-renderer-'));
  // Stands in for the renderer: records whether the bridge existed when it ran, as main.ts would need it.
  writeFileSync(
    join(rendererDir, 'index.html'),
    '<!doctype html><html><head><title>Fleetdesk</title></head><body><script type="module" src="/app.js"></script></body></html>',
  );
  writeFileSync(
    join(rendererDir, 'app.js'),
    [
      'window.bridgeAtStart = typeof window.fleetdesk?.invoke === "function";',
      'window.notices = [];',
      'window.fleetdesk.on("notice", (n) => window.notices.push(n.id));',
      'window.fleetdesk.invoke("app.ready").then((r) => { window.ready = r; });',
    ].join('\n'),
  );
  shell = await startBrowserShell({
    renderer: { dir: rendererDir },
    log: quietLog,
    createCore(options) {
      coreOptions = options;
      return {
        handlers: fakeHandlers(calls),
        serviceOrigins: () => [],
        tiles: { tile: async () => ({ ok: false, failure: 'unreachable' }) },
        start: async () => undefined,
        stop: async () => undefined,
      };
    },
  });
  browser = await launchChromium();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await shell?.stop();
  rmSync(rendererDir, { recursive: true, force: true });
});

describe('the browser shell in Chromium', () => {
  it('gives the renderer window.fleetdesk before it starts, and hides the secret from the address bar', async () => {
    await page.goto(shell.url);
    await page.waitForFunction(() => 'ready' in globalThis);
    expect(await page.evaluate(() => Reflect.get(globalThis, 'bridgeAtStart'))).toBe(true);
    expect(await page.evaluate(() => Reflect.get(globalThis, 'ready'))).toEqual({
      ok: true,
      value: { method: 'app.ready' },
    });
    expect(page.url()).toBe(`${shell.origin}/`);
  });

  it('carries calls and pushes, and keeps working after a reload', async () => {
    coreOptions.push('notice', { id: 'n1', kind: 'info', message: 'hello', at: 1 });
    await page.waitForFunction(() => (Reflect.get(globalThis, 'notices') as string[]).includes('n1'));
    const reply = await page.evaluate(() =>
      Reflect.get(globalThis, 'fleetdesk').invoke('fleet.location', { assetId: 4 }),
    );
    expect(reply).toEqual({ ok: true, value: { method: 'fleet.location' } });
    expect(calls.at(-1)).toEqual({ method: 'fleet.location', args: { assetId: 4 } });

    // The secret left the URL; a reload finds it in sessionStorage.
    await page.reload();
    await page.waitForFunction(() => 'ready' in globalThis);
    expect(await page.evaluate(() => Reflect.get(globalThis, 'ready'))).toMatchObject({ ok: true });
  });
});
