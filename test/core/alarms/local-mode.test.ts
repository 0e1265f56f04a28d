import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServiceOf } from '../../../src/main/demo/demo-of-service';
import { haversineM } from '../../../src/shared/geo/geofence-geometry';
import { createHarness, type Harness } from '../app-core.harness';
import { alarmService, EVERY_FIX_MS } from './alarm-service.fixture';
import { feedlessFetch } from './feedless-fetch';

/**
 * A service without the alarm extension (404 on /alarm and /geofence): the
 * real local service, its routes refused by the core's fetch (feedless-fetch.ts), with its
 * own alert rules deleted so it raises nothing itself. Positions, the live
 * channel and assets are the real service's.
 */
describe('local mode: a service without the alarm feed', { timeout: 120_000 }, () => {
  const serviceDir = mkdtempSync(join(tmpdir(), 'fleetdesk-local-svc-'));
  const appDir = mkdtempSync(join(tmpdir(), 'fleetdesk-local-app-'));
  const svc = alarmService(serviceDir);
  const feedless = feedlessFetch();
  const harnesses: Harness[] = [];
  const open = (): Harness => {
    const s = svc.service();
    const h = createHarness({
      dataDir: appDir,
      keepDir: true,
      startDemo: async () => demoServiceOf(s, async () => undefined),
      fetch: feedless.fetch,
      timing: { reportPollMs: 500, alarmSummaryDelayMs: 20 },
    });
    harnesses.push(h);
    return h;
  };
  let h: Harness;

  beforeAll(async () => {
    await svc.start();
    const rules = (await svc.call('GET', '/alert?per_page=500')).json as { data: { id: number }[] };
    for (const r of rules.data) expect((await svc.call('DELETE', `/alert/${r.id}`)).status).toBe(204);
    h = open();
    await h.core.start();
  });
  afterAll(async () => {
    for (const x of harnesses) await x.stop().catch(() => undefined);
    await svc.stop();
    rmSync(serviceDir, { recursive: true, force: true });
    rmSync(appDir, { recursive: true, force: true });
  });

  it('says plainly that alarms are raised on this computer', async () => {
    const summary = await h.waitForPush('alarms.changed', (s) => s.mode === 'local');
    expect(summary.modeReason).toMatch(/no alarm feed.*404.*this computer/s);
    expect(feedless.refused.some((r) => r.startsWith('GET /api/fleetdesk-demo/alarm'))).toBe(true);
  });

  it('keeps geofences and enter/exit rules on this computer, checked as the service would', async () => {
    await expect(
      h.call('alertRules.create', { rule: { name: 'Fast', kind: 'overspeed', threshold: 80 } }),
    ).rejects.toMatchObject({
      kind: 'validation',
      errors: { kind: [expect.stringMatching(/geofences only/)] },
    });
    await expect(
      h.call('alertRules.create', { rule: { name: 'Nowhere', kind: 'geofence_exit', geofence_id: 99 } }),
    ).rejects.toMatchObject({ kind: 'validation', errors: { geofence_id: ['unknown geofence 99'] } });
    await expect(
      h.call('geofences.create', {
        geofence: {
          name: 'Bow tie',
          shape: {
            type: 'polygon',
            points: [
              { latitude: 45, longitude: 9 },
              { latitude: 45.01, longitude: 9.01 },
              { latitude: 45, longitude: 9.01 },
              { latitude: 45.01, longitude: 9 },
            ],
          },
        },
      }),
    ).rejects.toMatchObject({
      kind: 'validation',
      errors: { 'shape.points': [expect.stringMatching(/crosses itself/)] },
    });
  });

  it('raises geofence exit and enter from the live positions, with the same inbox and attention', async () => {
    const fleet = svc.service().context.fleet;
    const snapshot = await h.call('fleet.refresh');
    const t0 = svc.now();
    const t1 = t0 + EVERY_FIX_MS;
    // A vehicle on the move now and a minute later, far from where it was.
    const asset = snapshot.assets.find((a) => {
      if (!fleet.isOnline(a.id, t0) || !fleet.isOnline(a.id, t1)) return false;
      const [s0, s1] = [fleet.sampleAt(a.id, t0), fleet.sampleAt(a.id, t1)];
      return s1.speed > 15 && haversineM(s0.lat, s0.lon, s1.lat, s1.lon) > 500;
    });
    if (!asset) throw new Error('no vehicle of the demo fleet is driving at the test moment');
    const [s0, s1] = [fleet.sampleAt(asset.id, t0), fleet.sampleAt(asset.id, t1)];
    const circle = (lat: number, lon: number) => ({
      type: 'circle' as const,
      center: { latitude: lat, longitude: lon },
      radius_m: 150,
    });
    const here = await h.call('geofences.create', {
      geofence: { name: 'Here', shape: circle(s0.lat, s0.lon) },
    });
    const ahead = await h.call('geofences.create', {
      geofence: { name: 'Ahead', shape: circle(s1.lat, s1.lon) },
    });
    expect(here).toMatchObject({ source: 'local', color: '#2f80ed' });
    const exitRule = await h.call('alertRules.create', {
      rule: { name: 'Leaves Here', kind: 'geofence_exit', geofence_id: here.id, asset_id: asset.id },
    });
    const enterRule = await h.call('alertRules.create', {
      rule: { name: 'Reaches Ahead', kind: 'geofence_enter', geofence_id: ahead.id, severity: 'critical' },
    });
    expect(enterRule.source).toBe('local');
    // Where the vehicle's newest fix is when the rules are written is the baseline, not a crossing.
    expect(
      (await h.call('alarms.list', { filter: { kinds: ['geofence_enter', 'geofence_exit'] } })).total,
    ).toBe(0);

    const mark = h.pushes.length;
    svc.advance(t1 - t0);
    const crossed = new Map<string, unknown>();
    await h.waitForPush(
      'alarms.raised',
      (p) => {
        for (const a of p.alarms) if (a.assetId === asset.id) crossed.set(a.kind, a);
        return crossed.has('geofence_exit') && crossed.has('geofence_enter');
      },
      20_000,
      mark,
    );
    expect(crossed.get('geofence_exit')).toMatchObject({
      source: 'local',
      serviceId: null,
      severity: 'warning',
      assetName: asset.name,
      ruleId: exitRule.id,
      geofenceId: here.id,
      message: `${asset.name} left Here`,
      key: expect.stringMatching(/^local:/),
    });
    expect(crossed.get('geofence_enter')).toMatchObject({
      severity: 'critical',
      geofenceId: ahead.id,
      ruleId: enterRule.id,
    });
    expect(h.pushesOf('alarms.raised').slice(-1)[0]?.payload.origin).toBe('local');
    expect(h.shell.notifications).toContainEqual({
      title: `Critical alarm: ${asset.name}`,
      body: `${asset.name} entered Ahead`,
      severity: 'critical',
    });
    const summary = await h.waitForPush('alarms.changed', (s) => s.unacknowledged >= 2, 10_000, mark);
    expect(summary.mode).toBe('local');
    expect(h.shell.badges.at(-1)).toBe(summary.unacknowledged);
  });

  it('raises overspeed over the Settings’ limit, once per episode', async () => {
    const fleet = svc.service().context.fleet;
    await h.call('settings.set', { localSpeedKmh: 10 });
    const mark = h.pushes.length;
    svc.advance(EVERY_FIX_MS);
    const t2 = svc.now();
    const raised = await h.waitForPush(
      'alarms.raised',
      (p) => p.alarms.some((a) => a.kind === 'overspeed'),
      20_000,
      mark,
    );
    const fast = raised.alarms.filter((a) => a.kind === 'overspeed');
    expect(fast.every((a) => a.threshold === 10 && (a.value ?? 0) > 10 && a.unit === 'km/h')).toBe(true);

    // A minute later: a vehicle still over the limit raises nothing more.
    const next = h.pushes.length;
    svc.advance(EVERY_FIX_MS);
    const t3 = svc.now();
    await h.waitForPush('live.positions', (p) => p.positions.some((x) => x.t >= t3), 20_000, next);
    const stillFast = (await h.call('fleet.snapshot')).assets
      .map((a) => a.id)
      .filter(
        (id) =>
          fleet.isOnline(id, t2) &&
          fleet.isOnline(id, t3) &&
          fleet.sampleAt(id, t2).speed > 10 &&
          fleet.sampleAt(id, t3).speed > 10,
      );
    expect(stillFast.length).toBeGreaterThan(0);
    const all = (await h.call('alarms.list', { filter: { kinds: ['overspeed'], assetIds: stillFast } }))
      .alarms;
    expect(all.map((a) => a.assetId).sort()).toEqual([...stillFast].sort());
  });

  it('acknowledges a local alarm on this computer, and keeps the inbox across a restart', async () => {
    const [first] = (await h.call('alarms.list', { filter: { acknowledged: false, limit: 1 } })).alarms;
    const mark = h.pushes.length;
    const res = await h.call('alarms.acknowledge', { keys: [first!.key], comment: 'Seen' });
    expect(res).toMatchObject({
      refused: [],
      acknowledged: [{ key: first!.key, acknowledgement: { comment: 'Seen' } }],
    });
    await h.waitForPush('alarms.updated', (p) => p.alarms.some((a) => a.key === first!.key), 10_000, mark);
    const before = await h.call('alarms.list', { filter: { limit: 500 } });
    const geofences = await h.call('geofences.list');
    await h.stop();

    const again = open();
    await again.core.start();
    await again.waitForPush('alarms.changed', (s) => s.mode === 'local');
    // Every alarm of before the restart, acknowledgement included; the live feed may have raised more since,
    // which list first (newest first), so the old ones are looked for in the whole inbox.
    expect((await again.call('alarms.list', { filter: { limit: 500 } })).alarms).toEqual(
      expect.arrayContaining([...before.alarms]),
    );
    expect(await again.call('geofences.list')).toEqual(geofences);
    expect(geofences.every((g) => g.source === 'local')).toBe(true);
  });
});
