import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, validationErrorBodySchema } from '../../../src/shared/interface';
import { startFleetService, type FleetTestService } from '../fleet/fleet-client';

let t: FleetTestService;
beforeAll(async () => {
  t = await startFleetService();
});
afterAll(async () => {
  await t.service.stop();
});

describe('service-wide error answers (spec 7, docs/architecture.md "The local fleet service")', () => {
  it('a body that is not JSON is a 400 naming the body', async () => {
    const res = await t.call('POST', '/public-tracking-link', { body: '{"asset_id": 1,' });
    expect(res.status).toBe(400);
    expect(validationErrorBodySchema.parse(res.json).errors.body).toBeDefined();
  });

  it('a JSON body of the wrong shape is a 400 naming the body', async () => {
    for (const body of ['[]', '"text"', 'null', '42']) {
      const res = await t.call('POST', '/tag', { body });
      expect(res.status, body).toBe(400);
      validationErrorBodySchema.parse(res.json);
    }
  });

  it('an unknown route is a JSON 404, with or without a token', async () => {
    for (const as of ['operator', 'nobody'] as const) {
      const res = await t.call('GET', '//api/no/such/route', { as });
      expect(res.status).toBe(404);
      expect(errorBodySchema.parse(res.json).message).toContain('/api/no/such/route');
    }
    expect((await t.call('PATCH', '/asset/1')).status).toBe(404);
  });

  it('a body over the limit is a 413, and an unsupported content type a 415, both in JSON', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), kind: 'overspeed' });
    const tooBig = await t.call('POST', '/alert', { body: big });
    expect(tooBig.status).toBe(413);
    errorBodySchema.parse(tooBig.json);
    const xml = await t.call('POST', '/alert', {
      body: '<alert/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.status).toBe(415);
    errorBodySchema.parse(xml.json);
  });

  it('an undecodable URL is a 400 in JSON', async () => {
    const res = await t.call('GET', '/asset/%E0%A4%A/location');
    expect(res.status).toBe(400);
    validationErrorBodySchema.parse(res.json);
  });

  it('checks the token before reading the body', async () => {
    const res = await t.call('POST', '/alert', { as: 'nobody', body: '{broken' });
    expect(res.status).toBe(401);
  });

  it('only deprecated routes carry deprecation headers', async () => {
    const res = await t.call('GET', '/asset');
    expect(res.headers.get('deprecation')).toBeNull();
    expect(res.headers.get('sunset')).toBeNull();
    const legacy = await t.call('POST', '/alert/1/delete', { as: 'nobody' });
    expect(legacy.status).toBe(401);
    expect(legacy.headers.get('deprecation')).toMatch(/^@\d+$/);
  });
});
