import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { paginationMetaSchema, validationErrorBodySchema } from '../../../src/shared/interface';
import { RECORD_RESOURCES } from '../../../src/server/fleet/records/record-resources';
import { startFleetService, type FleetTestService } from './fleet-client';

/** A valid body and a changed one for each named-only resource (spec 4.3). */
const SAMPLES: Record<
  string,
  { create: Record<string, unknown>; replace: Record<string, unknown>; invalid: Record<string, unknown> }
> = {
  'asset-group': {
    create: { name: 'North depot', asset_ids: [1, 2] },
    replace: { name: 'North depot (vans)', asset_ids: [2] },
    invalid: { name: '', asset_ids: [1, 1] },
  },
  'service-reminder': {
    create: { asset_id: 1, name: 'Oil change', due_odometer_km: 850_000, repeat_km: 30_000 },
    replace: { asset_id: 1, name: 'Oil change', due_date: '2026-05-01' },
    invalid: { asset_id: 1, name: 'Oil change' },
  },
  'renewal-reminder': {
    create: { asset_id: 2, kind: 'insurance', due_date: '2026-12-31' },
    replace: { asset_id: 2, kind: 'insurance', due_date: '2027-12-31', remind_days_before: 60 },
    invalid: { asset_id: 2, kind: 'lottery', due_date: '2026-02-30' },
  },
  'fuel-entry': {
    create: { asset_id: 3, timestamp: '2026-03-09T08:15:00Z', liters: 61.5, cost: 109.2, currency: 'EUR' },
    replace: { asset_id: 3, timestamp: '2026-03-09T08:15:00Z', liters: 62, full_tank: false },
    invalid: { asset_id: 3, timestamp: 'monday', liters: -4 },
  },
  'odometer-entry': {
    create: { asset_id: 1, timestamp: '2026-03-01T00:00:00Z', odometer_km: 840_000 },
    replace: { asset_id: 1, timestamp: '2026-03-01T00:00:00Z', odometer_km: 840_100 },
    invalid: { asset_id: 0, timestamp: '2026-03-01T00:00:00Z', odometer_km: 'lots' },
  },
  alert: {
    create: { name: 'Speeding', kind: 'overspeed', threshold: 110, notify_emails: ['ops@example.com'] },
    replace: { name: 'Speeding', kind: 'overspeed', threshold: 120, enabled: false },
    invalid: { name: 'Speeding', kind: 'bad-mood', notify_emails: ['not-an-email'] },
  },
  geofence: {
    create: {
      name: 'Yard',
      color: '#2f80ed',
      shape: { type: 'circle', center: { latitude: 45.46, longitude: 9.19 }, radius_m: 250 },
    },
    replace: {
      name: 'Yard and gate',
      color: '#eb5757',
      shape: {
        type: 'polygon',
        points: [
          { latitude: 45.46, longitude: 9.19 },
          { latitude: 45.46, longitude: 9.2 },
          { latitude: 45.47, longitude: 9.2 },
        ],
      },
    },
    invalid: { name: 'Yard', shape: { type: 'circle', center: { latitude: 91, longitude: 9 }, radius_m: 0 } },
  },
};

const one = z.object({
  data: z.looseObject({ id: z.int(), created_at: z.string(), updated_at: z.string() }),
});
const list = z.object({ data: z.array(z.looseObject({ id: z.int() })), meta: paginationMetaSchema });

let t: FleetTestService;
beforeAll(async () => {
  t = await startFleetService();
});
afterAll(async () => {
  await t.service.stop();
});

describe.each(RECORD_RESOURCES.map((r) => r.path))('%s (spec 4.3: native GET/POST/PUT/DELETE)', (path) => {
  const sample = SAMPLES[path];
  if (!sample) throw new Error(`no sample for ${path}`);

  it('is created, read, listed, replaced with PUT and deleted with DELETE', async () => {
    const created = await t.call('POST', `/${path}`, { body: sample.create });
    expect(created.status).toBe(201);
    const record = one.parse(created.json).data;
    expect(record).toMatchObject(sample.create);

    expect(one.parse((await t.call('GET', `/${path}/${record.id}`)).json).data).toEqual(record);
    expect(list.parse((await t.call('GET', `/${path}`)).json).data.map((r) => r.id)).toContain(record.id);

    const replaced = await t.call('PUT', `/${path}/${record.id}`, { body: sample.replace });
    expect(replaced.status).toBe(200);
    expect(one.parse(replaced.json).data).toMatchObject({ id: record.id, ...sample.replace });
    expect(replaced.headers.get('deprecation')).toBeNull();

    const deleted = await t.call('DELETE', `/${path}/${record.id}`);
    expect(deleted.status).toBe(204);
    expect((await t.call('GET', `/${path}/${record.id}`)).status).toBe(404);
    expect((await t.call('DELETE', `/${path}/${record.id}`)).status).toBe(404);
  });

  it('refuses an invalid body with spec 7 field errors', async () => {
    const res = await t.call('POST', `/${path}`, { body: sample.invalid });
    expect(res.status).toBe(400);
    expect(Object.keys(validationErrorBodySchema.parse(res.json).errors).length).toBeGreaterThan(0);
  });
});

describe('legacy POST-emulated updates and deletes (spec 9)', () => {
  it('still work, and every answer carries Deprecation, Sunset and a deprecation Link', async () => {
    const record = one.parse(
      (await t.call('POST', '/odometer-entry', { body: SAMPLES['odometer-entry']?.create })).json,
    ).data;
    const updated = await t.call('POST', `/odometer-entry/${record.id}/update`, {
      body: SAMPLES['odometer-entry']?.replace,
    });
    expect(updated.status).toBe(200);
    expect(one.parse(updated.json).data).toMatchObject({ odometer_km: 840_100 });
    const deleted = await t.call('POST', `/odometer-entry/${record.id}/delete`);
    expect(deleted.status).toBe(204);
    expect((await t.call('GET', `/odometer-entry/${record.id}`)).status).toBe(404);
    for (const res of [updated, deleted]) {
      // RFC 9745: @<epoch seconds> of 2026-01-01, when native PUT and DELETE arrived; RFC 8594: 90 days later.
      expect(res.headers.get('deprecation')).toBe(`@${Date.UTC(2026, 0, 1) / 1000}`);
      expect(res.headers.get('sunset')).toBe(new Date(Date.UTC(2026, 3, 1)).toUTCString());
      expect(res.headers.get('link')).toMatch(/^<[^>]+>; rel="deprecation"/);
    }
    const gone = await t.call('POST', `/odometer-entry/${record.id}/delete`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('deprecation')).not.toBeNull();
  });
});

describe('access to records', () => {
  it('a restricted user sees and changes only records of their assets, and cannot create fleet-wide ones', async () => {
    const mine = t.service.users[1]?.asset_ids ?? [];
    const foreign = t.service.context.fleet.assets.find((a) => !mine.includes(a.id))?.id ?? 0;
    const theirs = one.parse(
      (
        await t.call('POST', '/fuel-entry', {
          body: { asset_id: foreign, timestamp: '2026-03-01T10:00:00Z', liters: 40 },
        })
      ).json,
    ).data;
    const visible = list
      .parse((await t.call('GET', '/fuel-entry', { as: 'restricted' })).json)
      .data.map((r) => r.id);
    expect(visible).not.toContain(theirs.id);
    expect((await t.call('GET', `/fuel-entry/${theirs.id}`, { as: 'restricted' })).status).toBe(403);
    expect((await t.call('DELETE', `/fuel-entry/${theirs.id}`, { as: 'restricted' })).status).toBe(403);
    const create = await t.call('POST', '/fuel-entry', {
      as: 'restricted',
      body: { asset_id: foreign, timestamp: '2026-03-01T10:00:00Z', liters: 40 },
    });
    expect(create.status).toBe(403);
    const fleetWide = await t.call('POST', '/alert', {
      as: 'restricted',
      body: { name: 'All', kind: 'power_cut' },
    });
    expect(fleetWide.status).toBe(403);
    const unknownAsset = await t.call('POST', '/fuel-entry', {
      body: { asset_id: 777, timestamp: '2026-03-01T10:00:00Z', liters: 40 },
    });
    expect(validationErrorBodySchema.parse(unknownAsset.json).errors.asset_id).toBeDefined();
  });
});

describe('persistence', () => {
  it('records survive a restart of the service with the same data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleetdesk-records-'));
    try {
      const first = await startFleetService({ dataDir });
      const group = one.parse(
        (await first.call('POST', '/asset-group', { body: { name: 'Kept', asset_ids: [3] } })).json,
      ).data;
      await first.service.stop();
      const second = await startFleetService({ dataDir });
      try {
        expect(one.parse((await second.call('GET', `/asset-group/${group.id}`)).json).data).toEqual(group);
      } finally {
        await second.service.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
