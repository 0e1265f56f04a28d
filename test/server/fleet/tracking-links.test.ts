import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingLinkSchema, validationErrorBodySchema } from '../../../src/shared/interface';
import { NOW, startFleetService, type FleetTestService } from './fleet-client';

let t: FleetTestService;
beforeAll(async () => {
  t = await startFleetService();
});
afterAll(async () => {
  await t.service.stop();
});

describe('POST /public-tracking-link (spec 2.10)', () => {
  it('creates a link whose public_url is {tracking_url}/track/<uuid>, with defaults for what was left out', async () => {
    const res = await t.call('POST', '/public-tracking-link', {
      body: { asset_id: 2, access_type: 'public' },
    });
    expect(res.status).toBe(201);
    const link = trackingLinkSchema.parse(res.json);
    expect(link.public_url).toBe(`${t.service.tracking_url}/track/${link.uuid}`);
    expect(link).toMatchObject({ access_type: 'public', show_eta: false, expires_at: null });
    expect(link.name).toBe(`${t.service.context.fleet.asset(2)?.name} — live`);
    expect(t.service.context.trackingLinks.byUuid(link.uuid)?.assetId).toBe(2);
  });

  it('keeps the given name, expiry and flags', async () => {
    const expires = new Date(NOW + 86_400_000).toISOString();
    const res = await t.call('POST', '/public-tracking-link', {
      body: {
        asset_id: 1,
        name: 'Delivery to Rho',
        access_type: 'email_code',
        expires_at: expires,
        show_eta: true,
        show_history: true,
        allowed_viewers: ['Rho@Example.com', '@rho.example'],
      },
    });
    expect(res.status).toBe(201);
    expect(trackingLinkSchema.parse(res.json)).toMatchObject({
      name: 'Delivery to Rho',
      access_type: 'email_code',
      expires_at: expires,
      show_eta: true,
      allowed_viewers: ['rho@example.com', '@rho.example'],
    });
  });

  it('refuses an expiry in the past, an unknown access type and a missing asset_id', async () => {
    const cases = [
      {
        body: { asset_id: 1, access_type: 'public', expires_at: new Date(NOW - 1000).toISOString() },
        field: 'expires_at',
      },
      { body: { asset_id: 1, access_type: 'everyone' }, field: 'access_type' },
      { body: { access_type: 'public' }, field: 'asset_id' },
      { body: { asset_id: '1', access_type: 'public' }, field: 'asset_id' },
    ];
    for (const c of cases) {
      const res = await t.call('POST', '/public-tracking-link', { body: c.body });
      expect(res.status).toBe(400);
      expect(validationErrorBodySchema.parse(res.json).errors[c.field], c.field).toBeDefined();
    }
  });

  it('is 403 for an asset the user may not share and 404 for an unknown asset', async () => {
    const foreign = t.service.context.fleet.assets.find(
      (a) => !t.service.users[1]?.asset_ids?.includes(a.id),
    );
    const denied = await t.call('POST', '/public-tracking-link', {
      as: 'restricted',
      body: { asset_id: foreign?.id, access_type: 'public' },
    });
    expect(denied.status).toBe(403);
    const unknown = await t.call('POST', '/public-tracking-link', {
      body: { asset_id: 4242, access_type: 'public' },
    });
    expect(unknown.status).toBe(404);
  });
});
