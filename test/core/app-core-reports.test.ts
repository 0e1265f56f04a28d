import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../src/server';
import {
  accountChannelName,
  LOCATION_UPDATED_EVENT,
  REPORT_EVENTS,
  reportsChannelName,
} from '../../src/shared/interface';
import type { LocalReport, LocalReportState } from '../../src/shared/ipc/views';
import {
  createHarness,
  recordingFetch,
  serviceAsDemo,
  yesterday,
  type FetchRecord,
  type Harness,
} from './app-core.harness';

const run = promisify(execFile);

describe('reports through the app core', () => {
  let service: LocalService;
  let h: Harness;
  const http: FetchRecord[] = [];
  /** The first generate request is answered 503 with Retry-After: 1 while this is set. */
  let overloadNext = false;
  let assetId = 0;

  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 20, tickMs: 1000, reportWorkers: 2 });
    h = createHarness({
      startDemo: serviceAsDemo(service),
      fetch: recordingFetch(http, (method, url) => {
        if (!overloadNext || method !== 'POST' || !url.endsWith('/reports/generate')) return null;
        overloadNext = false;
        return new Response(
          JSON.stringify({
            status: 'error',
            message: 'The report queue is overloaded; retry in 30 seconds.',
          }),
          { status: 503, headers: { 'Content-Type': 'application/json', 'Retry-After': '1' } },
        );
      }),
    });
    await h.core.start();
    assetId = (await h.call('fleet.refresh')).assets[0]!.id;
    await h.waitForPush('connection.changed', (s) => s.reports.state === 'connected');
  });
  afterAll(async () => {
    await h.stop();
    await service.stop();
  });

  const statesOf = (localId: string): LocalReportState[] =>
    h
      .pushesOf('reports.changed')
      .filter((p) => p.payload.localId === localId)
      .map((p) => p.payload.state)
      .filter((s, i, all) => i === 0 || all[i - 1] !== s);
  const downloaded = (localId: string): Promise<LocalReport> =>
    h.waitForPush('reports.changed', (r) => r.localId === localId && r.file?.path != null, 60_000);

  it('queues a PDF, follows it to completed, keeps the file and saves it where the user chose', async () => {
    const day = yesterday();
    const submitted = await h.call('reports.submit', {
      request: { type: 'trip', format: 'pdf', asset_id: assetId, date_from: day, date_to: day },
    });
    const done = await downloaded(submitted.localId).catch((e: unknown) => {
      console.log(
        JSON.stringify(
          h.pushesOf('reports.changed').map((p) => p.payload),
          null,
          1,
        ),
        h.warnings,
      );
      throw e;
    });
    expect(done.state).toBe('completed');
    expect(statesOf(submitted.localId)[0]).toBe('waiting');
    expect(statesOf(submitted.localId)).toEqual(
      expect.arrayContaining(['submitting', 'queued', 'completed']),
    );
    expect(done.file?.filename).toMatch(/^trip_[a-z0-9-]+_\d{8}_\d{8}\.pdf$/);

    const saved = await h.call('reports.save', { localId: submitted.localId });
    expect(saved.saved).toBe(true);
    expect(dirname(saved.path!)).toBe(h.shell.saveDir);
    expect(h.shell.calls).toContainEqual({ method: 'chooseSavePath', arg: done.file!.filename });
    const { stdout } = await run('pdfinfo', [saved.path!]);
    expect(stdout).toMatch(/Pages:\s+[1-9]/);
    expect((await h.call('reports.list')).find((r) => r.localId === submitted.localId)?.file?.savedPath).toBe(
      saved.path,
    );

    await h.call('reports.open', { localId: submitted.localId });
    await h.call('reports.showInFolder', { localId: submitted.localId });
    expect(
      h.shell.calls.filter((c) => c.method === 'openPath' || c.method === 'showInFolder').map((c) => c.arg),
    ).toEqual([done.file!.path, done.file!.path]);
  });

  it('shows a json report in the app and saves it under the spec’s file name', async () => {
    const day = yesterday();
    const r = await h.call('reports.submit', {
      request: { type: 'mileage_daily', format: 'json', asset_ids: [assetId], date_from: day, date_to: day },
    });
    await downloaded(r.localId);
    const data = await h.call('reports.data', { localId: r.localId });
    expect(data.type).toBe('mileage_daily');
    expect(data.rows.length).toBeGreaterThan(0);
    const saved = await h.call('reports.save', { localId: r.localId });
    expect(saved.path).toMatch(/mileage_daily_[a-z0-9-]+_\d{8}_\d{8}\.json$/);
    expect(JSON.parse(readFileSync(saved.path!, 'utf8'))).toEqual(data);
  });

  it('cancelling the Save dialog saves nothing', async () => {
    const done = (await h.call('reports.list')).find((r) => r.request.format === 'pdf')!;
    h.shell.acceptSave = false;
    try {
      expect(await h.call('reports.save', { localId: done.localId })).toEqual({ saved: false, path: null });
    } finally {
      h.shell.acceptSave = true;
    }
  });

  it('sends at most three at once: the fourth waits here, and the service never answers 429', async () => {
    const day = yesterday();
    const types = ['trail', 'fuel', 'sensor', 'alarms_data'] as const;
    const submitted = await Promise.all(
      types.map((type) =>
        h.call('reports.submit', {
          request: { type, format: 'html', asset_id: assetId, date_from: day, date_to: day },
        }),
      ),
    );
    const ids = new Set(submitted.map((r) => r.localId));
    await Promise.all(submitted.map((r) => downloaded(r.localId)));

    // Replay every change: at no moment were more than three of these with the service.
    const latest = new Map<string, LocalReportState>();
    let most = 0;
    for (const p of h.pushesOf('reports.changed')) {
      if (!ids.has(p.payload.localId)) continue;
      latest.set(p.payload.localId, p.payload.state);
      const inFlight = [...latest.values()].filter(
        (s) => s === 'submitting' || s === 'queued' || s === 'processing',
      );
      most = Math.max(most, inFlight.length);
    }
    expect(most).toBe(3);
    const fourth = submitted[3]!;
    expect(statesOf(fourth.localId).slice(0, 2)).toEqual(['waiting', 'submitting']);
    expect(http.filter((r) => r.status === 429)).toEqual([]);
  });

  it('waits for Retry-After on a 503, shows when it retries, then sends the request again by itself', async () => {
    const day = yesterday();
    overloadNext = true;
    const r = await h.call('reports.submit', {
      request: { type: 'trip', format: 'excel', asset_id: assetId, date_from: day, date_to: day },
    });
    const retrying = await h.waitForPush(
      'reports.changed',
      (x) => x.localId === r.localId && x.state === 'retrying',
    );
    expect(retrying.retryAt).not.toBeNull();
    expect(retrying.errorMessage).toMatch(/overloaded/);
    await downloaded(r.localId);
    const generates = http.filter((x) => x.method === 'POST' && x.url.endsWith('/reports/generate'));
    const refused = generates.findIndex((x) => x.status === 503);
    const resent = generates[refused + 1]!;
    expect(resent.status).toBe(201);
    expect(resent.at).toBeGreaterThanOrEqual(retrying.retryAt!);
  });

  it('drops malformed WebSocket payloads and keeps delivering good ones', async () => {
    const live = accountChannelName(service.account_key);
    const mine = reportsChannelName(service.account_key, service.users[0]!.id);
    const before = h.warnings.length;
    for (const garbage of ['not json', null, 42, [1, 2], { assetId: 'x' }, [{ assetId: 1, latitude: 999 }]])
      service.context.publish(live, LOCATION_UPDATED_EVENT, garbage);
    for (const garbage of ['x', { report_id: 5 }, { status: 'completed' }])
      service.context.publish(mine, REPORT_EVENTS.completed, garbage);
    const marker = {
      assetId,
      assetName: 'marker',
      latitude: 12.3456,
      longitude: 65.4321,
      speed: 1,
      course: 2,
      timestamp: Date.now() + 60_000,
      status: { name: 'moving', ignition: true, engine: true },
    };
    service.context.publish(live, LOCATION_UPDATED_EVENT, marker);
    await h.waitForPush('live.positions', (b) => b.positions.some((p) => p.lat === 12.3456));
    const logged = h.warnings.slice(before).filter((w) => /malformed/.test(w));
    expect(logged.some((w) => w.includes(LOCATION_UPDATED_EVENT))).toBe(true);
    expect(logged.some((w) => w.includes(REPORT_EVENTS.completed))).toBe(true);
    for (const b of h.pushesOf('live.positions'))
      for (const p of b.payload.positions) expect(Number.isFinite(p.lat) && Math.abs(p.lat) <= 90).toBe(true);
    expect((await h.call('connection.get')).live.state).toBe('connected');
  });

  it('refuses an invalid request before queueing it, with the field at fault', async () => {
    const count = (await h.call('reports.list')).length;
    await expect(
      h.call('reports.submit', {
        request: {
          type: 'obd_data',
          format: 'pdf',
          asset_id: assetId,
          date_from: '2026-01-01',
          date_to: '2026-02-20',
        },
      }),
    ).rejects.toMatchObject({ kind: 'validation', errors: { date_to: [expect.stringMatching(/14 days/)] } });
    expect(await h.call('reports.list')).toHaveLength(count);
  });

  it('removes a report and its kept file', async () => {
    const r = (await h.call('reports.list')).find((x) => x.request.format === 'html')!;
    await h.call('reports.remove', { localId: r.localId });
    expect((await h.call('reports.list')).some((x) => x.localId === r.localId)).toBe(false);
    expect(h.pushesOf('reports.removed').at(-1)!.payload).toEqual({ localId: r.localId });
  });
});
