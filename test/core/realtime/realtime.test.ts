import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointsOfLocal, operatorOf } from '../../../src/main/demo/demo-of-service';
import { startRealtime, type Realtime, type RealtimeChannel } from '../../../src/main/core/realtime/realtime';
import type { ReportEvent } from '../../../src/main/core/realtime/report-event';
import { startLocalService, type LocalService } from '../../../src/server';
import { REPORT_EVENTS, reportsChannelName } from '../../../src/shared/interface';
import type { ChannelStatus, LivePosition } from '../../../src/shared/ipc/views';

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
  const started: Realtime[] = [];

  const start = (token: string): { rt: Realtime; rec: Recorder } => {
    const rec: Recorder = {
      statuses: [],
      batches: [],
      events: [],
      subscribed: [],
      warnings: [],
      unauthorized: 0,
    };
    const rt = startRealtime({
      endpoints: endpointsOfLocal(service),
      token,
      onLiveBatch: (b) => rec.batches.push(b),
      onReportEvent: (e) => rec.events.push(e),
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
  });
  afterAll(async () => {
    for (const rt of started) rt.stop();
    await service.stop();
  });

  it('connects both channels, says so, and delivers live positions in batches', async () => {
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
    await until('a live batch', () => rec.batches.length > 0);
    expect(rec.batches[0]!.every((p) => Number.isFinite(p.lat) && typeof p.state === 'string')).toBe(true);
  });

  it('passes report events on by their dotted names, parsed, and drops malformed ones', async () => {
    const { rt, rec } = start(operatorOf(service).token);
    await until('reports subscribed', () => rec.subscribed.includes('reports'));
    const channel = reportsChannelName(service.account_key, operatorOf(service).id);
    service.context.publish(channel, REPORT_EVENTS.failed, { report_id: 'r1' });
    service.context.publish(channel, REPORT_EVENTS.failed.slice(1), {
      report_id: 'r0',
      status: 'failed',
      type: 'trip',
      format: 'pdf',
      error_message: 'undotted: must be ignored',
    });
    service.context.publish(channel, REPORT_EVENTS.failed, {
      report_id: 'r2',
      status: 'failed',
      type: 'trip',
      format: 'pdf',
      error_message: 'No data in the date range',
    });
    await until('the good event', () => rec.events.length > 0);
    expect(rec.events).toEqual([
      {
        kind: 'failed',
        event: expect.objectContaining({ report_id: 'r2', error_message: 'No data in the date range' }),
      },
    ]);
    expect(rt.dropped().reports).toBe(1);
    expect(rec.warnings[0]).toMatch(/malformed \.report\.failed/);
  });

  it('reports a refused token as failed, in words the operator can act on, and stops', async () => {
    const { rt, rec } = start('not-a-valid-token-000000');
    await until('both refused', () => rec.unauthorized === 2);
    for (const channel of ['live', 'reports'] as const)
      expect(rt.status(channel)).toMatchObject({
        state: 'failed',
        reason: expect.stringMatching(/sign in again/),
      });
    expect(rec.subscribed).toEqual([]);
    // Stopped for good: no reconnect, no further authorization with the refused token.
    const seen = rec.statuses.length;
    await new Promise((r) => setTimeout(r, 1000));
    expect(rec.statuses.length).toBe(seen);
    expect(rec.unauthorized).toBe(2);
  });
});
