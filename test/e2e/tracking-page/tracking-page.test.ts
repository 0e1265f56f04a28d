import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/chromium';
import { startTileServer, type TileServer } from '../../support/tile-server';
import {
  operatorToken,
  startTrackingService,
  type TrackingService,
} from '../../server/tracking/tracking-fixture';
import { PATIENT, expectLiveMapThatMoves, expectNoTokenSent, openViewer } from './tracking-page-browser';

const HOUR = 3_600_000;

describe('the public tracking page in Chromium', () => {
  let ts: TrackingService;
  let browser: Browser;
  let tiles: TileServer;

  beforeAll(async () => {
    tiles = await startTileServer();
    // Simulated time runs 10× faster, so the asset covers visible ground between two updates; each test
    // starts at the same moment of a trip that goes on for longer than a test may run (2 min, 20 at 10×).
    [ts, browser] = await Promise.all([
      startTrackingService({ speed: 10, lastingMs: 25 * 60_000, tileUrl: tiles.template }),
      launchChromium(),
    ]);
  });
  beforeEach(() => {
    ts.rewind();
  });
  afterAll(async () => {
    await browser?.close();
    await ts?.stop();
    await tiles?.stop();
  });

  it('a public link shows the asset moving on the map, its speed, last update, ETA and today’s track', async () => {
    const link = ts.link('public');
    const v = await openViewer(browser);
    try {
      const res = await v.page.goto(ts.pageUrl(link));
      expect(res?.status()).toBe(200);
      await expectLiveMapThatMoves(v.page, link.name);
      // The viewer sees the name the sender gave the link, not the fleet's own name for the asset.
      expect(await v.page.content()).not.toContain(ts.assetName);
      await expect
        .poll(() => v.page.locator('#eta').textContent(), PATIENT)
        .toMatch(/about \d\d:\d\d .* km to /);
      expect(await v.page.locator('.leaflet-overlay-pane path').count()).toBeGreaterThan(0);
      // The map's tiles, from the tile server the service was given (its origin is in the page's CSP).
      await v.page
        .locator('img.leaflet-tile-loaded')
        .first()
        .waitFor({ state: 'visible', ...PATIENT });
      expect(tiles.requests.length).toBeGreaterThan(0);
      expect(await v.page.locator('#tiles-note').isVisible()).toBe(false);
      await v.page.locator('.leaflet-control-scale-line').waitFor({ state: 'visible' });
      await v.screenshot('public');
      await v.page.setViewportSize({ width: 1280, height: 800 });
      await v.screenshot('public-desktop');
      expect(v.requests.some((r) => r.url.endsWith(`/track/${link.uuid}/events`))).toBe(true);
      expect(
        v.requests.every((r) => /^https?:\/\/127\.0\.0\.1[:/]/.test(r.url) || r.url.startsWith('data:')),
      ).toBe(true);
      expectNoTokenSent(v.requests, operatorToken(ts));
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('an email link opens after the viewer follows the verification link from the outbox', async () => {
    const link = ts.link('email');
    const v = await openViewer(browser);
    try {
      await v.page.goto(ts.pageUrl(link));
      await expect.poll(() => v.page.locator('h1').textContent(), PATIENT).toBe('Verify your e-mail address');
      expect(await v.page.content()).not.toContain(ts.assetName);
      await v.screenshot('email-form');
      await v.page.fill('#email', 'customer@example.test');
      await v.page.click('button[type=submit]');
      await v.page.locator('.notice-info').waitFor();
      await v.screenshot('email-sent');
      const [mail] = await ts.outbox('customer@example.test');
      expect(mail?.link).toContain(`/track/${link.uuid}/verify?token=`);
      await v.page.goto(mail!.link);
      expect(v.page.url()).toBe(ts.pageUrl(link));
      await expectLiveMapThatMoves(v.page, link.name);
      await v.screenshot('email-verified');
      expectNoTokenSent(v.requests, operatorToken(ts));
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('an email_code link refuses a wrong code with a message and opens with the code from the mail', async () => {
    const link = ts.link('email_code');
    const v = await openViewer(browser);
    try {
      await v.page.goto(ts.pageUrl(link));
      await v.page.fill('#email', 'driver.friend@example.test');
      await v.page.click('button[type=submit]');
      const [mail] = await ts.outbox('driver.friend@example.test');
      expect(mail?.code).toMatch(/^\d{6}$/);
      expect(mail?.text).toContain(mail!.code!);
      await v.page.goto(mail!.link);
      await expect.poll(() => v.page.locator('h1').textContent(), PATIENT).toBe('Enter your code');
      await v.screenshot('code-form');
      const wrong = mail!.code === '000000' ? '111111' : '000000';
      await v.page.fill('#code', wrong);
      await v.page.click('button[type=submit]');
      await expect
        .poll(() => v.page.locator('.notice-error').textContent(), PATIENT)
        .toMatch(/not right\. 4 attempts left/);
      await v.screenshot('code-wrong');
      await v.page.fill('#code', mail!.code!);
      await v.page.click('button[type=submit]');
      await expectLiveMapThatMoves(v.page, link.name);
      await v.screenshot('code-verified');
      expectNoTokenSent(v.requests, operatorToken(ts));
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('an authorized_only link refuses a wrong token and opens with the operator’s, sending it only once', async () => {
    const link = ts.link('authorized_only');
    const token = operatorToken(ts);
    const v = await openViewer(browser);
    try {
      await v.page.goto(ts.pageUrl(link));
      await expect.poll(() => v.page.locator('h1').textContent(), PATIENT).toBe('Sign in to view');
      await v.screenshot('sign-in');
      await v.page.fill('#token', 'not-a-real-token-at-all');
      await v.page.click('button[type=submit]');
      await expect.poll(() => v.page.locator('.notice-error').textContent(), PATIENT).toMatch(/not accepted/);
      await v.screenshot('sign-in-wrong');
      await v.page.fill('#token', token);
      await v.page.click('button[type=submit]');
      await expectLiveMapThatMoves(v.page, link.name);
      await v.screenshot('sign-in-ok');
      expect(await v.page.content()).not.toContain(token);
      const cookies = await v.context.cookies();
      expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite, c.path])).toEqual([
        ['fd_view', true, 'Lax', `/track/${link.uuid}`],
      ]);
      expect(cookies[0]!.value).not.toContain(token);
      const signIn = `${ts.pageUrl(link)}/sign-in`;
      expect(v.requests.filter((r) => r.postData?.includes(encodeURIComponent(token)))).toHaveLength(1);
      expectNoTokenSent(v.requests, token, signIn);
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('an expired link shows a 410 page that says so, without the asset', async () => {
    const link = ts.link('public', { expiresAt: ts.clock.now() - HOUR });
    const v = await openViewer(browser);
    try {
      const res = await v.page.goto(ts.pageUrl(link));
      expect(res?.status()).toBe(410);
      await expect.poll(() => v.page.locator('h1').textContent(), PATIENT).toBe('This link has expired');
      expect(await v.page.content()).not.toContain(ts.assetName);
      await v.screenshot('expired');
    } finally {
      await v.close();
    }
  });

  it('an unknown or malformed link shows a 404 page', async () => {
    const v = await openViewer(browser);
    try {
      for (const uuid of ['7c1e8a5e-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const res = await v.page.goto(`${ts.service.tracking_url}/track/${uuid}`);
        expect(res?.status()).toBe(404);
        await expect.poll(() => v.page.locator('h1').textContent(), PATIENT).toBe('Link not found');
      }
      await v.screenshot('not-found');
    } finally {
      await v.close();
    }
  });

  it('a tracker that went offline shows where it last reported and how long ago', async () => {
    const offline = await startTrackingService({ moment: 'offline', fleetSize: 30, tileUrl: tiles.template });
    const v = await openViewer(browser);
    try {
      await v.page.goto(offline.pageUrl(offline.link('public')));
      await expect
        .poll(() => v.page.locator('#status').textContent(), PATIENT)
        .toBe('Tracker offline · showing the last known position');
      await v.page.locator('.leaflet-marker-icon').first().waitFor({ state: 'visible' });
      await expect.poll(() => v.page.locator('#updated').textContent(), PATIENT).toMatch(/min ago/);
      expect(await v.page.locator('#speed').textContent()).toBe('–');
      expect(await v.page.locator('#eta').textContent()).toBe('Not known while the tracker is offline');
      await v.screenshot('offline');
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
      await offline.stop();
    }
  });

  it('with the tile server down, the page says so and still shows the marker, its track and a scale', async () => {
    await tiles.stop();
    const link = ts.link('public');
    const v = await openViewer(browser);
    try {
      await v.page.goto(ts.pageUrl(link));
      await v.page.locator('#tiles-note').waitFor({ state: 'visible', ...PATIENT });
      await v.page.locator('.leaflet-marker-icon').first().waitFor({ state: 'visible' });
      await v.page.locator('.leaflet-control-scale-line').waitFor({ state: 'visible' });
      expect(await v.page.locator('.leaflet-overlay-pane path').count()).toBeGreaterThan(0);
      await v.screenshot('public-without-tiles');
    } finally {
      await v.close();
      await tiles.restart();
    }
  });
});
