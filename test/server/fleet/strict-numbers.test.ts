import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assetListResponseSchema,
  downloadResponseSchema,
  locationSchema,
  submissionResponseSchema,
  validationErrorBodySchema,
} from '../../../src/shared/interface';
import { reportDownload, submitReport, waitUntilSettled } from '../reports/report-client';
import { fillPath, operations, publishedOpenApi } from '../docs/published-openapi';
import { NOW, startFleetService, type FleetTestService } from './fleet-client';

let t: FleetTestService;
beforeAll(async () => {
  t = await startFleetService();
});
afterAll(async () => {
  await t.service.stop();
});

/** Other spellings of 1 (or of a number) that parseInt, Number() or a lax coercion would take. */
const NOT_CANONICAL = ['0x1', '%201', '1%20', '01', '+1', '1e0', '1.0', '0b1', '%091', '1_0', '١'];

const fieldErrors = (json: unknown): Record<string, string[]> => validationErrorBodySchema.parse(json).errors;

interface NumberParameter {
  readonly method: string;
  readonly path: string;
  readonly name: string;
  readonly in: 'path' | 'query';
}

/** Every path or query parameter the published document calls a number, on every operation. */
async function numberParameters(): Promise<NumberParameter[]> {
  const { doc } = await publishedOpenApi(t.service.api_url);
  return operations(doc).flatMap(({ method, path, op }) =>
    op.parameters.flatMap((p): NumberParameter[] =>
      (p.schema.type === 'integer' || p.schema.type === 'number') && (p.in === 'path' || p.in === 'query')
        ? [{ method, path, name: p.name, in: p.in }]
        : [],
    ),
  );
}

/** A request to `path` with canonical values everywhere, and `spelling` in the parameter under test. */
function requestPath(p: NumberParameter, spelling: string): string {
  const filled = fillPath(p.path, (name) => {
    if (name === 'account') return t.service.account_key;
    return name === p.name && p.in === 'path' ? spelling : '1';
  });
  return p.in === 'query' ? `${filled}?${p.name}=${spelling}` : filled;
}

describe('ids and numbers in paths and query strings (canonical decimal only)', () => {
  it('refuses the spellings a lax parser reads as 1 or 1000, as the audit found them', async () => {
    for (const path of ['/asset/0x1/location', '/asset/%201/location', '/asset/01/location']) {
      const res = await t.call('GET', path);
      expect(res.status, path).toBe(400);
      expect(fieldErrors(res.json), path).toHaveProperty('id');
    }
    const page = await t.call('GET', '/asset?page=1e3');
    expect(page.status).toBe(400);
    expect(fieldErrors(page.json)).toHaveProperty('page');
    const perPage = await t.call('GET', '/asset?per_page=0x10');
    expect(perPage.status).toBe(400);
    expect(fieldErrors(perPage.json)).toHaveProperty('per_page');
  });

  it('accepts the canonical spelling of the same values', async () => {
    const location = await t.call('GET', '/asset/1/location');
    expect(location.status).toBe(200);
    locationSchema.parse(location.json);
    const list = assetListResponseSchema.parse((await t.call('GET', '/asset?page=1000&per_page=10')).json);
    expect(list.meta).toMatchObject({ current_page: 1000, per_page: 10 });
    expect(list.data).toEqual([]);
  });

  it('holds on every route: each integer parameter of the published document refuses every other spelling', async () => {
    const params = await numberParameters();
    // The document describes them as integers (not strings with a pattern), and there are many.
    expect(params.length).toBeGreaterThan(40);
    expect(params.map((p) => `${p.method} ${p.path} ${p.name}`)).toEqual(
      expect.arrayContaining([
        'GET /api/{account}/asset/{id}/location id',
        'GET /api/{account}/asset page',
        'GET /api/{account}/asset per_page',
        'GET /api/{account}/alert asset_id',
        'GET /api/{account}/tracker/{id}/commands page',
        'PUT /api/{account}/tracker/{id}/ble id',
      ]),
    );
    const failures: string[] = [];
    for (const p of params)
      for (const spelling of NOT_CANONICAL) {
        const path = requestPath(p, spelling);
        const res = await t.call(p.method, `/${path}`);
        // The pre-signed file address refuses any query it did not sign as "not signed" (spec 2.4).
        const refused =
          p.path === '/files/reports/{id}'
            ? res.status === 403
            : res.status === 400 && p.name in fieldErrors(res.json);
        if (!refused) failures.push(`${p.method} ${path} → ${res.status} ${res.text.slice(0, 120)}`);
      }
    expect(failures).toEqual([]);
  });

  it('refuses a signed download address whose expiry is spelled with a leading zero', async () => {
    const token = t.service.users[0]?.token ?? '';
    const day = new Date(NOW - 2 * 86_400_000).toISOString().slice(0, 10);
    const submitted = await submitReport(t.service, token, {
      type: 'trip',
      format: 'html',
      asset_id: 1,
      date_from: day,
      date_to: day,
    });
    const id = submissionResponseSchema.parse(submitted.body).report_id;
    expect((await waitUntilSettled(t.service, token, id)).generation_status).toBe('completed');
    const url = new URL(
      downloadResponseSchema.parse((await reportDownload(t.service, token, id)).body).download_url,
    );
    expect((await fetch(url)).status).toBe(200);
    const padded = new URL(url);
    padded.searchParams.set('expires', `0${url.searchParams.get('expires')}`);
    expect((await fetch(padded)).status).toBe(403);
  });
});
