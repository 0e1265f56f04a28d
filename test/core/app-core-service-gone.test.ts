import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_REFRESH_INTERVAL_MS } from '../../src/main/core/fleet/fleet-model';
import { startLocalService, type LocalService } from '../../src/server';
import {
  createHarness,
  FIXED_TOKENS,
  recordingFetch,
  remoteProfileOf,
  serviceAsDemo,
  type FetchRecord,
  type Harness,
} from './app-core.harness';

describe('a service that stops while the app is idle', { timeout: 60_000 }, () => {
  const serviceDir = mkdtempSync(join(tmpdir(), 'fleetdesk-gone-svc-'));
  const appDir = mkdtempSync(join(tmpdir(), 'fleetdesk-gone-app-'));
  const http: FetchRecord[] = [];
  let service: LocalService;
  let h: Harness;

  beforeAll(async () => {
    service = await startLocalService({
      port: 0,
      fleetSize: 5,
      tickMs: 1000,
      dataDir: serviceDir,
      tokens: FIXED_TOKENS,
    });
    h = createHarness({ dataDir: appDir, startDemo: serviceAsDemo(service), fetch: recordingFetch(http) });
  });
  afterAll(async () => {
    await h?.stop().catch(() => undefined);
    await service?.stop().catch(() => undefined);
    rmSync(serviceDir, { recursive: true, force: true });
    rmSync(appDir, { recursive: true, force: true });
  });

  it('reads "not reachable" as soon as its channels drop, not at the next background refresh', async () => {
    await h.core.start();
    await h.call('session.signInRemote', { profile: remoteProfileOf(service), token: FIXED_TOKENS.operator });
    await h.waitForPush(
      'connection.changed',
      (s) => s.service === 'online' && s.live.state === 'connected' && s.reports.state === 'connected',
    );
    // Idle: no report waits to be polled, no screen asks for anything; the next refresh is minutes away.
    expect(FLEET_REFRESH_INTERVAL_MS).toBeGreaterThanOrEqual(60_000);
    const mark = h.pushes.length;
    const requestsBefore = http.length;
    const stoppedAt = Date.now();
    await service.stop();
    const gone = await h.waitForPush('connection.changed', (s) => s.service === 'offline', 20_000, mark);
    expect(gone.feed.state).toBe('down');
    // What found the service gone: the live channel's catch-up (locations, alarms), asked when it dropped.
    const asked = http.slice(requestsBefore).filter((r) => r.at >= stoppedAt);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((r) => r.status === null)).toBe(true);
  });
});
