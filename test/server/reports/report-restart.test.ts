import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../../src/server';
import type { LocalServiceOptions } from '../../../src/server/options';
import {
  downloadResponseSchema,
  jsonReportContentSchema,
  REPORT_EVENTS,
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
