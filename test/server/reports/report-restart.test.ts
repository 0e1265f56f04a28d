import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../../src/server';
import type { LocalServiceOptions } from '../../../src/server/options';
import {
  downloadResponseSchema,
  jsonReportContentSchema,
  notReadyBodySchema,
  REPORT_EVENTS,
  reportFailedEventSchema,
  reportStatusSchema,
  submissionResponseSchema,
} from '../../../src/shared/interface';
import { closePusher, collectEvents, subscribedClient } from '../../support/pusher';
import { pastRange, reportDownload, reportStatus, submitReport, waitUntilSettled } from './report-client';

const dataDir = mkdtempSync(join(tmpdir(), 'fleetdesk-reports-restart-'));
const tokens = {
  operator: 'operator-token-for-restart-tests',
  restricted: 'dispatcher-token-for-restart-tests',
};
const base: LocalServiceOptions = {
  port: 0,
  fleetSize: 5,
  tickMs: 60_000,
  dataDir,
  tokens,
  reportWorkers: 1,
};
let service: LocalService | null = null;

/** The service's SQLite file, opened beside it to leave rows as another version, or damage, would. */
function withServiceDatabase<T>(use: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, 'service.sqlite'));
  db.pragma('busy_timeout = 5000');
  try {
    return use(db);
  } finally {
    db.close();
  }
}

interface RowChanges {
  readonly user_id?: string;
  readonly type?: string;
  readonly request_json?: string;
  readonly status?: string;
  readonly attempts?: number;
}

/** A copy of report `from` under a new id, with the given columns as this version would never write them. */
function copyReportRow(db: Database.Database, from: string, changes: RowChanges): string {
  const id = randomUUID();
  db.prepare(
    `INSERT INTO reports (id, user_id, type, format, priority, request_json, fingerprint, title,
       asset_info_json, subject_name, status, attempts, created_at, queued_at)
     SELECT @id, coalesce(@user_id, user_id), coalesce(@type, type), format, priority,
       coalesce(@request_json, request_json), fingerprint, title, asset_info_json, subject_name,
       coalesce(@status, status), coalesce(@attempts, attempts), created_at, queued_at
     FROM reports WHERE id = @from`,
  ).run({
    user_id: null,
    type: null,
    request_json: null,
    status: null,
    attempts: null,
    ...changes,
    id,
    from,
  });
  return id;
}

afterAll(async () => {
  await service?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('reports across a service restart', () => {
  it('lose nothing: queued ones run after the restart and an interrupted one is retried', async () => {
    service = await startLocalService(base);
    const { pusher, channel } = await subscribedClient(service, { id: 1, token: tokens.operator }, 'reports');
    const processing = collectEvents(channel, REPORT_EVENTS.processing);
    // The first report is large enough to still be generating when the service stops.
    const bodies = [
      { type: 'trail', format: 'json', asset_id: 1, ...pastRange(7) },
      { type: 'trail', format: 'json', asset_id: 2, ...pastRange(3) },
      { type: 'trail', format: 'pdf', asset_id: 3, ...pastRange(1) },
    ];
    const ids: string[] = [];
    for (const body of bodies) {
      const res = await submitReport(service, tokens.operator, body);
      expect(res.status).toBe(201);
      ids.push(submissionResponseSchema.parse(res.body).report_id);
    }
    await processing.waitFor(1);
    await closePusher(pusher);
    await service.stop();
    service = null;

    const restartedAt = Date.now();
    service = await startLocalService(base);
    for (const id of ids) {
      const status = await waitUntilSettled(service, tokens.operator, id, 60_000);
      expect(status).toMatchObject({ generation_status: 'completed', error_message: null });
      expect((await reportDownload(service, tokens.operator, id)).status).toBe(200);
    }
    const first = reportStatusSchema.parse((await reportStatus(service, tokens.operator, ids[0]!)).body);
    // Started again after the restart: the interrupted generation was retried, not lost.
    expect(Date.parse(first.started_at!)).toBeGreaterThanOrEqual(restartedAt - 1000);
  });

  it('keeps the title a report was queued with when it completes, in its status and its content', async () => {
    await service?.stop();
    // Paused, the report stays queued however fast this machine is; the restart then generates it.
    service = await startLocalService({ ...base, reportsPaused: true });
    const res = await submitReport(service, tokens.operator, {
      type: 'trip',
      format: 'json',
      asset_id: 2,
      ...pastRange(3, 2),
    });
    const id = submissionResponseSchema.parse(res.body).report_id;
    const queued = reportStatusSchema.parse((await reportStatus(service, tokens.operator, id)).body);
    expect(queued.generation_status).toBe('queued');
    expect(queued.title).toMatch(/^Trips — /);
    await service.stop();

    service = await startLocalService(base);
    const done = await waitUntilSettled(service, tokens.operator, id, 60_000);
    expect(done).toMatchObject({ generation_status: 'completed', title: queued.title });
    expect(jsonReportContentSchema.parse(done.data).title).toBe(queued.title);
  });

  it('serves high priority before standard before low once a worker is free', async () => {
    service ??= await startLocalService(base);
    const { pusher, channel } = await subscribedClient(
      service!,
      { id: 1, token: tokens.operator },
      'reports',
    );
    try {
      const processing = collectEvents(channel, REPORT_EVENTS.processing);
      const ids: string[] = [];
      // One worker: the first report occupies it while the other two wait.
      for (const [asset, priority, days] of [
        [1, 'standard', 7],
        [2, 'low', 1],
        [3, 'high', 1],
      ] as const) {
        const res = await submitReport(service!, tokens.operator, {
          type: 'trail',
          format: 'json',
          asset_id: asset,
          priority,
          ...pastRange(days, 40),
        });
        expect(res.status).toBe(201);
        ids.push(submissionResponseSchema.parse(res.body).report_id);
      }
      const started = await processing.waitFor(3, 30_000);
      expect(started.map((e) => (e as { report_id: string }).report_id)).toEqual([ids[0], ids[2], ids[1]]);
    } finally {
      await closePusher(pusher);
    }
  });
  it('keeps a pre-signed download address valid for its hour (spec 2.4) across the restart', async () => {
    service ??= await startLocalService(base);
    const res = await submitReport(service, tokens.operator, {
      type: 'trail',
      format: 'html',
      asset_id: 1,
      ...pastRange(1),
    });
    const id = submissionResponseSchema.parse(res.body).report_id;
    expect((await waitUntilSettled(service, tokens.operator, id)).generation_status).toBe('completed');
    const signed = downloadResponseSchema.parse((await reportDownload(service, tokens.operator, id)).body);
    const before = await fetch(signed.download_url);
    expect(before.status).toBe(200);
    const file = await before.text();
    await service.stop();
    service = null;

    service = await startLocalService(base);
    // The same address on the restarted service (each start listens on a new random port here).
    const { pathname, search } = new URL(signed.download_url);
    const after = await fetch(`${service.base_url}${pathname}${search}`);
    expect(after.status).toBe(200);
    expect(await after.text()).toBe(file);
    // The signature still binds the address: another expiry is refused.
    const tampered = new URL(`${service.base_url}${pathname}${search}`);
    tampered.searchParams.set('expires', String(Number(tampered.searchParams.get('expires')) + 60));
    expect((await fetch(tampered)).status).toBe(403);
  });
});

/** Two days of trips as pdf, one report per asset, ending `endDaysAgo` days ago: their ids, in order. */
async function submitTrips(
  s: LocalService,
  assets: readonly number[],
  endDaysAgo: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (const asset of assets) {
    const res = await submitReport(s, tokens.operator, {
      type: 'trip',
      format: 'pdf',
      asset_id: asset,
      ...pastRange(2, endDaysAgo),
    });
    expect(res.status).toBe(201);
    ids.push(submissionResponseSchema.parse(res.body).report_id);
  }
  return ids;
}

describe('stored reports this version cannot read', () => {
  it('fail at the restart with a reason, while the readable ones still run', async () => {
    await service?.stop();
    // Paused, the readable reports are still queued when the rows beside them are written.
    service = await startLocalService({ ...base, reportsPaused: true });
    const readable = await submitTrips(service, [1, 2], 20);
    await service.stop();
    service = null;

    const [retiredType, brokenJson, stricterNow, nobodys] = withServiceDatabase((db) => [
      copyReportRow(db, readable[0]!, {
        type: 'speeding',
        request_json: JSON.stringify({ type: 'speeding', format: 'pdf', asset_id: 1, ...pastRange(2, 20) }),
      }),
      copyReportRow(db, readable[1]!, { request_json: '{"type":"trip",', status: 'processing', attempts: 1 }),
      // Completed elsewhere, with dates this version refuses: only a status request reads it.
      copyReportRow(db, readable[0]!, {
        request_json: JSON.stringify({
          type: 'trip',
          format: 'pdf',
          asset_id: 1,
          date_from: '2024-1-1',
          date_to: '2024-1-2',
        }),
        status: 'completed',
      }),
      copyReportRow(db, readable[0]!, { user_id: 'nobody', request_json: '{' }),
    ]);

    const restartedAt = Date.now();
    service = await startLocalService(base);
    for (const id of readable) {
      const status = await waitUntilSettled(service, tokens.operator, id, 60_000);
      expect(status).toMatchObject({ generation_status: 'completed', error_message: null });
    }
    for (const id of [retiredType!, brokenJson!, stricterNow!]) {
      const status = reportStatusSchema.parse((await reportStatus(service, tokens.operator, id)).body);
      expect(status).toMatchObject({ generation_status: 'failed', progress: 0, file_url: null });
      expect(status.error_message).toMatch(/another version of the service.*request it again/);
      expect(Date.parse(status.completed_at!)).toBeGreaterThanOrEqual(restartedAt - 1000);
      const download = await reportDownload(service, tokens.operator, id);
      expect(download.status).toBe(409);
      expect(notReadyBodySchema.parse(download.body).generation_status).toBe('failed');
    }
    expect((await reportStatus(service, tokens.operator, retiredType!)).body).toMatchObject({
      type: 'speeding',
    });
    // Without a readable owner the report is nobody's.
    expect((await reportStatus(service, tokens.operator, nobodys!)).status).toBe(404);
    // Failed in the database too, so no later start queues them again.
    const stored = withServiceDatabase((db) =>
      db
        .prepare('SELECT id, status FROM reports WHERE id IN (?, ?, ?) ORDER BY seq')
        .all(retiredType, brokenJson, stricterNow),
    );
    expect(stored).toEqual([
      { id: retiredType, status: 'failed' },
      { id: brokenJson, status: 'failed' },
      { id: stricterNow, status: 'failed' },
    ]);
  });

  it('fail when the queue sweep meets one, announced, and leave the rest of the queue alone', async () => {
    await service?.stop();
    // Paused, nothing is dispatched: the queue sweep is the only reader of the queued rows.
    service = await startLocalService({ ...base, reportsPaused: true });
    const { pusher, channel } = await subscribedClient(service, { id: 1, token: tokens.operator }, 'reports');
    const failed = collectEvents(channel, REPORT_EVENTS.failed);
    try {
      const ids = await submitTrips(service, [3, 4], 30);
      withServiceDatabase((db) =>
        db.prepare('UPDATE reports SET request_json = ? WHERE id = ?').run('{"type":', ids[0]),
      );

      // The sweep runs every second; a sweep that throws never announces it.
      const [event] = await failed.waitFor(1, 5000);
      const payload = reportFailedEventSchema.parse(event);
      expect(payload.report_id).toBe(ids[0]);
      expect(payload.error_message).toMatch(/another version of the service/);
      const broken = reportStatusSchema.parse((await reportStatus(service, tokens.operator, ids[0]!)).body);
      expect(broken.generation_status).toBe('failed');
      const next = reportStatusSchema.parse((await reportStatus(service, tokens.operator, ids[1]!)).body);
      expect(next).toMatchObject({ generation_status: 'queued', queue_position: 1 });
    } finally {
      failed.stop();
      await closePusher(pusher);
    }
  });
});
