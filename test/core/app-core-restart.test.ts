import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore, type SecretStore } from '../../src/main/core/session/secret-store';
import { startLocalService, type LocalService, type LocalServiceOptions } from '../../src/server';
import {
  createHarness,
  FIXED_TOKENS,
  recordingFetch,
  remoteProfileOf,
  serviceAsDemo,
  yesterday,
  type FetchRecord,
  type Harness,
} from './app-core.harness';

describe('the app core across service and app restarts', { timeout: 120_000 }, () => {
  const serviceDir = mkdtempSync(join(tmpdir(), 'fleetdesk-restart-svc-'));
  const appDir = mkdtempSync(join(tmpdir(), 'fleetdesk-restart-app-'));
  let service: LocalService | null = null;
  let port = 0;
  const harnesses: Harness[] = [];
  const HOUR = 3_600_000;
  let assetId = 0;
  const range = { start: 0, end: 0 };

  const startService = async (extra: Partial<LocalServiceOptions> = {}): Promise<LocalService> => {
    service = await startLocalService({
      port,
      fleetSize: 20,
      tickMs: 1000,
      dataDir: serviceDir,
      tokens: FIXED_TOKENS,
      reportWorkers: 1,
      ...extra,
    });
    port = service.port;
    return service;
  };
  const stopService = async (): Promise<void> => {
    await service?.stop();
    service = null;
  };
  const http: FetchRecord[] = [];
  // As an OS keychain would: the token outlives the app.
  const keychain: SecretStore = { ...createMemorySecretStore(), kind: 'keychain' };
  const open = (first: LocalService): Harness => {
    const h = createHarness({
      dataDir: appDir,
      keepDir: true,
      startDemo: serviceAsDemo(first),
      secretStore: keychain,
      fetch: recordingFetch(http),
    });
    harnesses.push(h);
    return h;
  };

  beforeAll(async () => {
    await startService({ reportsPaused: true });
  });
  afterAll(async () => {
    for (const h of harnesses) await h.stop().catch(() => undefined);
    await stopService();
    rmSync(serviceDir, { recursive: true, force: true });
    rmSync(appDir, { recursive: true, force: true });
  });

  it('signs in to a remote service with a token, and serves history from the cache once it is gone', async () => {
    const h = open(service!);
    await h.core.start();
    const view = await h.call('session.signInRemote', {
      profile: remoteProfileOf(service!),
      token: FIXED_TOKENS.operator,
    });
    expect(view).toMatchObject({ signedIn: true, profile: { kind: 'remote' } });
    assetId = (await h.call('fleet.refresh')).assets[0]!.id;
    const now = Date.now();
    Object.assign(range, { start: now - 4 * HOUR, end: now - 2 * HOUR });
    const fetched = await h.call('history.get', { assetId, ...range });
    expect(fetched.coverage).toMatchObject({ source: 'network', complete: true, offline: false });
    expect(fetched.points.t.length).toBeGreaterThan(0);

    // A report the paused service accepts but does not generate yet.
    const day = yesterday();
    const r = await h.call('reports.submit', {
      request: { type: 'trip', format: 'pdf', asset_id: assetId, date_from: day, date_to: day },
    });
    await h.waitForPush('reports.changed', (x) => x.localId === r.localId && x.state === 'queued');

    // Both channels up first: what is lost below is a live connection, not one still being made.
    await h.waitForPush(
      'connection.changed',
      (s) => s.live.state === 'connected' && s.reports.state === 'connected',
    );
    const mark = h.pushes.length;
    await stopService();
    const lost = await h.waitForPush('connection.changed', (s) => s.live.state !== 'connected', 20_000, mark);
    expect(lost.live.reason).not.toBeNull();
    // Nothing here asks the service before this: the dropped channel's catch-up does, so the status bar says the
    // service is gone now, not at the next request (docs/architecture.md "Live positions").
    const offline = await h.waitForPush('connection.changed', (s) => s.service === 'offline', 20_000, mark);
    const cached = await h.call('history.get', { assetId, ...range });
    expect(cached.coverage).toMatchObject({ source: 'cache', complete: true });
    expect(Array.from(cached.points.t)).toEqual(Array.from(fetched.points.t));
    const snap = await h.call('fleet.refresh');
    expect(snap.fromCache).toBe(true);
    expect(snap.assets.length).toBe(20);
    // The one feed state (docs/architecture.md "Live positions"): down, since the socket dropped, and why.
    expect(offline.feed).toMatchObject({
      state: 'down',
      since: lost.feed.since,
      reason: 'The service cannot be reached: the map shows where each vehicle was last seen.',
    });
    expect(offline.feed.lastLiveAt).toBe(lost.feed.since);
  });

  it('reconnects when the service is back, reconciles and completes the report', async () => {
    const h = harnesses[0]!;
    const r = (await h.call('reports.list')).find((x) => x.state === 'queued')!;
    const mark = h.pushes.length;
    const restarting = Date.now();
    await startService();
    const back = Date.now();
    const live = await h.waitForPush(
      'connection.changed',
      (s) => s.live.state === 'connected' && s.reports.state === 'connected',
      40_000,
      mark,
    );
    expect(live.feed).toMatchObject({ state: 'live', reason: null });
    // Never "cannot be reached" told beside a service that answers, while the channels came back.
    for (const { payload: s } of h.pushesOf('connection.changed').filter((p) => p.at >= restarting))
      if (s.service === 'online')
        for (const text of [s.feed.reason, s.live.reason, s.reports.reason])
          expect(text ?? '').not.toMatch(/cannot be reached/);
    // Reconciliation: events sent while away are gone, so the state is fetched again.
    const since = (path: RegExp): FetchRecord[] =>
      http.filter((x) => x.at >= back && x.status === 200 && path.test(x.url));
    await expect
      .poll(() => since(new RegExp(`/reports/${r.reportId}/status$`)).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => since(/\/asset\/\d+\/location$/).length, { timeout: 20_000 }).toBe(20);
    const done = await h.waitForPush(
      'reports.changed',
      (x) => x.localId === r.localId && x.state === 'completed' && x.file?.path != null,
      60_000,
    );
    expect(done.file?.filename).toMatch(/\.pdf$/);
  });

  it('keeps a request made offline and sends it after the app restarts', async () => {
    const h = harnesses[0]!;
    await stopService();
    const day = yesterday();
    const r = await h.call('reports.submit', {
      request: { type: 'fuel', format: 'json', asset_id: assetId, date_from: day, date_to: day },
    });
    const waiting = await h.waitForPush(
      'reports.changed',
      (x) => x.localId === r.localId && x.state === 'waiting' && x.errorMessage !== null,
    );
    expect(waiting.errorMessage).toMatch(/cannot be reached/);
    await h.stop();

    const svc = await startService();
    const again = open(svc);
    await again.core.start();
    expect((await again.call('session.get')).profile?.kind).toBe('remote');
    const done = await again.waitForPush(
      'reports.changed',
      (x) => x.localId === r.localId && x.state === 'completed',
      60_000,
    );
    expect(done.reportId).not.toBeNull();
    expect((await again.call('reports.data', { localId: r.localId })).type).toBe('fuel');
    // The first report's file was kept for offline use across the restart.
    const first = (await again.call('reports.list')).find((x) => x.request.type === 'trip')!;
    expect(first.file?.path).toBeTruthy();
  });
});
