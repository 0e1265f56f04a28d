import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../../src/shared/interface';
import { startFleetService, type Answer, type FleetTestService } from '../fleet/fleet-client';

/** The POST stand-ins for PUT and DELETE: deprecated 2026-01-01, Sunset 90 days later (spec 9). */
const DEPRECATED_AT = Date.UTC(2026, 0, 1);
const SUNSET = Date.UTC(2026, 3, 1);

let clock = Date.UTC(2026, 2, 10, 12);
let t: FleetTestService;
beforeAll(async () => {
  t = await startFleetService({ now: () => clock });
});
afterAll(async () => {
  await t.service.stop();
});

const recordSchema = z.object({ data: z.looseObject({ id: z.int(), odometer_km: z.number() }) });
const createOdometerEntry = async (km: number): Promise<number> =>
  recordSchema.parse(
    (
      await t.call('POST', '/odometer-entry', {
        body: { asset_id: 1, odometer_km: km, timestamp: '2026-03-01T08:00:00Z' },
      })
    ).json,
  ).data.id;

function expectWarningHeaders(res: Answer): void {
  // RFC 9745 and RFC 8594, and the Link to the notes, on the 410 as on every earlier answer.
  expect(res.headers.get('deprecation')).toBe(`@${DEPRECATED_AT / 1000}`);
  expect(res.headers.get('sunset')).toBe(new Date(SUNSET).toUTCString());
  expect(res.headers.get('link')).toMatch(/^<\/docs#deprecations>; rel="deprecation"/);
}

describe('POST stand-ins for PUT and DELETE around their Sunset (spec 9)', () => {
  it('work with warnings before the Sunset and answer 410 Gone from it on, doing nothing', async () => {
    clock = SUNSET - 60_000;
    const id = await createOdometerEntry(1000);
    const updated = await t.call('POST', `/odometer-entry/${id}/update`, {
      body: { asset_id: 1, odometer_km: 1100, timestamp: '2026-03-01T08:00:00Z' },
    });
    expect(updated.status).toBe(200);
    expectWarningHeaders(updated);

    clock = SUNSET;
    const update = await t.call('POST', `/odometer-entry/${id}/update`, {
      body: { asset_id: 1, odometer_km: 9999, timestamp: '2026-03-01T08:00:00Z' },
    });
    const remove = await t.call('POST', `/odometer-entry/${id}/delete`);
    for (const res of [update, remove]) {
      expect(res.status).toBe(410);
      const body = errorBodySchema.parse(res.json);
      expect(body.message).toContain('/docs#deprecations');
      expectWarningHeaders(res);
    }
    expect(errorBodySchema.parse(update.json).message).toContain('PUT /api/:account/odometer-entry/:id');
    expect(errorBodySchema.parse(remove.json).message).toContain('DELETE /api/:account/odometer-entry/:id');
    // Neither stand-in acted: the record is as the last accepted update left it.
    const kept = await t.call('GET', `/odometer-entry/${id}`);
    expect(kept.status).toBe(200);
    expect(recordSchema.parse(kept.json).data.odometer_km).toBe(1100);
  });

  it('leaves the native PUT and DELETE working after the Sunset, without warnings', async () => {
    clock = SUNSET + 200 * 86_400_000;
    const id = await createOdometerEntry(2000);
    const put = await t.call('PUT', `/odometer-entry/${id}`, {
      body: { asset_id: 1, odometer_km: 2100, timestamp: '2026-03-01T08:00:00Z' },
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('deprecation')).toBeNull();
    expect((await t.call('DELETE', `/odometer-entry/${id}`)).status).toBe(204);
  });

  it('still checks the token first: a removed route tells an anonymous caller only 401', async () => {
    clock = SUNSET + 86_400_000;
    const res = await t.call('POST', '/odometer-entry/1/delete', { as: 'nobody' });
    expect(res.status).toBe(401);
  });
});
