import type Pusher from 'pusher-js';
import type { Channel } from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../../src/server';
import {
  errorBodySchema,
  notReadyBodySchema,
  REPORT_EVENTS,
  reportFailedEventSchema,
  reportStatusSchema,
  submissionResponseSchema,
} from '../../../src/shared/interface';
import { closePusher, collectEvents, subscribedClient } from '../../support/pusher';
import { pastRange, reportDownload, reportStatus, submitReport } from './report-client';

// A paused service accepts and queues reports but generates none, so the
// queue's own rules can be observed without racing the workers.
let clockOffsetMs = 0;
let service: LocalService;
let pusher: Pusher;
let channel: Channel;
const operator = (): LocalService['users'][number] => service.users[0]!;
const dispatcher = (): LocalService['users'][number] => service.users[1]!;
const request = (asset_id: number, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 'trip',
  format: 'pdf',
  asset_id,
  ...pastRange(2),
  ...extra,
});

beforeAll(async () => {
  service = await startLocalService({
    port: 0,
    fleetSize: 5,
    tickMs: 60_000,
    reportsPaused: true,
    overloadThreshold: 5,
    now: () => Date.now() + clockOffsetMs,
  });
  ({ pusher, channel } = await subscribedClient(service, operator(), 'reports'));
});

afterAll(async () => {
  if (pusher) await closePusher(pusher);
  await service?.stop();
});

describe('the report queue', () => {
  const ids: string[] = [];
  const estimates: number[] = [];

  it('puts high priority ahead of standard ahead of low and reports each queued position', async () => {
    for (const [asset, priority] of [
      [1, 'low'],
      [2, 'standard'],
      [3, 'high'],
    ] as const) {
      const res = await submitReport(service, operator().token, request(asset, { priority }));
      expect(res.status).toBe(201);
      const body = submissionResponseSchema.parse(res.body);
      expect(body.queue_name).toBe(`reports_${priority}`);
      ids.push(body.report_id);
      estimates.push(body.estimated_time_ms);
    }
    const positions = [];
    for (const id of ids) {
      const status = reportStatusSchema.parse((await reportStatus(service, operator().token, id)).body);
      expect(status).toMatchObject({ generation_status: 'queued', progress: 0, file_url: null });
      positions.push(status.queue_position);
    }
    // low, standard, high as submitted → served high, standard, low.
    expect(positions).toEqual([3, 2, 1]);

    const early = await reportDownload(service, operator().token, ids[0]!);
    expect(early.status).toBe(409);
    expect(notReadyBodySchema.parse(early.body).generation_status).toBe('queued');
  });

  it('refuses a fourth concurrent report of one user with 429', async () => {
    const res = await submitReport(service, operator().token, request(4));
    expect(res.status).toBe(429);
    expect(errorBodySchema.parse(res.body).message).toMatch(/3/);
  });

  it('estimates later completion for a report with work queued ahead of it', async () => {
    const standard = reportStatusSchema.parse((await reportStatus(service, operator().token, ids[1]!)).body);
    expect(standard.queue_position).toBe(2);
    const res = await submitReport(service, dispatcher().token, request(1));
    expect(res.status).toBe(201);
    const behind = submissionResponseSchema.parse(res.body);
    // Behind the high and the standard report of the operator, same size as theirs.
    expect(behind.queue_position).toBe(3);
    expect(behind.estimated_time_ms).toBeGreaterThan(estimates[1]!);
  });

  it('enters degraded mode at the threshold: 503 with Retry-After 30', async () => {
    expect((await submitReport(service, dispatcher().token, request(2))).status).toBe(201);
    const refused = await submitReport(service, dispatcher().token, request(3));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(errorBodySchema.parse(refused.body).message).toMatch(/30 seconds/);
  });

  it('fails reports still queued after 10 minutes, says why, and leaves degraded mode once drained', async () => {
    const failed = collectEvents(channel, REPORT_EVENTS.failed);
    clockOffsetMs = 10 * 60_000 + 1000;
    try {
      const events = await failed.waitFor(3);
      const payloads = events.map((e) => reportFailedEventSchema.parse(e));
      expect(payloads.map((p) => p.report_id).sort()).toEqual([...ids].sort());
      expect(payloads[0]!.error_message).toMatch(/queue.*10 minutes|10 minutes.*queue/);
      const status = reportStatusSchema.parse((await reportStatus(service, operator().token, ids[0]!)).body);
      expect(status.generation_status).toBe('failed');
      expect(status.error_message).toMatch(/queue timeout/);

      const gone = await reportDownload(service, operator().token, ids[0]!);
      expect(gone.status).toBe(409);
      expect(notReadyBodySchema.parse(gone.body).generation_status).toBe('failed');

      expect((await submitReport(service, dispatcher().token, request(3))).status).toBe(201);
    } finally {
      failed.stop();
      clockOffsetMs = 0;
    }
  });
});
