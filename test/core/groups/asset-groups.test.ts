import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_ASSET, refusal, startAdminService, type AdminService } from '../records/admin-service';

describe('asset groups through the core, against the local service', { timeout: 60_000 }, () => {
  let s: AdminService;
  beforeAll(async () => {
    s = await startAdminService();
  });
  afterAll(async () => {
    await s.close();
  });

  it('creates, renames, fills and empties a group, and says so to the screens each time', async () => {
    const { operator } = s;
    const before = operator.pushes.length;
    const group = await operator.call('groups.create', { body: { name: 'North depot', asset_ids: [1, 2] } });
    expect(group).toMatchObject({ name: 'North depot', asset_ids: [1, 2] });
    await operator.waitForPush('records.changed', (c) => c.family === 'groups', 5_000, before);

    const renamed = await operator.call('groups.update', {
      id: group.id,
      body: { name: 'North', description: 'Milan north', asset_ids: [1, 2] },
    });
    expect(renamed).toMatchObject({ id: group.id, name: 'North', description: 'Milan north' });

    const moved = await operator.call('groups.assign', { groupId: group.id, add: [5, 6, 7], remove: [1] });
    expect(moved.asset_ids).toEqual([2, 5, 6, 7]);
    expect(moved.name).toBe('North');

    const listed = await operator.call('groups.list');
    expect(listed.fromCache).toBe(false);
    expect(listed.items.find((g) => g.id === group.id)?.asset_ids).toEqual([2, 5, 6, 7]);

    await operator.call('groups.remove', { id: group.id });
    expect((await operator.call('groups.list')).items.map((g) => g.id)).not.toContain(group.id);
  });

  it('refuses a body the service would refuse before sending it, field by field', async () => {
    const err = await refusal(s.operator.call('groups.create', { body: { name: ' ', asset_ids: [3, 3] } }));
    expect(err.code).toBe('bad_args');
    expect(Object.keys(err.details ?? {}).sort()).toEqual(['body.asset_ids', 'body.name']);
    // An asset the service does not know is its own 400, keyed by the field.
    const unknown = await refusal(
      s.operator.call('groups.create', { body: { name: 'Ghosts', asset_ids: [999] } }),
    );
    expect(unknown).toMatchObject({
      code: 'invalid_request',
      details: { asset_ids: [expect.stringMatching(/999/)] },
    });
  });

  it('shows a restricted user only the groups of their assets, and explains a refusal to touch another', async () => {
    const mine = await s.operator.call('groups.create', { body: { name: 'Dispatch', asset_ids: [1, 3] } });
    const theirs = await s.operator.call('groups.create', {
      body: { name: 'Long haul', asset_ids: [FOREIGN_ASSET, 5] },
    });
    const seen = await s.restricted.call('groups.list');
    expect(seen.items.map((g) => g.id)).toContain(mine.id);
    expect(seen.items.map((g) => g.id)).not.toContain(theirs.id);

    const rename = await refusal(
      s.restricted.call('groups.update', { id: theirs.id, body: { name: 'Mine now', asset_ids: [1] } }),
    );
    expect(rename.code).toBe('forbidden');
    // The service's own reason, said once.
    expect(rename.message).toMatch(/^Your account may not do this: You do not have access to .+\.$/);
    expect(rename.message).not.toMatch(/given access to/);
    const widen = await refusal(
      s.restricted.call('groups.assign', { groupId: mine.id, add: [FOREIGN_ASSET] }),
    );
    expect(widen.code).toBe('forbidden');
    expect((await s.operator.call('groups.list')).items.find((g) => g.id === mine.id)?.asset_ids).toEqual([
      1, 3,
    ]);
  });

  it('offline, reads the cached groups with their age and refuses every change without keeping it', async () => {
    const { operator } = s;
    const online = await operator.call('groups.list');
    expect(online.fetchedAt).not.toBeNull();
    await s.whileStopped(async () => {
      const offline = await operator.call('groups.list');
      expect(offline).toEqual({ items: online.items, fetchedAt: online.fetchedAt, fromCache: true });
      const refused = await refusal(operator.call('groups.create', { body: { name: 'Offline group' } }));
      expect(refused.code).toBe('offline');
      expect(refused.message).toMatch(/nothing was changed.*never kept to be sent later/);
      const first = online.items[0]!;
      expect((await refusal(operator.call('groups.remove', { id: first.id }))).code).toBe('offline');
    });
    const back = await operator.call('groups.list');
    expect(back.fromCache).toBe(false);
    expect(back.items.map((g) => g.name)).not.toContain('Offline group');
    expect(back.items).toEqual(online.items);
  });
});
