import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointsOfLocal, operatorOf } from '../../../src/main/demo/demo-of-service';
import { startRealtime, type Realtime, type RealtimeChannel } from '../../../src/main/core/realtime/realtime';
import type { ReportEvent } from '../../../src/main/core/realtime/report-event';
import type { ServiceEndpoints } from '../../../src/main/core/session/service-endpoints';
import { startLocalService, type LocalService } from '../../../src/server';
import { accountChannelName, reportsChannelName, type LiveUpdate } from '../../../src/shared/interface';
import type { ChannelStatus, LivePosition } from '../../../src/shared/ipc/views';
import { startCountingProxy, type CountingProxy } from '../counting-proxy';
import { pusherClientsWith } from '../pusher-clients';

interface Recorder {
  readonly statuses: { channel: RealtimeChannel; status: ChannelStatus }[];
  readonly batches: LivePosition[][];
  readonly events: ReportEvent[];
  readonly subscribed: RealtimeChannel[];
  readonly warnings: string[];
  unauthorized: number;
}

const until = async (what: string, ok: () => boolean, timeoutMs = 10_000): Promise<void> => {
  const end = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('realtime: two pusher-js clients against the local service', () => {
  let service: LocalService;
  let proxy: CountingProxy;
  const started: Realtime[] = [];

  /** The service's addresses, or the same through the counting proxy. */
  const endpoints = (via: 'direct' | 'proxy'): ServiceEndpoints =>
    via === 'direct' ? endpointsOfLocal(service) : proxy.via(endpointsOfLocal(service));

  const start = (
    token: string,
    via: 'direct' | 'proxy' = 'direct',
    onReportEvent?: (e: ReportEvent) => void,
  ): { rt: Realtime; rec: Recorder } => {
    const rec: Recorder = {
      statuses: [],
      batches: [],
      events: [],
      subscribed: [],
      warnings: [],
      unauthorized: 0,
    };
    const rt = startRealtime({
      endpoints: endpoints(via),
      token: () => token,
      onLivePositions: (b) => rec.batches.push(b),
      onReportEvent: (e) => {
        onReportEvent?.(e);
        rec.events.push(e);
      },
      onStatus: (channel, status) => rec.statuses.push({ channel, status }),
      onSubscribed: (channel) => rec.subscribed.push(channel),
      onUnauthorized: () => rec.unauthorized++,
      log: { warn: (m) => rec.warnings.push(m) },
    });
    started.push(rt);
    return { rt, rec };
  };

  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 10, tickMs: 200 });
    proxy = await startCountingProxy(service.port);
  });
  afterAll(async () => {
    for (const rt of started) rt.stop();
    await proxy.close();
    await service.stop();
  });

  it('connects both channels, says so, and delivers live positions as they arrive', async () => {
    const { rt, rec } = start(operatorOf(service).token);
    await until(
      'both subscribed',
      () => rec.subscribed.includes('live') && rec.subscribed.includes('reports'),
    );
    expect(rt.status('live')).toMatchObject({ state: 'connected', reason: null });
    expect(rt.status('reports')).toMatchObject({ state: 'connected', reason: null });
    expect(rec.statuses.filter((s) => s.channel === 'live').map((s) => s.status.state)).toEqual([
      'connecting',
      'connected',
    ]);
    await until('a live update', () => rec.batches.length > 0);
    expect(rec.batches[0]!.every((p) => Number.isFinite(p.lat) && typeof p.state === 'string')).toBe(true);
  });

  it('takes report events under both spellings of their names, parsed, and drops malformed ones', async () => {
    const { rt, rec } = start(operatorOf(service).token);
    await until('reports subscribed', () => rec.subscribed.includes('reports'));
    const channel = reportsChannelName(service.account_key, operatorOf(service).id);
    const failed = (report_id: string, error_message: string) => ({
      report_id,
      status: 'failed',
      type: 'trip',
      format: 'pdf',
      error_message,
    });
    service.context.publish(channel, '.report.failed', { report_id: 'r1' });
    // As a Laravel service's broadcastAs() names it (Echo binds it with .listen('.report.failed')).
    service.context.publish(channel, 'report.failed', failed('r2', 'broadcastAs spelling'));
    // As spec 6.1 writes it.
    service.context.publish(channel, '.report.failed', failed('r3', 'No data in the date range'));
    service.context.publish(channel, 'report.failedx', failed('r4', 'another event: ignored'));
    service.context.publish(channel, 'report.completed', { ...failed('r5', ''), status: 'completed' });
    // Order is kept per connection: the last event's drop comes after everything above.
    await until('the last malformed event', () => rt.dropped().reports === 2);
    expect(rec.events).toEqual([
      {
        kind: 'failed',
        event: expect.objectContaining({ report_id: 'r2', error_message: 'broadcastAs spelling' }),
      },
      {
        kind: 'failed',
        event: expect.objectContaining({ report_id: 'r3', error_message: 'No data in the date range' }),
      },
    ]);
    expect(rec.warnings).toEqual([
      expect.stringMatching(/malformed \.report\.failed payload/),
      expect.stringMatching(/malformed report\.completed payload/),
    ]);
  });

  it("survives a report event its taker fails on (the cache's disk full), and takes the next one", async () => {
    const { rec } = start(operatorOf(service).token, 'direct', (e) => {
      if (e.event.report_id === 'full') throw new Error('database or disk is full');
    });
    await until('reports subscribed', () => rec.subscribed.includes('reports'));
    const channel = reportsChannelName(service.account_key, operatorOf(service).id);
    const failed = (report_id: string) => ({
      report_id,
      status: 'failed',
      type: 'trip',
      format: 'pdf',
      error_message: 'No data',
    });
    service.context.publish(channel, 'report.failed', failed('full'));
    service.context.publish(channel, 'report.failed', failed('next'));
    await until('the next event', () => rec.events.length === 1);
    expect(rec.events[0]?.event.report_id).toBe('next');
    expect(rec.warnings).toEqual(['A report.failed event could not be taken: database or disk is full']);
  });

  it('takes live updates under both spellings of location.updated', async () => {
    const { rec } = start(operatorOf(service).token);
    await until('live subscribed', () => rec.subscribed.includes('live'));
    const update = (assetId: number): LiveUpdate => ({
      assetId,
      assetName: `Probe ${assetId}`,
      latitude: 45,
      longitude: 9,
      speed: 0,
      course: 0,
      timestamp: Date.now(),
      status: { name: 'stopped', ignition: false, engine: false },
    });
    const channel = accountChannelName(service.account_key);
    service.context.publish(channel, 'location.updated', update(9001));
    service.context.publish(channel, '.location.updated', [update(9002)]);
    const probes = (): number[] => rec.batches.flat().flatMap((p) => (p.assetId > 9000 ? [p.assetId] : []));
    await until('both probes', () => probes().length === 2);
    expect(probes()).toEqual([9001, 9002]);
  });

  it('reports a refused token as failed, in words the operator can act on, and stops', async () => {
    const refused = 'not-a-valid-token-000000';
    const { rt, rec } = start(refused, 'proxy');
    await until('both refused', () => rec.unauthorized === 2);
    for (const channel of ['live', 'reports'] as const)
      expect(rt.status(channel)).toMatchObject({
        state: 'failed',
        reason: expect.stringMatching(/sign in again/),
      });
    expect(rec.subscribed).toEqual([]);
    // Stopped for good: each client closed its socket and is "disconnected", the one state
    // pusher-js never leaves by itself (it reconnects only from "connecting" or "connected").
    await until('both sockets closed', () => proxy.openWebSockets() === 0);
    const clients = pusherClientsWith(refused);
    expect(clients.map((c) => c.connection.state)).toEqual(['disconnected', 'disconnected']);
    expect(proxy.authRequests()).toBe(2);
  });

  it('lets go of its pusher-js clients once stopped, so signing in again and again does not pile them up', async () => {
    const token = operatorOf(service).token;
    const before = Pusher.instances.length;
    for (let round = 0; round < 3; round++) {
      const { rt, rec } = start(token);
      await until('both subscribed', () => rec.subscribed.length === 2);
      expect(Pusher.instances.length).toBe(before + 2);
      rt.stop();
      expect(Pusher.instances.length).toBe(before);
    }
  });
});
