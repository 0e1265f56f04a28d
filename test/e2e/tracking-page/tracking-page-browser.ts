import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { loopbackOnly } from '../../support/loopback-only';

/** The machine is shared and busy: wait for what the page shows rather than race it. */
export const PATIENT = { timeout: 15_000, interval: 100 };

export const SCREENSHOTS = join(process.cwd(), 'test-results', 'screenshots');

export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly postData: string | null;
}

export interface ViewerPage {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly requests: SeenRequest[];
  readonly problems: string[];
  screenshot(state: string): Promise<void>;
  /** Closes the page; fails the test when it asked the internet for anything. */
  close(): Promise<void>;
}

/**
 * A phone-sized page (375 px wide) that records every request it makes and
 * every script error or CSP refusal. Nothing reaches the internet: the tests
 * give the service the local tile server, and any other host is refused.
 */
export async function openViewer(browser: Browser): Promise<ViewerPage> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2 });
  const guard = await loopbackOnly(context);
  const page = await context.newPage();
  const pending: Array<Promise<SeenRequest>> = [];
  const requests: SeenRequest[] = [];
  const problems: string[] = [];
  page.on('request', (r: Request) => {
    pending.push(
      r.allHeaders().then((headers) => {
        const seen = { method: r.method(), url: r.url(), headers, postData: r.postData() };
        requests.push(seen);
        return seen;
      }),
    );
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('response', (res) => {
    // Sub-resources (scripts, styles, marker images, state, events) must all load; documents may be 4xx pages.
    if (res.status() >= 400 && res.request().resourceType() !== 'document') {
      problems.push(`HTTP ${res.status()} for ${res.url()}`);
    }
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Refused to|Content Security Policy/i.test(msg.text())) {
      problems.push(`CSP: ${msg.text()}`);
    }
  });
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    context,
    page,
    requests,
    problems,
    screenshot: async (state) => {
      await page.screenshot({ path: join(SCREENSHOTS, `tracking-${state}.png`) });
    },
    close: async () => {
      await Promise.allSettled(pending);
      await context.close();
      guard.check();
    },
  };
}

/** The page shows the asset's name and a live marker, and the marker moves between two event updates. */
export async function expectLiveMapThatMoves(page: Page, assetName: string): Promise<void> {
  await expect.poll(() => page.locator('#asset-name').textContent(), PATIENT).toBe(assetName);
  await page.locator('.leaflet-marker-icon').first().waitFor({ state: 'visible' });
  const map = page.locator('#map');
  await expect.poll(() => map.getAttribute('data-position'), PATIENT).toMatch(/^-?\d+\.\d+,-?\d+\.\d+$/);
  // Two moves: the first may come from the snapshot → first event; the second is a later tick.
  for (let move = 0; move < 2; move++) {
    const before = await map.getAttribute('data-position');
    await expect
      .poll(() => map.getAttribute('data-position'), { timeout: 20_000, interval: 250 })
      .not.toBe(before);
  }
  await expect.poll(() => page.locator('#speed').textContent(), PATIENT).toMatch(/km\/h|Stopped/);
  await expect.poll(() => page.locator('#updated').textContent(), PATIENT).toMatch(/just now|s ago|min ago/);
}

/**
 * No request the page made carried an Authorization header or the account's
 * token, except (when given) the sign-in form's own POST.
 */
export function expectNoTokenSent(requests: readonly SeenRequest[], token: string, signInUrl?: string): void {
  expect(requests.length).toBeGreaterThan(0);
  for (const r of requests) {
    expect(Object.keys(r.headers).map((h) => h.toLowerCase())).not.toContain('authorization');
    const isSignIn = signInUrl !== undefined && r.method === 'POST' && r.url === signInUrl;
    const carried = [r.url, ...Object.values(r.headers), r.postData ?? ''].some(
      (v) => v.includes(encodeURIComponent(token)) || v.includes(token),
    );
    expect(carried && !isSignIn, `${r.method} ${r.url} carries the account token`).toBe(false);
  }
}
