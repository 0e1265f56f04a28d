import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assetListResponseSchema,
  historyResponseSchema,
  locationSchema,
  unauthorizedBodySchema,
  validationErrorBodySchema,
  errorBodySchema,
} from '../../../src/shared/interface';
import { NOW, startFleetService, type FleetTestService } from './fleet-client';

let t: FleetTestService;
beforeAll(async () => {
  t = await startFleetService();
});
afterAll(async () => {
  await t.service.stop();
});

const restrictedIds = (): readonly number[] => t.service.users[1]?.asset_ids ?? [];

describe('asset list (spec 2.7, 4.2)', () => {
  it('lists every asset for the operator, with tracker state as of now', async () => {
    const res = await t.call('GET', '/asset');
    expect(res.status).toBe(200);
    const body = assetListResponseSchema.parse(res.json);
    const fleet = t.service.context.fleet;
    expect(body.meta).toEqual({ current_page: 1, per_page: 100, total: 8, last_page: 1 });
    expect(body.data.map((a) => a.id)).toEqual(fleet.assets.map((a) => a.id));
    const first = body.data[0];
    const sim = fleet.assets[0];
    if (!first || !sim) throw new Error('empty fleet');
    expect(first).toMatchObject({
      name: sim.name,
      registration: sim.registration,
      vin: sim.vin,
      year: sim.year,
    });
    const lastFix = fleet.lastFixAt(sim.id, NOW);
    expect(first.tracker).toEqual({
      id: sim.trackerId,
      imei: sim.imei,
      online: fleet.isOnline(sim.id, NOW),
      last_update: lastFix === null ? null : new Date(lastFix).toISOString(),
    });
  });

  it('pages with page and per_page, and a page past the last is empty with the right meta', async () => {
    const p2 = assetListResponseSchema.parse((await t.call('GET', '/asset?page=2&per_page=3')).json);
    expect(p2.meta).toEqual({ current_page: 2, per_page: 3, total: 8, last_page: 3 });
    expect(p2.data.map((a) => a.id)).toEqual(t.service.context.fleet.assets.slice(3, 6).map((a) => a.id));
    const past = assetListResponseSchema.parse((await t.call('GET', '/asset?page=9&per_page=3')).json);
    expect(past.data).toEqual([]);
    expect(past.meta.last_page).toBe(3);
  });

  it('shows a restricted user only their own assets', async () => {
    const body = assetListResponseSchema.parse((await t.call('GET', '/asset', { as: 'restricted' })).json);
    expect(body.data.map((a) => a.id)).toEqual(restrictedIds());
    expect(body.meta.total).toBe(restrictedIds().length);
  });

  it('finds assets by name, registration or IMEI', async () => {
    const sim = t.service.context.fleet.assets[4];
    if (!sim) throw new Error('fleet too small');
    for (const needle of [sim.registration, sim.imei, sim.name.toUpperCase()]) {
      const body = assetListResponseSchema.parse(
        (await t.call('GET', `/asset?search=${encodeURIComponent(needle)}`)).json,
      );
      expect(body.data.map((a) => a.id)).toContain(sim.id);
    }
  });

  it('refuses out-of-range and malformed paging with the fields named', async () => {
    for (const q of ['page=0', 'page=-1', 'page=abc', 'per_page=501', 'page=1&page=2', 'page=1.5']) {
      const res = await t.call('GET', `/asset?${q}`);
      expect(res.status, q).toBe(400);
      const body = validationErrorBodySchema.parse(res.json);
      expect(
        Object.keys(body.errors).some((k) => k === 'page' || k === 'per_page'),
        q,
      ).toBe(true);
    }
  });
});

describe('authentication and account', () => {
  it('answers 401 with only a message when the token is missing or unknown', async () => {
    for (const as of ['nobody', { token: 'not-a-real-token-0123456789' }] as const) {
      const res = await t.call('GET', '/asset', { as });
      expect(res.status).toBe(401);
      expect(Object.keys(unauthorizedBodySchema.strict().parse(res.json))).toEqual(['message']);
    }
  });

  it('answers 404 for another account key, after checking the token', async () => {
    const other = await t.call('GET', '//api/someone-else/asset');
    expect(other.status).toBe(404);
    errorBodySchema.parse(other.json);
    expect((await t.call('GET', '//api/someone-else/asset', { as: 'nobody' })).status).toBe(401);
  });
});

describe('location (spec 2.8)', () => {
  it('is the last fix of the tracker', async () => {
    const fleet = t.service.context.fleet;
    const res = await t.call('GET', '/asset/1/location');
    expect(res.status).toBe(200);
    const loc = locationSchema.parse(res.json);
    const lastFix = fleet.lastFixAt(1, NOW);
    if (lastFix === null) throw new Error('asset 1 never reported');
    const s = fleet.sampleAt(1, lastFix);
    expect(loc.timestamp).toBe(new Date(lastFix).toISOString());
    expect(loc.latitude).toBeCloseTo(s.lat, 6);
    expect(loc.longitude).toBeCloseTo(s.lon, 6);
    expect(loc.speed).toBeCloseTo(s.speed, 1);
    expect(loc.ignition).toBe(s.ignition);
    expect(loc.odometer).toBeCloseTo(s.odometerKm, 3);
    expect(loc.satellites).toBe(s.satellites);
  });

  it('is 403 for an asset the user may not see, 404 for an unknown one, 400 for a malformed id', async () => {
    const foreign = t.service.context.fleet.assets.find((a) => !restrictedIds().includes(a.id));
    if (!foreign) throw new Error('no foreign asset');
    const denied = await t.call('GET', `/asset/${foreign.id}/location`, { as: 'restricted' });
    expect(denied.status).toBe(403);
    expect(errorBodySchema.strict().parse(denied.json).status).toBe('error');
    expect((await t.call('GET', '/asset/99999/location')).status).toBe(404);
    const bad = await t.call('GET', '/asset/abc/location');
    expect(bad.status).toBe(400);
    expect(validationErrorBodySchema.parse(bad.json).errors.id).toBeDefined();
  });
});

describe('history (spec 2.8, 4.2)', () => {
  it('returns the tracker’s fixes on its reporting grid, the last one equal to the location', async () => {
    const fleet = t.service.context.fleet;
    const sim = fleet.assets[0];
    if (!sim) throw new Error('empty fleet');
    const start = new Date(NOW - 3 * 3_600_000).toISOString();
    const end = new Date(NOW + 3_600_000).toISOString();
    const res = await t.call('GET', `/asset/${sim.id}/history?start=${start}&end=${end}`);
    expect(res.status).toBe(200);
    const { data } = historyResponseSchema.parse(res.json);
    const expected = fleet.history(sim.id, Date.parse(start), NOW);
    expect(data.length).toBe(expected.length);
    expect(data.map((p) => Date.parse(p.timestamp))).toEqual(expected.map((s) => s.t));
    for (const p of data) expect(Date.parse(p.timestamp) % sim.intervalMs).toBe(0);
    // Nothing after the present, and the newest point is what /location says.
    const location = await t.call('GET', `/asset/${sim.id}/location`);
    expect(JSON.stringify(data.at(-1))).toBe(JSON.stringify(location.json));
  });

  it('refuses reversed, too long, ancient and malformed ranges with spec 7 errors', async () => {
    const cases: Record<string, string> = {
      reversed: 'start=2026-03-02T00:00:00Z&end=2026-03-01T00:00:00Z',
      'over 31 days': 'start=2026-01-01T00:00:00Z&end=2026-03-01T00:00:00Z',
      'before 2000': 'start=1970-01-01T00:00:00Z&end=1970-01-02T00:00:00Z',
      'not a date': 'start=yesterday&end=2026-03-01T00:00:00Z',
      missing: 'start=2026-03-01T00:00:00Z',
    };
    for (const [name, q] of Object.entries(cases)) {
      const res = await t.call('GET', `/asset/1/history?${q}`);
      expect(res.status, name).toBe(400);
      expect(Object.keys(validationErrorBodySchema.parse(res.json).errors).length, name).toBeGreaterThan(0);
    }
  });

  it('is empty for a range entirely in the future', async () => {
    const start = new Date(NOW + 86_400_000).toISOString();
    const end = new Date(NOW + 2 * 86_400_000).toISOString();
    const res = await t.call('GET', `/asset/1/history?start=${start}&end=${end}`);
    expect(historyResponseSchema.parse(res.json).data).toEqual([]);
  });

  it('is 403 for a restricted user on another asset', async () => {
    const foreign = t.service.context.fleet.assets.find((a) => !restrictedIds().includes(a.id));
    const res = await t.call(
      'GET',
      `/asset/${foreign?.id}/history?start=2026-03-09T00:00:00Z&end=2026-03-10T00:00:00Z`,
      { as: 'restricted' },
    );
    expect(res.status).toBe(403);
  });
});
