import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../../src/server';
import { createHttpClient, DEFAULT_MAX_BODY_BYTES } from '../../../src/main/core/api/http-client';
import {
  createReportsApi,
  REPORT_CONTENT_MAX_BYTES,
  type ReportsApi,
} from '../../../src/main/core/api/reports-api';
import {
  formatCalendarDate,
  type ReportRequestInput,
  type ReportStatus,
} from '../../../src/shared/interface';
import { startRewritingProxy } from '../rewriting-proxy';
import { declaringLength } from './declared-length';

describe('reporting interface through the core client, against the local service', () => {
  let service: LocalService;
  let reports: ReportsApi;

  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 5, reportWorkers: 1 });
    reports = createReportsApi(
      createHttpClient({ getToken: () => service.users[0]?.token ?? null }),
      service.base_url,
    );
  });
  afterAll(async () => {
    await service.stop();
  });

  const yesterday = formatCalendarDate(Date.now() - 86_400_000);
  /** A json report of yesterday for the fleet's `index`th asset. */
  const jsonRequest = (type: 'trail' | 'fuel', index: number) =>
    ({
      type,
      format: 'json',
      asset_id: service.context.fleet.assets[index]?.id ?? index + 1,
      date_from: yesterday,
      date_to: yesterday,
    }) as const;
  const submit = async (api: ReportsApi, request: ReportRequestInput): Promise<string> => {
    const submitted = await api.generate(request);
    return submitted.kind === 'accepted' ? submitted.submission.report_id : submitted.status.report_id;
  };
  /** The report's status once it is finished, asked every 200 ms as a client polls. */
  const finished = async (reportId: string): Promise<ReportStatus> => {
    let status = await reports.status(reportId);
    for (let i = 0; i < 150 && !['completed', 'failed'].includes(status.generation_status); i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = await reports.status(reportId);
    }
    return status;
  };

  it('submits a json trail report, follows its status to completion and downloads the content', async () => {
    const request = jsonRequest('trail', 0);
    const reportId = await submit(reports, request);
    expect((await finished(reportId)).generation_status).toBe('completed');
    const content = await reports.downloadJson(reportId);
    expect(content.type).toBe('trail');
    expect(content.rows.length).toBeGreaterThan(0);

    // The same request again is served from the service's cache (spec 2.2), already complete.
    const again = await reports.generate(request);
    expect(again.kind).toBe('cached');
  });

  it('rejects a date range beyond the type maximum before sending it, as the service would', async () => {
    const err = await reports
      .generate({
        type: 'obd_data',
        format: 'pdf',
        asset_id: 1,
        date_from: '2026-01-01',
        date_to: '2026-01-20',
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'validation', status: null });
    expect(err).toHaveProperty('errors.date_to', [expect.stringMatching(/14 days/)]);
  });

  it('reads a progress that is not a whole number (spec 2.3 says integer) as the nearest one, and refuses one past 100', async () => {
    let sent = 45.5;
    // A vendor's service, as this one's answers altered in flight: only `progress` changes.
    const proxy = await startRewritingProxy(service.port, ({ path }, body) =>
      /\/api\/v1\/reports\/(generate|[^/]+\/status)$/.test(path) &&
      typeof body === 'object' &&
      body !== null &&
      'progress' in body
        ? { ...body, progress: sent }
        : undefined,
    );
    try {
      const vendor = createReportsApi(
        createHttpClient({ getToken: () => service.users[0]?.token ?? null }),
        proxy.via(service.base_url),
      );
      const request = jsonRequest('fuel', 1);
      const reportId = await submit(vendor, request);
      expect(await vendor.status(reportId)).toMatchObject({ report_id: reportId, progress: 46 });
      sent = 99.4;
      expect((await vendor.status(reportId)).progress).toBe(99);
      // The same request once it is complete: a cache hit (HTTP 200) carries a progress too.
      expect((await finished(reportId)).generation_status).toBe('completed');
      sent = 0.5;
      expect(await vendor.generate(request)).toMatchObject({ kind: 'cached', status: { progress: 1 } });
      sent = 100.5;
      await expect(vendor.status(reportId)).rejects.toMatchObject({ kind: 'bad_response' });
      expect(proxy.rewritten()).toBe(4);
    } finally {
      await proxy.close();
    }
  });

  it('reads json report content past the default limit, and none past the report content limit', async () => {
    const request = jsonRequest('trail', 0);
    const reportId = await submit(reports, request);
    expect((await finished(reportId)).generation_status).toBe('completed');
    const declaring = (length: number): ReportsApi =>
      createReportsApi(
        createHttpClient({ getToken: () => service.users[0]?.token ?? null, fetch: declaringLength(length) }),
        service.base_url,
      );
    const within = declaring(DEFAULT_MAX_BODY_BYTES + 1);
    expect((await within.status(reportId)).data).toBeDefined();
    expect((await within.downloadJson(reportId)).type).toBe('trail');
    expect((await within.generate(request)).kind).toBe('cached');
    const past = declaring(REPORT_CONTENT_MAX_BYTES + 1);
    const calls = [
      ['GET /api/v1/reports/{id}/status', () => past.status(reportId)],
      ['GET /api/v1/reports/{id}/download', () => past.downloadJson(reportId)],
      ['POST /api/v1/reports/generate', () => past.generate(request)],
    ] as const;
    for (const [route, call] of calls)
      await expect(call()).rejects.toMatchObject({
        kind: 'bad_response',
        route,
        message: `The service's answer to ${route} is larger than 128 MiB, the most Fleetdesk reads of it; it was not read.`,
      });
  });

  it('maps an unknown report id to not_found', async () => {
    await expect(reports.status('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});
