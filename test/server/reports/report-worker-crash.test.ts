import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../../src/server';
import {
  REPORT_EVENTS,
  reportFailedEventSchema,
  submissionResponseSchema,
} from '../../../src/shared/interface';
import { closePusher, collectEvents, subscribedClient } from '../../support/pusher';
import { pastRange, submitReport, waitUntilSettled } from './report-client';

// Workers capped at a heap a 30-day sensor report as a PDF (259,200 readings, two charts, the printed
// table) does not fit in: the worker dies of it, is replaced, the report is retried once and then fails,
// and the service carries on with reports that fit. (Its json no longer needs the room: the readings are
// held by column, outside the heap.)
/** Room for the worker's modules and a small report (it fits in 32); the PDF does not fit in 56. */
const HEAP_MB = 40;
let service: LocalService;

beforeAll(async () => {
  service = await startLocalService({
    port: 0,
    fleetSize: 5,
    tickMs: 60_000,
    reportWorkers: 1,
    reportWorkerMaxHeapMb: HEAP_MB,
  });
});

afterAll(async () => {
  await service?.stop();
});

describe('a report worker that dies', () => {
  it('is replaced; its report is retried once, then fails with a message, and the next report runs', async () => {
    const user = service.users[0]!;
    const { pusher, channel } = await subscribedClient(service, user, 'reports');
    try {
      const processing = collectEvents(channel, REPORT_EVENTS.processing);
      const failed = collectEvents(channel, REPORT_EVENTS.failed);
      const res = await submitReport(service, user.token, {
        type: 'sensor',
        format: 'pdf',
        asset_id: 1,
        ...pastRange(30),
      });
      const id = submissionResponseSchema.parse(res.body).report_id;
      const [event] = await failed.waitFor(1, 60_000);
      const payload = reportFailedEventSchema.parse(event);
      expect(payload.report_id).toBe(id);
      expect(payload.error_message).toMatch(/crashed twice/);
      expect(processing.events.filter((e) => (e as { report_id: string }).report_id === id)).toHaveLength(2);

      const small = await submitReport(service, user.token, {
        type: 'trail',
        format: 'json',
        asset_id: 2,
        ...pastRange(1),
      });
      const next = await waitUntilSettled(
        service,
        user.token,
        submissionResponseSchema.parse(small.body).report_id,
      );
      expect(next.generation_status).toBe('completed');
    } finally {
      await closePusher(pusher);
    }
  });
});
