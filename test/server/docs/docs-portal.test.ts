import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiPath } from '../../../src/server/docs/openapi';
import { startFleetService, type FleetTestService } from '../fleet/fleet-client';

let t: FleetTestService;
beforeAll(async () => {
  t = await startFleetService();
});
afterAll(async () => {
  await t.service.stop();
});

const openApiSchema = z.object({
  openapi: z.string(),
  paths: z.record(
    z.string(),
    z.record(z.string(), z.looseObject({ responses: z.record(z.string(), z.unknown()) })),
  ),
});
const routesSchema = z.object({
  data: z.array(z.object({ method: z.string(), url: z.string(), documented: z.boolean() })),
});

describe('documentation portal (/docs)', () => {
  it('serves an OpenAPI 3.1 document without a token that covers every registered route', async () => {
    const res = await t.call('GET', '//docs/openapi.json', { as: 'nobody' });
    expect(res.status).toBe(200);
    const doc = openApiSchema.parse(res.json);
    expect(doc.openapi).toBe('3.1.0');
    const routes = routesSchema.parse(
      (await t.call('GET', '//docs/routes.json', { as: 'nobody' })).json,
    ).data;
    const methods = new Set(['GET', 'POST', 'PUT', 'DELETE']);
    const registered = routes.filter((r) => methods.has(r.method));
    expect(registered.length).toBeGreaterThan(40);
    for (const r of registered)
      expect(doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()], `${r.method} ${r.url}`).toBeDefined();
  });

  it('documents both interfaces from the zod schemas, with errors, auth and deprecations', async () => {
    const doc = openApiSchema.parse((await t.call('GET', '//docs/openapi.json')).json);
    const history = doc.paths['/api/{account}/asset/{id}/history']?.get;
    expect(history?.responses).toHaveProperty('400');
    expect(history?.responses).toHaveProperty('401');
    expect(history?.responses).toHaveProperty('403');
    expect(JSON.stringify(history)).toContain('"latitude"');
    expect(JSON.stringify(history?.parameters)).toContain('"start"');
    const generate = doc.paths['/api/v1/reports/generate']?.post;
    expect(JSON.stringify(generate?.requestBody)).toContain('mileage_comparison');
    expect(generate?.responses).toHaveProperty('201');
    expect(doc.paths['/api/{account}/alert/{id}/delete']?.post?.deprecated).toBe(true);
    expect(doc.paths['/api/{account}/alert/{id}']?.delete?.deprecated).toBeUndefined();
    expect(doc.paths['/api/{account}/asset/{id}/photo']?.post?.requestBody).toBeDefined();
  });

  it('serves a readable, self-contained HTML page that requests nothing from elsewhere', async () => {
    const res = await t.call('GET', '//docs', { as: 'nobody' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = parse(res.text);
    expect(html.querySelector('title')?.text).toContain('Fleetdesk');
    expect(html.querySelectorAll('script[src], link[rel=stylesheet], img, iframe')).toHaveLength(0);
    for (const a of html.querySelectorAll('a'))
      expect(a.getAttribute('href') ?? '').not.toMatch(/^(https?:)?\/\//);
    const text = html.text;
    for (const phrase of [
      '/api/:account/asset/:id/history',
      '/api/v1/reports/generate',
      'Deprecation',
      'Sunset',
    ])
      expect(text).toContain(phrase);
    expect(html.querySelector('#deprecations')).not.toBeNull();
  });
});
