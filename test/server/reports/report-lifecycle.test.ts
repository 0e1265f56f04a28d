import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseHtml } from 'node-html-parser';
import type Pusher from 'pusher-js';
import type { Channel } from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../../src/server';
import {
  cacheHitResponseSchema,
  downloadResponseSchema,
  jsonReportContentSchema,
  notReadyBodySchema,
  REPORT_EVENTS,
  reportCompletedEventSchema,
  reportProcessingEventSchema,
  reportQueuedEventSchema,
  reportFailedEventSchema,
  reportStatusSchema,
  submissionResponseSchema,
  validationErrorBodySchema,
  errorBodySchema,
} from '../../../src/shared/interface';
import { closePusher, collectEvents, subscribedClient } from '../../support/pusher';
import { readXlsx, sheetNames } from '../../support/xlsx-file';
import { pastRange, reportDownload, reportStatus, submitReport, waitUntilSettled } from './report-client';

let clockOffsetMs = 0;
let service: LocalService;
let pusher: Pusher;
let channel: Channel;
const operator = (): LocalService['users'][number] => service.users[0]!;
const dispatcher = (): LocalService['users'][number] => service.users[1]!;

beforeAll(async () => {
  service = await startLocalService({
    port: 0,
    // Ten assets: the fleet then has some without an OBD-II adapter (the no-data case).
    fleetSize: 10,
    reportWorkers: 2,
    tickMs: 60_000,
    now: () => Date.now() + clockOffsetMs,
  });
  ({ pusher, channel } = await subscribedClient(service, operator(), 'reports'));
});

afterAll(async () => {
  if (pusher) await closePusher(pusher);
  await service?.stop();
});

/** Every report event on the operator's channel, in arrival order, as [event, payload]. */
function recordEvents(): { log: Array<[string, Record<string, unknown>]>; stop: () => void } {
  const log: Array<[string, Record<string, unknown>]> = [];
  const handlers = Object.values(REPORT_EVENTS).map((name) => {
    const fn = (data: Record<string, unknown>): void => void log.push([name, data]);
    channel.bind(name, fn);
    return [name, fn] as const;
  });
  return { log, stop: () => handlers.forEach(([name, fn]) => channel.unbind(name, fn)) };
}

async function eventually(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a json report from submission to download', () => {
  it('is queued, processed and completed with events in order, then served inline, by download and from cache', async () => {
    const events = recordEvents();
    const request = { type: 'trail', format: 'json', asset_id: 1, ...pastRange(1) };
    const submitted = await submitReport(service, operator().token, request);
    expect(submitted.status).toBe(201);
    const accepted = submissionResponseSchema.parse(submitted.body);
    expect(accepted.queue_name).toBe('reports_standard');
    expect(accepted.queue_position).toBeGreaterThanOrEqual(1);
    expect(Date.parse(accepted.estimated_completion)).toBeGreaterThan(Date.now() - 1000);

    const id = accepted.report_id;
    // The first report also starts the worker threads (loading the renderers, rebuilding the fleet).
    await eventually(
      () => events.log.some(([e, d]) => e === REPORT_EVENTS.completed && d.report_id === id),
      'completed',
      60_000,
    );
    const mine = events.log.filter(([, d]) => d.report_id === id);
    expect(mine.map(([e]) => e)).toEqual([
      REPORT_EVENTS.queued,
      REPORT_EVENTS.processing,
      REPORT_EVENTS.completed,
    ]);
    expect(reportQueuedEventSchema.parse(mine[0]![1]).queue_name).toBe('reports_standard');
    reportProcessingEventSchema.parse(mine[1]![1]);
    const completed = reportCompletedEventSchema.parse(mine[2]![1]);
    expect(completed).toMatchObject({ type: 'trail', format: 'json', served_from_cache: false });
    expect(completed.asset_info).toEqual({ id: 1, name: expect.any(String) });
    expect(completed.file_size).toBeGreaterThan(0);

    const status = await waitUntilSettled(service, operator().token, id);
    expect(status).toMatchObject({ generation_status: 'completed', progress: 100, error_message: null });
    expect(status.file_size_human).toMatch(/\d (B|KB|MB)$/);
    expect(status.processing_time_ms).toBeGreaterThanOrEqual(0);
    const inline = jsonReportContentSchema.parse(status.data);
    expect(inline.rows.length).toBeGreaterThan(0);
    expect(inline.period).toEqual({ from: request.date_from, to: request.date_to });

    const download = await reportDownload(service, operator().token, id);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^application\/json/);
    expect(jsonReportContentSchema.parse(download.body).rows).toEqual(inline.rows);

    const again = await submitReport(service, operator().token, { ...request, priority: 'high' });
    expect(again.status).toBe(200);
    const hit = cacheHitResponseSchema.parse(again.body);
    expect(hit).toMatchObject({ source: 'cache', report_id: id, generation_status: 'completed' });
    expect(jsonReportContentSchema.parse(hit.data).rows).toEqual(inline.rows);
    await eventually(
      () => events.log.some(([e, d]) => e === REPORT_EVENTS.completed && d.served_from_cache === true),
      'the cache-hit completed event',
    );
    events.stop();
  });
});

describe('progress', () => {
  it('advances while a long report is processing and reaches 100 on completion', async () => {
    const submitted = await submitReport(service, operator().token, {
      type: 'trail',
      format: 'json',
      asset_id: 1,
      ...pastRange(10, 20),
    });
    const id = submissionResponseSchema.parse(submitted.body).report_id;
    const seen: number[] = [];
    for (;;) {
      const status = reportStatusSchema
        .loose()
        .parse((await reportStatus(service, operator().token, id)).body);
      seen.push(status.progress);
      if (status.generation_status === 'completed' || status.generation_status === 'failed') break;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.some((p) => p > 0 && p < 100)).toBe(true);
  });
});

describe('a pdf report', () => {
  let id = '';
  let downloadUrl = '';

  it('answers 409 with its state before completion and a signed download address after', async () => {
    const submitted = await submitReport(service, operator().token, {
      type: 'trail',
      format: 'pdf',
      asset_id: 2,
      priority: 'low',
      ...pastRange(2),
    });
    expect(submitted.status).toBe(201);
    const accepted = submissionResponseSchema.parse(submitted.body);
    expect(accepted.queue_name).toBe('reports_low');
    id = accepted.report_id;

    const early = await reportDownload(service, operator().token, id);
    if (early.status === 409) {
      expect(['queued', 'processing']).toContain(notReadyBodySchema.parse(early.body).generation_status);
    } else {
      // A fast machine may finish first; then the download is already the real one.
      expect(early.status).toBe(200);
    }

    const status = await waitUntilSettled(service, operator().token, id);
    expect(status).toMatchObject({ generation_status: 'completed', error_message: null });
    const download = await reportDownload(service, operator().token, id);
    expect(download.status).toBe(200);
    const body = downloadResponseSchema.parse(download.body);
    expect(body).toMatchObject({ content_type: 'application/pdf', expires_in_hours: 1 });
    expect(body.filename).toMatch(/^trail_[a-z0-9-]+_\d{8}_\d{8}\.pdf$/);
    expect(body.filename).toContain(`_${pastRange(2).date_from.replaceAll('-', '')}_`);
    expect(Date.parse(body.expires_at) - Date.now()).toBeGreaterThan(59 * 60_000);
    downloadUrl = body.download_url;

    const file = await fetch(downloadUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const disposition = file.headers.get('content-disposition') ?? '';
    expect(disposition).toContain(`filename="${body.filename}"`);
    expect(disposition).toContain(`filename*=UTF-8''${body.filename}`);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.length).toBe(body.file_size);

    const dir = mkdtempSync(join(tmpdir(), 'report-pdf-'));
    try {
      const path = join(dir, body.filename);
      writeFileSync(path, bytes);
      const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
      expect(info).toMatch(/Pages:\s+[1-9]/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a tampered or an expired download address with 403', async () => {
    const url = new URL(downloadUrl);
    const sig = url.searchParams.get('signature')!;
    const tampered = new URL(url);
    tampered.searchParams.set('signature', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    expect((await fetch(tampered)).status).toBe(403);
    const longer = new URL(url);
    longer.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await fetch(longer)).status).toBe(403);
    const unsigned = new URL(url);
    unsigned.search = '';
    expect((await fetch(unsigned)).status).toBe(403);

    clockOffsetMs = 61 * 60_000;
    try {
      const expired = await fetch(url);
      expect(expired.status).toBe(403);
      expect(errorBodySchema.parse(await expired.json()).message).toMatch(/expired/);
    } finally {
      clockOffsetMs = 0;
    }
    expect((await fetch(url)).status).toBe(200);
  });

  it('is invisible to another user: 404 on status and download', async () => {
    for (const res of [
      await reportStatus(service, dispatcher().token, id),
      await reportDownload(service, dispatcher().token, id),
      await reportStatus(service, operator().token, '00000000-0000-4000-8000-000000000000'),
    ]) {
      expect(res.status).toBe(404);
      errorBodySchema.parse(res.body);
    }
  });
});

describe('excel and html reports', () => {
  it('download through their signed address with the right type, and read back with other readers', async () => {
    const ids: Record<'excel' | 'html', string> = { excel: '', html: '' };
    for (const format of ['excel', 'html'] as const) {
      const res = await submitReport(service, operator().token, {
        type: 'trip',
        format,
        asset_id: 2,
        ...pastRange(3),
      });
      ids[format] = submissionResponseSchema.parse(res.body).report_id;
    }
    for (const format of ['excel', 'html'] as const) {
      expect(await waitUntilSettled(service, operator().token, ids[format])).toMatchObject({
        generation_status: 'completed',
      });
      const body = downloadResponseSchema.parse(
        (await reportDownload(service, operator().token, ids[format])).body,
      );
      expect(body.filename).toMatch(format === 'excel' ? /^trip_.+\.xlsx$/ : /^trip_.+\.html$/);
      const file = await fetch(body.download_url);
      expect(file.headers.get('content-type')).toBe(body.content_type);
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(bytes.length).toBe(body.file_size);
      if (format === 'excel') {
        expect(body.content_type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
        expect(sheetNames(await readXlsx(bytes)).length).toBeGreaterThanOrEqual(2);
      } else {
        expect(body.content_type).toBe('text/html');
        const html = parseHtml(bytes.toString('utf8'));
        expect(html.querySelector('title')?.text).toContain('Trips');
        expect(html.querySelectorAll('table tr').length).toBeGreaterThan(1);
      }
    }
  });
});

describe('a report over a range without data', () => {
  it('fails with the reason in .report.failed and in its status, and cannot be downloaded', async () => {
    const noObd = service.context.fleet.assets.find((a) => !a.hasObd);
    expect(noObd).toBeDefined();
    const events = recordEvents();
    try {
      const res = await submitReport(service, operator().token, {
        type: 'obd_data',
        format: 'pdf',
        asset_id: noObd!.id,
        ...pastRange(2),
      });
      const id = submissionResponseSchema.parse(res.body).report_id;
      const status = await waitUntilSettled(service, operator().token, id);
      expect(status.generation_status).toBe('failed');
      expect(status.error_message).toMatch(/OBD-II/);
      await eventually(
        () => events.log.some(([e, d]) => e === REPORT_EVENTS.failed && d.report_id === id),
        'failed',
      );
      const failed = reportFailedEventSchema.parse(events.log.find(([e]) => e === REPORT_EVENTS.failed)![1]);
      expect(failed).toMatchObject({ error_message: status.error_message, asset_info: { id: noObd!.id } });
      const download = await reportDownload(service, operator().token, id);
      expect(download.status).toBe(409);
      expect(notReadyBodySchema.parse(download.body).generation_status).toBe('failed');
    } finally {
      events.stop();
    }
  });
});

describe('reports end at the present', () => {
  it('a range wholly in the future fails with "no data in the date range"', async () => {
    const res = await submitReport(service, operator().token, {
      type: 'trip',
      format: 'json',
      asset_id: 1,
      date_from: '2030-06-03',
      date_to: '2030-06-03',
    });
    const id = submissionResponseSchema.parse(res.body).report_id;
    const status = await waitUntilSettled(service, operator().token, id);
    expect(status.generation_status).toBe('failed');
    expect(status.error_message).toMatch(/^No data in the date range: 2030-06-03 is in the future/);
  });

  it("today's trail ends at the service's clock, not at midnight", async () => {
    // The service's clock reads noon today (UTC), whatever the time of the test run.
    const today = pastRange(1, 0).date_from;
    clockOffsetMs = Date.parse(`${today}T12:00:00Z`) - Date.now();
    try {
      const res = await submitReport(service, operator().token, {
        type: 'trail',
        format: 'json',
        asset_id: 1,
        date_from: today,
        date_to: today,
      });
      const id = submissionResponseSchema.parse(res.body).report_id;
      const status = await waitUntilSettled(service, operator().token, id);
      expect(status.generation_status).toBe('completed');
      const times = jsonReportContentSchema.parse(status.data).rows.map((r) => Date.parse(String(r.t)));
      const startedAt = Date.parse(status.started_at!);
      expect(Math.max(...times)).toBeLessThanOrEqual(startedAt);
      // Asset 1 reports around the clock: the morning is there, up to the last hour before noon.
      expect(Math.max(...times)).toBeGreaterThan(startedAt - 3_600_000);
    } finally {
      clockOffsetMs = 0;
    }
  });
});

describe('submission refused', () => {
  it('gives 400 with field errors for a range past the type maximum, unknown ids or a foreign account', async () => {
    const tooLong = await submitReport(service, operator().token, {
      type: 'obd_data',
      format: 'json',
      asset_id: 1,
      ...pastRange(15),
    });
    expect(tooLong.status).toBe(400);
    expect(validationErrorBodySchema.parse(tooLong.body).errors.date_to?.[0]).toMatch(/14 days/);

    const unknown = await submitReport(service, operator().token, {
      type: 'mileage_daily',
      format: 'json',
      asset_ids: [1, 999],
      ...pastRange(3),
    });
    expect(unknown.status).toBe(400);
    expect(validationErrorBodySchema.parse(unknown.body).errors.asset_ids).toEqual(['no asset with id 999']);

    const foreign = await submitReport(service, operator().token, {
      type: 'trail',
      format: 'json',
      asset_id: 1,
      account_name: 'someone-else',
      ...pastRange(1),
    });
    expect(foreign.status).toBe(400);
    expect(validationErrorBodySchema.parse(foreign.body).errors.account_name).toHaveLength(1);

    const missing = await submitReport(service, operator().token, { format: 'pdf' });
    expect(missing.status).toBe(400);
    expect(Object.keys(validationErrorBodySchema.parse(missing.body).errors)).toEqual(
      expect.arrayContaining(['type', 'date_from', 'date_to']),
    );
  });

  it('gives 400 on date_from for days before 2000, which were queued and then failed with the simulator’s range error', async () => {
    for (const [type, date_from, date_to] of [
      ['trail', '1969-12-01', '1969-12-02'],
      ['trail', '0100-01-01', '0100-01-01'],
      // The previous period it compares with lies before 1970.
      ['mileage_comparison', '1970-01-02', '1970-01-03'],
      ['fuel', '1999-12-31', '2000-01-01'],
    ] as const) {
      const res = await submitReport(service, operator().token, {
        type,
        format: 'json',
        ...(type === 'mileage_comparison' ? { asset_ids: [1] } : { asset_id: 1 }),
        date_from,
        date_to,
      });
      expect(res.status, `${type} from ${date_from}`).toBe(400);
      expect(validationErrorBodySchema.parse(res.body).errors.date_from).toEqual([
        'must be on or after 2000-01-01',
      ]);
    }
  });

  it("gives 403 when any requested asset is not the user's, and 401 without a token", async () => {
    const forbidden = await submitReport(service, dispatcher().token, {
      type: 'trail',
      format: 'json',
      asset_id: 4,
      ...pastRange(1),
    });
    expect(forbidden.status).toBe(403);
    errorBodySchema.parse(forbidden.body);

    const oneOfMany = await submitReport(service, dispatcher().token, {
      type: 'mileage_daily',
      format: 'json',
      asset_ids: [1, 4],
      ...pastRange(3),
    });
    expect(oneOfMany.status).toBe(403);
    expect(errorBodySchema.parse(oneOfMany.body).message).toMatch(/asset 4/);

    const anonymous = await fetch(`${service.base_url}/api/v1/reports/generate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'trail', format: 'json', asset_id: 1, ...pastRange(1) }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('report events', () => {
  it('reach only the channel of the user who asked', async () => {
    const other = await subscribedClient(service, dispatcher(), 'reports');
    const events = recordEvents();
    try {
      const strangers = collectEvents(other.channel, REPORT_EVENTS.completed);
      const submitted = await submitReport(service, operator().token, {
        type: 'trail',
        format: 'json',
        asset_id: 3,
        ...pastRange(1, 3),
      });
      const id = submissionResponseSchema.parse(submitted.body).report_id;
      await eventually(
        () => events.log.some(([e, d]) => e === REPORT_EVENTS.completed && d.report_id === id),
        'completed on the owner channel',
      );
      expect(strangers.events).toEqual([]);
      strangers.stop();
    } finally {
      events.stop();
      await closePusher(other.pusher);
    }
  });
});
