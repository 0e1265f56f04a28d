import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  assetPhotoSchema,
  mobilityLinkSchema,
  paginationMetaSchema,
  tagSchema,
  trackerBleStateSchema,
  trackerCommandSchema,
  validationErrorBodySchema,
} from '../../../src/shared/interface';
import { NOW, startFleetService, type FleetTestService } from './fleet-client';

let t: FleetTestService;
beforeAll(async () => {
  t = await startFleetService();
});
afterAll(async () => {
  await t.service.stop();
});

const trackerOf = (assetId: number): number => {
  const a = t.service.context.fleet.asset(assetId);
  if (!a) throw new Error(`no asset ${assetId}`);
  return a.trackerId;
};
const commandList = z.object({ data: z.array(trackerCommandSchema), meta: paginationMetaSchema });

describe('tracker commands (spec 4.3)', () => {
  it('a reset becomes the newest entry of the tracker’s command history', async () => {
    const tracker = trackerOf(2);
    const res = await t.call('POST', `/tracker/${tracker}/reset`, { body: { mode: 'hard' } });
    expect(res.status).toBe(201);
    const cmd = z.object({ data: trackerCommandSchema }).parse(res.json).data;
    expect(cmd).toMatchObject({
      tracker_id: tracker,
      asset_id: 2,
      type: 'reset',
      parameters: { mode: 'hard' },
      status: 'sent',
    });
    const soft = await t.call('POST', `/tracker/${tracker}/reset`);
    expect(soft.status).toBe(201);
    const history = commandList.parse((await t.call('GET', `/tracker/${tracker}/commands`)).json);
    expect(history.data.map((c) => c.parameters.mode)).toEqual(['soft', 'hard']);
    expect(history.meta.total).toBe(2);
  });

  it('BLE is switched with a native PUT, which is recorded as a command', async () => {
    const tracker = trackerOf(3);
    const res = await t.call('PUT', `/tracker/${tracker}/ble`, { body: { enabled: false } });
    expect(res.status).toBe(200);
    const state = z.object({ data: trackerBleStateSchema }).parse(res.json).data;
    expect(state).toMatchObject({
      tracker_id: tracker,
      ble_enabled: false,
      updated_at: new Date(NOW).toISOString(),
    });
    const history = commandList.parse((await t.call('GET', `/tracker/${tracker}/commands`)).json);
    expect(history.data[0]).toMatchObject({ id: state.command_id, type: 'ble_off' });
    const bad = await t.call('PUT', `/tracker/${tracker}/ble`, { body: { enabled: 'yes' } });
    expect(validationErrorBodySchema.parse(bad.json).errors.enabled).toBeDefined();
    expect((await t.call('POST', `/tracker/${tracker}/ble`, { body: { enabled: true } })).status).toBe(404);
  });

  it('checks access on the tracker’s asset and knows only real trackers', async () => {
    const foreign = t.service.context.fleet.assets.find(
      (a) => !t.service.users[1]?.asset_ids?.includes(a.id),
    );
    if (!foreign) throw new Error('no foreign asset');
    expect((await t.call('POST', `/tracker/${foreign.trackerId}/reset`, { as: 'restricted' })).status).toBe(
      403,
    );
    expect((await t.call('GET', `/tracker/${foreign.trackerId}/commands`, { as: 'restricted' })).status).toBe(
      403,
    );
    expect((await t.call('GET', '/tracker/1/commands')).status).toBe(404);
    expect(
      (await t.call('POST', `/tracker/${trackerOf(1)}/reset`, { body: { mode: 'factory' } })).status,
    ).toBe(400);
  });
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(
  assetId: number,
  bytes: Buffer,
  type: string,
  field = 'photo',
  as = 0,
): Promise<Response> {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), 'truck.png');
  return fetch(`${t.service.api_url}/api/${t.service.account_key}/asset/${assetId}/photo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.service.users[as]?.token}` },
    body: form,
  });
}

describe('asset photo upload (spec 4.3, multipart)', () => {
  it('stores an image under the data directory', async () => {
    const res = await upload(1, PNG, 'image/png');
    expect(res.status).toBe(201);
    const photo = z.object({ data: assetPhotoSchema }).parse(await res.json()).data;
    expect(photo).toMatchObject({ asset_id: 1, content_type: 'image/png', size: PNG.length });
    expect(readFileSync(join(t.service.dataDir, 'photos', photo.filename)).equals(PNG)).toBe(true);
  });

  it('refuses what is not an image, whatever its declared type, and the wrong field', async () => {
    const text = await upload(1, Buffer.from('hello, not a picture'), 'image/png');
    expect(text.status).toBe(400);
    expect(validationErrorBodySchema.parse(await text.json()).errors.photo).toBeDefined();
    expect((await upload(1, PNG, 'image/png', 'file')).status).toBe(400);
    const json = await t.call('POST', '/asset/1/photo', { body: { photo: 'data:image/png;base64,AAAA' } });
    expect(json.status).toBe(400);
  });

  it('answers 413 for a photo over 5 MiB and 403 for another user’s asset', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    expect((await upload(1, big, 'image/png')).status).toBe(413);
    const foreign = t.service.context.fleet.assets.find(
      (a) => !t.service.users[1]?.asset_ids?.includes(a.id),
    );
    expect((await upload(foreign?.id ?? 0, PNG, 'image/png', 'photo', 1)).status).toBe(403);
  });
});

describe('tags and account links (spec 4.3)', () => {
  it('registers a tag once per MAC address', async () => {
    const body = { name: 'Pallet 7', mac: 'ac:23:3f:00:00:07', portable: true, asset_id: 1 };
    const res = await t.call('POST', '/tag', { body });
    expect(res.status).toBe(201);
    const tag = z.object({ data: tagSchema }).parse(res.json).data;
    expect(tag).toMatchObject({ name: 'Pallet 7', mac: 'AC:23:3F:00:00:07', portable: true, asset_id: 1 });
    const maxSimBeacon = Math.max(0, ...t.service.context.fleet.beacons.map((b) => b.id));
    expect(tag.id).toBeGreaterThan(maxSimBeacon);
    const again = await t.call('POST', '/tag', { body });
    expect(validationErrorBodySchema.parse(again.json).errors.mac).toBeDefined();
    expect((await t.call('POST', '/tag', { body: { name: 'x', mac: 'nope' } })).status).toBe(400);
  });

  it('links a mobility account, and linking it again returns the same link', async () => {
    const body = { provider: 'citymove', external_account_id: 'acct-991', asset_ids: [1, 2] };
    const first = await t.call('POST', '/link-mobility', { body });
    expect(first.status).toBe(201);
    const link = z.object({ data: mobilityLinkSchema }).parse(first.json).data;
    expect(link).toMatchObject({ provider: 'citymove', asset_ids: [1, 2], status: 'linked' });
    const again = await t.call('POST', '/link-mobility', { body });
    expect(again.status).toBe(200);
    expect(z.object({ data: mobilityLinkSchema }).parse(again.json).data.id).toBe(link.id);
  });

  it('lets only a user with every asset link the whole account', async () => {
    const res = await t.call('POST', '/link-mobility', {
      as: 'restricted',
      body: { provider: 'citymove', external_account_id: 'acct-2' },
    });
    expect(res.status).toBe(403);
    const unknownAsset = await t.call('POST', '/link-mobility', {
      body: { provider: 'citymove', external_account_id: 'acct-3', asset_ids: [9999] },
    });
    expect(validationErrorBodySchema.parse(unknownAsset.json).errors.asset_ids).toBeDefined();
  });
});
