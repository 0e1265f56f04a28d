import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewerSnapshotSchema, viewerUpdateSchema } from '../../../src/server/tracking/viewer-snapshot';
import { operatorToken, startTrackingService, type TrackingService } from './tracking-fixture';
import { cookieFrom, followMail, get, postForm, readEvents, requestMail } from './tracking-http';

const MINUTE = 60_000;

describe('tracking page over HTTP', () => {
  let ts: TrackingService;
  beforeAll(async () => {
    ts = await startTrackingService();
  });
  afterAll(async () => {
    await ts?.stop();
  });

  it('every page, dead end and data answer carries the security headers', async () => {
    const link = ts.link('public');
    const expired = ts.link('public', { expiresAt: ts.clock.now() - MINUTE });
    const urls = [
      ts.pageUrl(link),
      `${ts.pageUrl(link)}/state`,
      ts.pageUrl(expired),
      `${ts.service.tracking_url}/track/0f1e2d3c-4b5a-4968-8776-655443322110`,
      `${ts.service.tracking_url}/track-assets/leaflet/leaflet.js`,
    ];
    for (const url of urls) {
      const res = await get(url);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, url).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("img-src 'self' data: https://tile.openstreetmap.org");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('the page and its data carry the link’s name and nothing else about the asset or the account', async () => {
    const link = ts.link('public');
    const asset = ts.service.context.fleet.asset(ts.assetId)!;
    const html = await (await get(ts.pageUrl(link))).text();
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain(`<h1 id="asset-name">${link.name}</h1>`);
    expect(html).toContain(`<title>${link.name} · live location</title>`);
    const state = await (await get(`${ts.pageUrl(link)}/state`)).json();
    const snapshot = viewerSnapshotSchema.strict().parse(state);
    expect(snapshot.name).toBe(link.name);
    expect(snapshot.position).not.toBeNull();
    expect(snapshot.history!.length).toBeGreaterThan(1);
    expect(snapshot.eta?.remaining_km).toBeGreaterThan(0);
    const events = await fetch(`${ts.pageUrl(link)}/events`);
    const [first] = await readEvents(events, (e) => e.length >= 1);
    expect(first?.event).toBe('position');
    viewerUpdateSchema.strict().parse(JSON.parse(first!.data));

    const others = ts.service.context.fleet.assets.filter((a) => a.id !== asset.id).map((a) => a.name);
    const secrets = [
      // The form promises the viewer sees the link's name: the asset's own name may be internal.
      asset.name,
      asset.imei,
      asset.vin,
      asset.registration,
      asset.driverName,
      ts.service.account_key,
      ts.service.context.account.name,
      ...ts.service.users.map((u) => u.token),
      ...others,
    ];
    for (const text of [html, JSON.stringify(state), first!.data]) {
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/asset_id|tracker|imei|"id"/i);
    }
  });

  it('a protected link gives no data without a session, and a session opens only its own link', async () => {
    const a = ts.link('email');
    const b = ts.link('email');
    for (const path of ['/state', '/events']) {
      const res = await get(`${ts.pageUrl(a)}${path}`);
      expect(res.status).toBe(401);
      expect(await res.text()).not.toContain(ts.assetName);
    }
    const gate = await (await get(ts.pageUrl(a))).text();
    expect(gate).toContain('Verify your e-mail address');
    expect(gate).not.toContain(ts.assetName);

    const res = await get((await requestMail(ts, a, 'viewer@example.test')).link);
    const setCookie = res.headers.getSetCookie()[0]!;
    expect(setCookie).toMatch(
      new RegExp(`^fd_view=[\\w-]+; Path=/track/${a.uuid}; Max-Age=\\d+; HttpOnly; SameSite=Lax$`),
    );
    const cookie = cookieFrom(res);
    expect((await get(`${ts.pageUrl(a)}/state`, cookie)).status).toBe(200);
    expect((await get(`${ts.pageUrl(b)}/state`, cookie)).status).toBe(401);
    expect((await get(`${ts.pageUrl(a)}/state`, 'fd_view=forged-session-value-1234567890')).status).toBe(401);
  });

  it('an authorized_only session is a cookie; the token is not in it nor in the page', async () => {
    const link = ts.link('authorized_only');
    const token = operatorToken(ts);
    const res = await postForm(`${ts.pageUrl(link)}/sign-in`, { token });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/track/${link.uuid}`);
    const cookie = cookieFrom(res);
    expect(cookie).not.toContain(token);
    const page = await (await get(ts.pageUrl(link), cookie)).text();
    expect(page).toContain('id="map"');
    expect(page).not.toContain(token);
  });

  it('unknown, malformed and expired links answer 404 and 410 pages that say nothing about the asset', async () => {
    const expired = ts.link('email', { expiresAt: ts.clock.now() - MINUTE });
    const cases: Array<[string, number, string]> = [
      [`${ts.service.tracking_url}/track/0f1e2d3c-4b5a-4968-8776-655443322110`, 404, 'Link not found'],
      [`${ts.service.tracking_url}/track/..%2F..%2Fetc%2Fpasswd`, 404, 'Link not found'],
      [`${ts.service.tracking_url}/track/<script>`, 404, 'Link not found'],
      [ts.pageUrl(expired), 410, 'This link has expired'],
    ];
    for (const [url, status, title] of cases) {
      const res = await get(url);
      expect(res.status, url).toBe(status);
      expect(res.headers.get('content-type')).toContain('text/html');
      const html = await res.text();
      expect(html).toContain(title);
      expect(html).not.toContain(ts.assetName);
      expect(html).not.toContain('<script>');
    }
    expect((await get(`${ts.pageUrl(expired)}/state`)).status).toBe(410);
    const mail = await postForm(`${ts.pageUrl(expired)}/email`, { email: 'x@example.test' });
    expect(mail.status).toBe(410);
    expect(await ts.outbox('x@example.test')).toEqual([]);
  });

  it('an open page is told when its link expires, and the stream ends', async () => {
    const link = ts.link('public', { expiresAt: ts.clock.now() + 10 * MINUTE });
    const res = await fetch(`${ts.pageUrl(link)}/events`);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    let jumped = false;
    const events = await readEvents(res, (e) => {
      if (!jumped && e.length >= 1) {
        ts.clock.jump(11 * MINUTE);
        jumped = true;
      }
      return false; // read until the service ends the stream
    });
    expect(events[0]?.event).toBe('position');
    expect(events[events.length - 1]?.event).toBe('gone');
    expect((await get(ts.pageUrl(link))).status).toBe(410);
  });

  it('verification mail lands in outbox.jsonl under the data directory and on /dev/outbox', async () => {
    const link = ts.link('email_code');
    const mail = await requestMail(ts, link, 'outbox.reader@example.test');
    const file = join(ts.service.dataDir, 'outbox.jsonl');
    expect(existsSync(file)).toBe(true);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.map((l) => JSON.parse(l).id)).toContain(mail.id);
    expect(mail.text).toContain(mail.link);
    expect(mail.text).toContain(mail.code!);
    expect(mail.link.startsWith(`${ts.service.tracking_url}/track/${link.uuid}/verify?token=`)).toBe(true);
    const cookie = await followMail(mail);
    const codePage = await (await get(ts.pageUrl(link), cookie)).text();
    expect(codePage).toContain('outbox.reader@example.test');
  });
});
