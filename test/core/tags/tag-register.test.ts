import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_ASSET, refusal, startAdminService, type AdminService } from '../records/admin-service';

describe('tags and beacons through the core, against the local service', { timeout: 60_000 }, () => {
  let s: AdminService;
  beforeAll(async () => {
    s = await startAdminService();
  });
  afterAll(async () => {
    await s.close();
  });

  it('lists the fleet’s beacons, registers a tag, marks it portable and attaches it to an asset', async () => {
    const { operator } = s;
    const before = await operator.call('tags.list');
    expect(before.items.length).toBeGreaterThan(0);
    expect(before.items.some((t) => t.portable)).toBe(true);

    const tag = await operator.call('tags.create', { body: { name: 'Pallet 7', mac: 'ac:23:3f:01:02:03' } });
    expect(tag).toMatchObject({
      name: 'Pallet 7',
      mac: 'AC:23:3F:01:02:03',
      portable: false,
      asset_id: null,
    });
    const moved = await operator.call('tags.update', {
      id: tag.id,
      body: { name: 'Pallet 7', mac: tag.mac, portable: true, asset_id: 2 },
    });
    expect(moved).toMatchObject({ id: tag.id, portable: true, asset_id: 2, created_at: tag.created_at });
    expect((await operator.call('tags.list')).items.find((t) => t.id === tag.id)).toEqual(moved);

    // The fleet's own beacons can be renamed too; they keep their id (the beacon reports' beacon_id).
    const beacon = before.items[0]!;
    const renamed = await operator.call('tags.update', {
      id: beacon.id,
      body: { name: 'Cold room, dock 2', mac: beacon.mac, portable: beacon.portable, asset_id: null },
    });
    expect(renamed).toMatchObject({ id: beacon.id, name: 'Cold room, dock 2' });
  });

  it('refuses a bad or known MAC on its field, and another asset for a restricted user', async () => {
    const bad = await refusal(s.operator.call('tags.create', { body: { name: 'x', mac: 'AC:23:3F' } }));
    expect(bad).toMatchObject({
      code: 'bad_args',
      details: { 'body.mac': [expect.stringMatching(/MAC address/)] },
    });
    const known = (await s.operator.call('tags.list')).items[1]!;
    const twice = await refusal(s.operator.call('tags.create', { body: { name: 'Copy', mac: known.mac } }));
    expect(twice).toMatchObject({ code: 'invalid_request', details: { mac: ['is already registered'] } });

    const attached = await s.operator.call('tags.create', {
      body: { name: 'Trailer tag', mac: 'AC:23:3F:0A:0B:0C', asset_id: FOREIGN_ASSET },
    });
    expect((await s.restricted.call('tags.list')).items.map((t) => t.id)).not.toContain(attached.id);
    const refused = await refusal(
      s.restricted.call('tags.create', {
        body: { name: 'Mine?', mac: 'AC:23:3F:0A:0B:0D', asset_id: FOREIGN_ASSET },
      }),
    );
    expect(refused.code).toBe('forbidden');
  });

  it('offline, lists the cached tags and refuses a new one', async () => {
    const online = await s.operator.call('tags.list');
    await s.stopService();
    try {
      expect(await s.operator.call('tags.list')).toEqual({ ...online, fromCache: true });
      const refused = await refusal(
        s.operator.call('tags.create', { body: { name: 'n', mac: 'AC:23:3F:AA:BB:CC' } }),
      );
      expect(refused.code).toBe('offline');
    } finally {
      await s.startService();
    }
  });
});
