import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  operatorToken,
  restrictedToken,
  startTrackingService,
  type TrackingService,
} from './tracking-fixture';
import { followMail, get, postForm, requestMail } from './tracking-http';

const MINUTE = 60_000;

describe('tracking page access: expiry and rate limits', () => {
  let ts: TrackingService;
  beforeAll(async () => {
    ts = await startTrackingService();
  });
  afterAll(async () => {
    await ts?.stop();
  });

  const wrongCode = (code: string | null): string => (code === '123456' ? '654321' : '123456');

  it('after five wrong codes even the right code is refused, and a new e-mail brings a code that works', async () => {
    const link = ts.link('email_code');
    const mail = await requestMail(ts, link, 'guesser@example.test');
    const cookie = await followMail(mail);
    for (let left = 4; left >= 1; left--) {
      const res = await postForm(`${ts.pageUrl(link)}/code`, { code: wrongCode(mail.code) }, cookie);
      expect(res.status).toBe(401);
      expect(await res.text()).toContain(`${left} attempt${left === 1 ? '' : 's'} left`);
    }
    const fifth = await postForm(`${ts.pageUrl(link)}/code`, { code: wrongCode(mail.code) }, cookie);
    expect(fifth.status).toBe(429);
    expect(await fifth.text()).toContain('Too many wrong codes');
    const right = await postForm(`${ts.pageUrl(link)}/code`, { code: mail.code! }, cookie);
    expect(right.status).toBe(429);
    expect((await get(`${ts.pageUrl(link)}/state`, cookie)).status).toBe(401);

    const again = await requestMail(ts, link, 'guesser@example.test');
    expect(again.code).toMatch(/^\d{6}$/);
    const fresh = await followMail(again);
    const ok = await postForm(`${ts.pageUrl(link)}/code`, { code: again.code! }, fresh);
    expect(ok.status).toBe(303);
    expect((await get(`${ts.pageUrl(link)}/state`, fresh)).status).toBe(200);
  });

  it('a code entered more than 15 minutes after the mail is refused as expired', async () => {
    const link = ts.link('email_code');
    const mail = await requestMail(ts, link, 'slow@example.test');
    const cookie = await followMail(mail);
    ts.clock.jump(16 * MINUTE);
    const res = await postForm(`${ts.pageUrl(link)}/code`, { code: mail.code! }, cookie);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain('This code has expired');
    const page = await get(ts.pageUrl(link), cookie);
    expect(await page.text()).toContain('Your code has expired. Request a new e-mail.');
    expect((await get(`${ts.pageUrl(link)}/state`, cookie)).status).toBe(401);
  });

  it('a verification link works once, and not at all after 15 minutes', async () => {
    const link = ts.link('email');
    const mail = await requestMail(ts, link, 'once@example.test');
    const cookie = await followMail(mail);
    expect((await get(`${ts.pageUrl(link)}/state`, cookie)).status).toBe(200);
    const reused = await get(mail.link);
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain('not valid');

    const late = await requestMail(ts, link, 'late@example.test');
    ts.clock.jump(15 * MINUTE + 1);
    const res = await get(late.link);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain('This verification link has expired');
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('at most three mails per address and link in 15 minutes', async () => {
    const link = ts.link('email');
    for (let i = 0; i < 3; i++) await requestMail(ts, link, 'Spam.Target@example.test');
    const fourth = await postForm(`${ts.pageUrl(link)}/email`, { email: 'spam.target@example.test' });
    expect(fourth.status).toBe(429);
    expect(await fourth.text()).toContain('Too many e-mails were requested');
    expect(await ts.outbox('spam.target@example.test')).toHaveLength(3);
  });

  it('a malformed e-mail address is refused with a message and sends nothing', async () => {
    const link = ts.link('email');
    for (const email of ['not-an-address', '', 'a@'.repeat(200)]) {
      const res = await postForm(`${ts.pageUrl(link)}/email`, { email });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('Enter a valid e-mail address.');
    }
    const json = await fetch(`${ts.pageUrl(link)}/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ["x@example.test"]}',
    });
    expect(json.status).toBe(400);
  });

  it('five wrong tokens lock the sign-in form for 15 minutes, even for the right token', async () => {
    const link = ts.link('authorized_only');
    for (let i = 0; i < 4; i++) {
      const res = await postForm(`${ts.pageUrl(link)}/sign-in`, { token: `wrong-token-number-${i}` });
      expect(res.status).toBe(401);
      expect(await res.text()).toContain('That token was not accepted');
    }
    const fifth = await postForm(`${ts.pageUrl(link)}/sign-in`, { token: 'wrong-token-number-5' });
    expect(fifth.status).toBe(429);
    const locked = await postForm(`${ts.pageUrl(link)}/sign-in`, { token: operatorToken(ts) });
    expect(locked.status).toBe(429);
    expect(await locked.text()).toMatch(/Too many failed sign-ins\. Try again in \d+ min\./);
    ts.clock.jump(15 * MINUTE);
    const ok = await postForm(`${ts.pageUrl(link)}/sign-in`, { token: operatorToken(ts) });
    expect(ok.status).toBe(303);
  });

  it('a user of the account who may not see the asset cannot sign in to its page', async () => {
    const fleet = ts.service.context.fleet;
    const hidden = fleet.assets.find((a) => !ts.service.users[1]!.asset_ids!.includes(a.id))!;
    const link = ts.link('authorized_only', { assetId: hidden.id });
    const res = await postForm(`${ts.pageUrl(link)}/sign-in`, { token: restrictedToken(ts) });
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain(hidden.name);
  });
});
