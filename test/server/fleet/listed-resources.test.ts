import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  driverSchema,
  mobilityLinkSchema,
  paginationMetaSchema,
  tagSchema,
  validationErrorBodySchema,
} from '../../../src/shared/interface';
import { startFleetService, type FleetTestService } from './fleet-client';

const listOf = <S extends z.ZodType>(item: S) =>
  z.object({ data: z.array(item), meta: paginationMetaSchema });
const oneOf = <S extends z.ZodType>(item: S) => z.object({ data: item });
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** What spec 4.3 leaves open and the app needs to list (docs/service-interface.md §4.3): ours. */
describe('the local service’s lists beyond spec 4.3’s stated methods', () => {
  let t: FleetTestService;
  let foreign = 0;
  beforeAll(async () => {
    t = await startFleetService();
    const mine = t.service.users[1]?.asset_ids ?? [];
    foreign = t.service.context.fleet.assets.find((a) => !mine.includes(a.id))?.id ?? 0;
  });
  afterAll(async () => {
    await t.service.stop();
  });

  it('GET driver: every driver with the assets they drive; a restricted user’s drivers only', async () => {
    const all = listOf(driverSchema).parse((await t.call('GET', '/driver')).json);
    const fleet = t.service.context.fleet.assets;
    expect(all.data.flatMap((d) => d.asset_ids).sort((a, b) => a - b)).toEqual(fleet.map((a) => a.id));
    for (const d of all.data)
      for (const id of d.asset_ids) expect(fleet.find((a) => a.id === id)?.driverName).toBe(d.name);
    const mine = listOf(driverSchema).parse((await t.call('GET', '/driver', { as: 'restricted' })).json);
    expect(mine.data.flatMap((d) => d.asset_ids).sort()).toEqual(t.service.users[1]?.asset_ids);
    const paged = listOf(driverSchema).parse((await t.call('GET', '/driver?per_page=2&page=2')).json);
    expect(paged.data).toEqual(all.data.slice(2, 4));
    expect((await t.call('GET', '/driver?page=0')).status).toBe(400);
  });

  it('GET tag lists the demo’s beacons and registered tags; PUT tag/{id} replaces one', async () => {
    const created = oneOf(tagSchema).parse(
      (await t.call('POST', '/tag', { body: { name: 'Crate', mac: 'AC:23:3F:11:22:33' } })).json,
    ).data;
    const tags = listOf(tagSchema).parse((await t.call('GET', '/tag?per_page=500')).json).data;
    expect(tags.length).toBe(t.service.context.fleet.beacons.length + 1);
    expect(tags.at(-1)).toEqual(created);

    const replaced = await t.call('PUT', `/tag/${created.id}`, {
      body: { name: 'Crate 1', mac: 'AC:23:3F:11:22:33', portable: true, asset_id: 2 },
    });
    expect(replaced.status).toBe(200);
    expect(oneOf(tagSchema).parse(replaced.json).data).toMatchObject({
      name: 'Crate 1',
      portable: true,
      asset_id: 2,
    });

    const beacon = tags[0]!;
    const taken = await t.call('PUT', `/tag/${created.id}`, { body: { name: 'Crate 1', mac: beacon.mac } });
    expect(validationErrorBodySchema.parse(taken.json).errors.mac).toEqual(['is already registered']);
    expect(
      (await t.call('PUT', '/tag/99999', { body: { name: 'x', mac: 'AC:23:3F:11:22:34' } })).status,
    ).toBe(404);

    const hidden = oneOf(tagSchema).parse(
      (
        await t.call('POST', '/tag', {
          body: { name: 'Theirs', mac: 'AC:23:3F:11:22:35', asset_id: foreign },
        })
      ).json,
    ).data;
    const seen = listOf(tagSchema).parse(
      (await t.call('GET', '/tag?per_page=500', { as: 'restricted' })).json,
    );
    expect(seen.data.map((x) => x.id)).not.toContain(hidden.id);
    const refused = await t.call('PUT', `/tag/${hidden.id}`, {
      as: 'restricted',
      body: { name: 'Mine', mac: 'AC:23:3F:11:22:35' },
    });
    expect(refused.status).toBe(403);
    expect((await t.call('GET', `/tag?asset_id=${foreign}`, { as: 'restricted' })).status).toBe(403);
  });

  it('GET link-mobility lists a whole-account link to full-fleet users only', async () => {
    const whole = await t.call('POST', '/link-mobility', {
      body: { provider: 'Moovit', external_account_id: 'a' },
    });
    const own = await t.call('POST', '/link-mobility', {
      as: 'restricted',
      body: { provider: 'Bolt', external_account_id: 'b', asset_ids: [1] },
    });
    const wholeLink = oneOf(mobilityLinkSchema).parse(whole.json).data;
    const ownLink = oneOf(mobilityLinkSchema).parse(own.json).data;
    expect(listOf(mobilityLinkSchema).parse((await t.call('GET', '/link-mobility')).json).data).toEqual([
      wholeLink,
      ownLink,
    ]);
    expect(
      listOf(mobilityLinkSchema).parse((await t.call('GET', '/link-mobility', { as: 'restricted' })).json)
        .data,
    ).toEqual([ownLink]);
  });

  it('POST link-mobility does not hand a restricted user a link it may not list', async () => {
    const theirs = oneOf(mobilityLinkSchema).parse(
      (
        await t.call('POST', '/link-mobility', {
          body: { provider: 'Lyft', external_account_id: 'c', asset_ids: [foreign] },
        })
      ).json,
    ).data;
    for (const external of [theirs, { provider: 'Moovit', external_account_id: 'a' }]) {
      const again = await t.call('POST', '/link-mobility', {
        as: 'restricted',
        body: {
          provider: external.provider,
          external_account_id: external.external_account_id,
          asset_ids: [1],
        },
      });
      expect(again.status).toBe(403);
      expect(again.json).not.toHaveProperty('data');
    }
    const seen = listOf(mobilityLinkSchema).parse(
      (await t.call('GET', '/link-mobility', { as: 'restricted' })).json,
    );
    expect(seen.data.map((l) => l.id)).not.toContain(theirs.id);
    expect(
      (
        await t.call('POST', '/link-mobility', {
          body: { provider: 'Lyft', external_account_id: 'c', asset_ids: [foreign] },
        })
      ).status,
    ).toBe(200);
  });

  it('GET asset/{id}/photo answers the newest photo’s bytes with its type, 404 without one, 403 for another’s', async () => {
    expect((await t.call('GET', '/asset/2/photo')).status).toBe(404);
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'van.png');
    const up = await fetch(`${t.service.api_url}/api/${t.service.account_key}/asset/2/photo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.service.users[0]?.token}` },
      body: form,
    });
    expect(up.status).toBe(201);
    const res = await fetch(`${t.service.api_url}/api/${t.service.account_key}/asset/2/photo`, {
      headers: { authorization: `Bearer ${t.service.users[1]?.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await t.call('GET', `/asset/${foreign}/photo`, { as: 'restricted' })).status).toBe(403);
    expect((await t.call('GET', '/asset/9999/photo')).status).toBe(404);
  });

  it('a record list filtered by another user’s asset is a 403, by an unknown asset a 400', async () => {
    expect((await t.call('GET', `/fuel-entry?asset_id=${foreign}`, { as: 'restricted' })).status).toBe(403);
    const unknown = await t.call('GET', '/fuel-entry?asset_id=777');
    expect(validationErrorBodySchema.parse(unknown.json).errors.asset_id).toBeDefined();
    expect((await t.call('GET', '/fuel-entry?asset_id=1', { as: 'restricted' })).status).toBe(200);
  });
});
