import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from '../../../src/server/http/app';
import { createTrackingPageModule } from '../../../src/server/tracking/tracking-page-module';
import { trackingLinkSchema } from '../../../src/shared/interface';
import { operatorToken, startTrackingService, type TrackingService } from './tracking-fixture';
import { get, requestMail } from './tracking-http';

describe('tracking links made over the fleet interface open the page', () => {
  let ts: TrackingService;
  beforeAll(async () => {
    ts = await startTrackingService();
  });
  afterAll(async () => {
    await ts?.stop();
  });

  it('the public_url of POST /public-tracking-link shows the asset, and the expired one says so', async () => {
    const post = (body: unknown): Promise<Response> =>
      fetch(`${ts.service.api_url}/api/${ts.service.account_key}/public-tracking-link`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${operatorToken(ts)}`,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const created = await post({ asset_id: ts.assetId, access_type: 'public', show_eta: true });
    expect(created.status).toBe(201);
    const link = trackingLinkSchema.parse(await created.json());
    expect(link.public_url).toBe(`${ts.service.tracking_url}/track/${link.uuid}`);
    const page = await get(link.public_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(ts.assetName.replace('&', '&amp;'));

    const soon = new Date(ts.clock.now() + 60_000).toISOString();
    const expiring = trackingLinkSchema.parse(
      await (
        await post({
          asset_id: ts.assetId,
          access_type: 'email',
          expires_at: soon,
          allowed_viewers: ['customer@example.test'],
        })
      ).json(),
    );
    ts.clock.jump(2 * 60_000);
    expect((await get(expiring.public_url)).status).toBe(410);
  });

  it('the development outbox answers this machine only', async () => {
    const link = ts.link('email');
    await requestMail(ts, link, 'someone@example.test');
    // The same module on a second app, so a request can come from another address (fastify inject).
    const app = createHttpApp({ now: ts.service.context.now, log: ts.service.context.log });
    const module = createTrackingPageModule(ts.service.context, { devOutbox: true });
    await module.register(app);
    try {
      const remote = await app.inject({ url: '/dev/outbox', remoteAddress: '203.0.113.7' });
      expect(remote.statusCode).toBe(404);
      expect(remote.body).not.toContain('someone@example.test');
      const local = await app.inject({
        url: '/dev/outbox?to=someone@example.test',
        remoteAddress: '127.0.0.1',
      });
      expect(local.statusCode).toBe(200);
      expect(local.body).toContain('someone@example.test');
    } finally {
      await module.stop?.();
      await app.close();
    }
  });
});
