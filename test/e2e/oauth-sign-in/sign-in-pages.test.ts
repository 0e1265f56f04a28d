import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import * as client from 'openid-client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../../src/server/local-service';
import { launchChromium } from '../../support/chromium';
import { authorizationRequest, discover, loopbackRedirect } from '../../server/oauth/oauth-client';

const SCREENSHOTS = join(process.cwd(), 'test-results', 'screenshots');
const PATIENT = { timeout: 15_000 };

/** The app's side of RFC 8252 §7.3: a one-shot listener on 127.0.0.1, on a port the system picks. */
function loopbackListener(): Promise<{ port: number; callback: Promise<URL>; close(): void }> {
  let resolve: (u: URL) => void = () => undefined;
  const callback = new Promise<URL>((r) => (resolve = r));
  const server: Server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Fleetdesk</title><p>You can close this tab and go back to Fleetdesk.</p>');
    const { port } = server.address() as AddressInfo;
    resolve(new URL(req.url ?? '/', `http://127.0.0.1:${port}`));
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () =>
      ok({ port: (server.address() as AddressInfo).port, callback, close: () => server.close() }),
    ),
  );
}

let service: LocalService;
let browser: Browser;
beforeAll(async () => {
  service = await startLocalService({ port: 0, fleetSize: 4, tickMs: 60_000 });
  browser = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe('the sign-in pages in Chromium', () => {
  it('sign a user in through the real pages under their CSP and hand the code to a loopback listener', async () => {
    const config = await discover(service);
    const listener = await loopbackListener();
    const request = await authorizationRequest(config, {}, loopbackRedirect(listener.port));
    const context = await browser.newContext({ viewport: { width: 800, height: 720 } });
    const page = await context.newPage();
    const problems: string[] = [];
    // A 401 page (wrong password) and the favicon's 404 are logged too; what matters is the CSP.
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Refused to|Content Security Policy/i.test(msg.text()))
        problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    try {
      await page.goto(request.url.href);
      await page.getByLabel('User name or e-mail').waitFor(PATIENT);
      // The inline stylesheet is allowed by its hash: the card is laid out, not unstyled.
      expect(await page.evaluate("getComputedStyle(document.querySelector('main')).borderRadius")).toBe(
        '12px',
      );
      await page.screenshot({ path: join(SCREENSHOTS, 'oauth-sign-in.png') });

      await page.getByLabel('User name or e-mail').fill('dana');
      await page.getByLabel('Password').fill('wrong password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').waitFor(PATIENT);
      expect(await page.getByRole('alert').textContent()).toContain('do not match');

      await page.getByLabel('Password').fill(service.users[0]!.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Allow Fleetdesk desktop app?' }).waitFor(PATIENT);
      await page.screenshot({ path: join(SCREENSHOTS, 'oauth-consent.png') });

      await page.getByRole('button', { name: 'Allow' }).click();
      const callback = await listener.callback;
      await page.getByText('You can close this tab').waitFor(PATIENT);
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: request.verifier,
        expectedState: request.state,
      });
      expect(tokens.claims()?.preferred_username).toBe('dana');
      expect(problems).toEqual([]);
    } finally {
      listener.close();
      await context.close();
    }
  });
});
