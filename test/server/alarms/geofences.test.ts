import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationErrorBodySchema } from '../../../src/shared/interface';
import { NOW, startFleetService, type FleetTestService } from '../fleet/fleet-client';

let t: FleetTestService;
beforeAll(async () => {
  t = await startFleetService();
});
afterAll(async () => {
  await t.service.stop();
});

const created = z.object({ data: z.object({ id: z.int() }) });
const at = (latitude: number, longitude: number) => ({ latitude, longitude });
const circle = { type: 'circle', center: at(45.46, 9.19), radius_m: 200 };
const ring = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    at(45.46 + 0.01 * Math.sin((2 * Math.PI * i) / n), 9.19 + 0.01 * Math.cos((2 * Math.PI * i) / n)),
  );

describe('geofences: invalid geometry is a 400 keyed by the field path (spec 7)', () => {
  const cases: [string, unknown, string][] = [
    [
      'a self-intersecting polygon',
      { type: 'polygon', points: [at(0, 0), at(1, 1), at(1, 0), at(0, 1)] },
      'shape.points',
    ],
    ['fewer than 3 points', { type: 'polygon', points: [at(0, 0), at(1, 1)] }, 'shape.points'],
    ['more than 10,000 vertices', { type: 'polygon', points: ring(10_001) }, 'shape.points'],
    ['a repeated point', { type: 'polygon', points: [at(0, 0), at(0, 0), at(1, 1)] }, 'shape.points'],
    ['a radius of 0', { ...circle, radius_m: 0 }, 'shape.radius_m'],
    ['a negative radius', { ...circle, radius_m: -5 }, 'shape.radius_m'],
    ['a latitude out of range', { ...circle, center: at(90.5, 9) }, 'shape.center.latitude'],
    [
      'a longitude out of range',
      { type: 'polygon', points: [at(0, 0), at(1, 181), at(1, 0)] },
      'shape.points.1.longitude',
    ],
    ['an unknown shape', { type: 'hexagon' }, 'shape.type'],
    ['a string for a number', { ...circle, radius_m: '200' }, 'shape.radius_m'],
  ];
  it.each(cases)('%s', async (_what, shape, field) => {
    const res = await t.call('POST', '/geofence', { body: { name: 'Bad', shape } });
    expect(res.status).toBe(400);
    expect(validationErrorBodySchema.parse(res.json).errors).toHaveProperty([field]);
  });

  it('accepts a 10,000-vertex outline, and refuses a bad colour and an empty name on their fields', async () => {
    expect(
      (
        await t.call('POST', '/geofence', {
          body: { name: 'Round', shape: { type: 'polygon', points: ring(10_000) } },
        })
      ).status,
    ).toBe(201);
    const res = await t.call('POST', '/geofence', { body: { name: ' ', color: 'red', shape: circle } });
    expect(Object.keys(validationErrorBodySchema.parse(res.json).errors).sort()).toEqual(['color', 'name']);
  });
});

describe('geofences and the rules that name them', () => {
  it('an enter or exit rule must name a geofence that exists (400 on geofence_id), on create and on replace', async () => {
    const unknown = await t.call('POST', '/alert', {
      body: { name: 'x', kind: 'geofence_exit', geofence_id: 99_999 },
    });
    expect(validationErrorBodySchema.parse(unknown.json).errors.geofence_id).toEqual([
      'unknown geofence 99999',
    ]);
    const missing = await t.call('POST', '/alert', { body: { name: 'x', kind: 'geofence_exit' } });
    expect(validationErrorBodySchema.parse(missing.json).errors).toHaveProperty('geofence_id');
    const other = await t.call('POST', '/alert', { body: { name: 'x', kind: 'overspeed', geofence_id: 1 } });
    expect(validationErrorBodySchema.parse(other.json).errors).toHaveProperty('geofence_id');
    const g = created.parse(
      (await t.call('POST', '/geofence', { body: { name: 'Gate', shape: circle } })).json,
    ).data.id;
    const rule = created.parse(
      (await t.call('POST', '/alert', { body: { name: 'Out', kind: 'geofence_exit', geofence_id: g } })).json,
    ).data.id;
    const replaced = await t.call('PUT', `/alert/${rule}`, {
      body: { name: 'Out', kind: 'geofence_exit', geofence_id: 99_998 },
    });
    expect(validationErrorBodySchema.parse(replaced.json).errors.geofence_id).toBeDefined();
  });

  it('every user reads and draws geofences; a geofence that a rule the user cannot see uses is not theirs to change', async () => {
    const g = created.parse(
      (
        await t.call('POST', '/geofence', {
          as: 'restricted',
          body: { name: 'Dispatcher’s yard', shape: circle },
        })
      ).json,
    ).data.id;
    const list = (await t.call('GET', '/geofence?per_page=500', { as: 'operator' })).json as {
      data: { id: number }[];
    };
    expect(list.data.map((x) => x.id)).toContain(g);
    expect((await t.call('GET', `/geofence/${g}`, { as: 'operator' })).status).toBe(200);
    // A fleet-wide rule of the operator's uses it now.
    const rule = created.parse(
      (await t.call('POST', '/alert', { body: { name: 'Yard', kind: 'geofence_enter', geofence_id: g } }))
        .json,
    ).data.id;
    const put = await t.call('PUT', `/geofence/${g}`, {
      as: 'restricted',
      body: { name: 'Mine', shape: circle },
    });
    expect(put.status).toBe(403);
    expect((await t.call('DELETE', `/geofence/${g}`, { as: 'restricted' })).status).toBe(403);
    // The operator may reshape it (the rule follows), but not delete it while the rule names it.
    expect(
      (await t.call('PUT', `/geofence/${g}`, { body: { name: 'Yard', shape: { ...circle, radius_m: 400 } } }))
        .status,
    ).toBe(200);
    const conflict = await t.call('DELETE', `/geofence/${g}`);
    expect(conflict.status).toBe(409);
    expect(conflict.json).toMatchObject({ status: 'error', rule_ids: [rule] });
    expect((await t.call('DELETE', `/alert/${rule}`)).status).toBe(204);
    expect((await t.call('DELETE', `/geofence/${g}`, { as: 'restricted' })).status).toBe(204);
    expect((await t.call('GET', `/geofence/${g}`)).status).toBe(404);
  });

  it('a new data directory starts with the demo rules and a geofence round each depot', async () => {
    const geofences = (await t.call('GET', '/geofence?per_page=500')).json as {
      data: { id: number; name: string; created_at: string }[];
    };
    const depots = geofences.data.filter(
      (g) => g.created_at === new Date(NOW).toISOString() && g.name.startsWith('Deposito'),
    );
    expect(depots).toHaveLength(t.service.context.fleet.depots.length);
    const rules = (await t.call('GET', '/alert?per_page=500')).json as {
      data: { kind: string; geofence_id: number | null }[];
    };
    for (const kind of [
      'overspeed',
      'temperature_high',
      'low_fuel',
      'tracker_offline',
      'engine_fault',
      'power_cut',
      'fuel_drain',
    ])
      expect(rules.data.map((r) => r.kind)).toContain(kind);
    for (const d of depots)
      expect(
        rules.data
          .filter((r) => r.geofence_id === d.id)
          .map((r) => r.kind)
          .sort(),
      ).toEqual(['geofence_enter', 'geofence_exit']);
  });
});
