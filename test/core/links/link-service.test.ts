import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleetApi } from '../../../src/main/core/api/fleet-api';
import { createHttpClient } from '../../../src/main/core/api/http-client';
import { openOfflineCache, type OfflineCache } from '../../../src/main/core/cache/offline-cache';
import { createLinkService } from '../../../src/main/core/links/link-service';
import { startLocalService, type LocalService } from '../../../src/server';
import type { TrackingLink } from '../../../src/shared/interface';

describe('tracking links created here', () => {
  let service: LocalService;
  let cache: OfflineCache;

  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 5, tickMs: 60_000 });
    cache = openOfflineCache(':memory:');
  });
  afterAll(async () => {
    cache.close();
    await service.stop();
  });

  it('creates a link with expiry and options, remembers it newest first and announces the list', async () => {
    const http = createHttpClient({ getToken: () => service.users[0]!.token });
    const fleet = createFleetApi(http, { apiUrl: service.api_url, accountKey: service.account_key });
    const announced: TrackingLink[][] = [];
    const links = createLinkService({
      store: cache.links,
      api: () => fleet,
      onChanged: (l) => announced.push(l),
    });
    const assetId = (await fleet.assetPage(1)).data[0]!.id;
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const a = await links.create({
      asset_id: assetId,
      name: 'For the customer',
      access_type: 'email_code',
      expires_at: expires,
      show_eta: true,
      allowed_viewers: ['customer@example.com', '@partner.example'],
    });
    const b = await links.create({ asset_id: assetId, access_type: 'authorized_only', show_history: true });
    expect(a).toMatchObject({
      access_type: 'email_code',
      show_eta: true,
      name: 'For the customer',
      allowed_viewers: ['customer@example.com', '@partner.example'],
    });
    // The service holds the names, so its e-mail gate admits exactly these viewers.
    expect(service.context.trackingLinks.byUuid(a.uuid)?.allowedViewers).toEqual([
      'customer@example.com',
      '@partner.example',
    ]);
    expect(Date.parse(a.expires_at!)).toBe(Date.parse(expires));
    expect(b.public_url.startsWith(service.tracking_url)).toBe(true);
    expect(links.list().map((l) => l.id)).toEqual([b.id, a.id]);
    expect(announced.at(-1)!.map((l) => l.id)).toEqual([b.id, a.id]);
    expect(links.list().find((l) => l.id === a.id)?.allowed_viewers).toEqual(a.allowed_viewers);
  });

  it('asks to sign in when there is no connection', async () => {
    const links = createLinkService({ store: cache.links, api: () => null, onChanged: () => undefined });
    await expect(links.create({ asset_id: 1, access_type: 'public' })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
  });
});
