import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { createAppCore } from '../../src/main/core/app-core';
import { signInAsDemoOperator } from '../../src/main/demo/demo-sign-in';
import type { ShellServices } from '../../src/main/core/ipc-handlers';
import { createMemorySecretStore } from '../../src/main/core/session/secret-store';
import { ALARM_RAISED_EVENT } from '../../src/shared/interface';
import type { IpcEvent, IpcEvents } from '../../src/shared/ipc/contract';
import { LatencyStats } from '../support/latency-stats';
import { liveChannelClient } from '../support/live-channel-client';
import { readyLineSchema, type ReadyLine } from '../soak/protocol';

/**
 * Raised in the service → in the inbox: the time from the local service's
 * publish of `alarm.raised` to the core's `alarms.raised` push to the
 * renderer (pusher-js, zod, the SQLite inbox, the push), with 10,000 live
 * assets on the same channel. Target p95 < 300 ms (docs/architecture.md
 * "Alarms"). Baseline in the same run: a bare pusher-js client on the same
 * channel that only JSON-decodes the event.
 *
 * Two loads: a steady stream (the demo's own rules, plus a new one-asset rule
 * every 250 ms, each raising at its asset's next fix), then a burst (one
 * fleet-wide rule that every online asset meets at its next fix: thousands of
 * alarms within a minute).
 */
const ASSETS = 10_000;
const BUSY_MOMENT = '2026-03-10T09:00:00Z';
const WARMUP_MS = 20_000;
const MEASURE_MS = 40_000;
const RULE_EVERY_MS = 250;
const BURST_MS = 70_000;
const isRaised = (event: IpcEvent, _payload: unknown): _payload is IpcEvents['alarms.raised'] =>
  event === 'alarms.raised';

const publishedSchema = z.object({ event: z.literal('published'), ids: z.array(z.int()), at: z.number() });

export interface LoadFigures {
  readonly alarms: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  readonly baselineAlarms: number;
  readonly baselineP50: number;
  readonly baselineP95: number;
}

export interface RaisedFigures {
  readonly steady: LoadFigures;
  readonly burst: LoadFigures;
}

/** When each alarm was published, by id; the arrivals waiting for a publish line not read yet. */
class Timings {
  private readonly published = new Map<number, number>();
  private readonly early = new Map<number, number>();
  constructor(private readonly stats: () => LatencyStats | null) {}
  publish(ids: readonly number[], at: number): void {
    for (const id of ids) {
      const arrived = this.early.get(id);
      if (arrived === undefined) this.published.set(id, at);
      else {
        this.early.delete(id);
        this.stats()?.add(arrived - at, 1);
      }
    }
  }
  arrive(id: number, at: number): void {
    const sent = this.published.get(id);
    if (sent === undefined) this.early.set(id, at);
    else this.stats()?.add(at - sent, 1);
  }
}

async function startService(): Promise<{
  child: ChildProcess;
  ready: ReadyLine;
  onPublished: (f: (ids: number[], at: number) => void) => void;
}> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/alarms/service-process.ts', String(ASSETS), BUSY_MOMENT],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const listeners: ((ids: number[], at: number) => void)[] = [];
  const lines = createInterface({ input: child.stdout! });
  const ready = new Promise<ReadyLine>((resolve, reject) => {
    lines.on('line', (line) => {
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        return;
      }
      const r = readyLineSchema.safeParse(json);
      if (r.success) return resolve(r.data);
      const p = publishedSchema.safeParse(json);
      if (p.success) for (const l of listeners) l(p.data.ids, p.data.at);
    });
    child.on('exit', () => reject(new Error('the local service exited before its ready line')));
  });
  return { child, ready: await ready, onPublished: (f) => listeners.push(f) };
}

export async function raisedToInbox(log: (line: string) => void): Promise<RaisedFigures> {
  const { child, ready, onPublished } = await startService();
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetdesk-alarms-bench-'));
  let coreStats: LatencyStats | null = null;
  let baseStats: LatencyStats | null = null;
  const core = new Timings(() => coreStats);
  const base = new Timings(() => baseStats);
  onPublished((ids, at) => {
    core.publish(ids, at);
    base.publish(ids, at);
  });
  const user = ready.users[0]!;
  const noShell: ShellServices = {
    chooseSavePath: async () => null,
    openPath: async () => undefined,
    showInFolder: async () => undefined,
    openExternal: async () => undefined,
    copyText: async () => undefined,
    notify: () => undefined,
    setBadgeCount: () => undefined,
  };
  const app = createAppCore({
    dataDir,
    secretStore: createMemorySecretStore(),
    shell: noShell,
    log: { warn: (m) => log(`  core: ${m}`) },
    // The core signs in as the app's Demo does: OAuth through the service's pages (src/main/demo).
    startDemo: async () => ({
      address: ready.base_url,
      endpoints: { ...ready, user_id: user.id },
      operator: { id: user.id, name: user.name },
      signIn: (url) => signInAsDemoOperator(url, user),
      stop: async () => undefined,
    }),
    push: (event, payload) => {
      if (!isRaised(event, payload)) return;
      const now = Date.now();
      for (const a of payload.alarms) if (a.serviceId !== null) core.arrive(a.serviceId, now);
    },
  });
  // The baseline: what pusher-js alone costs on the same channel, in this process.
  const { pusher, channel } = liveChannelClient(ready, user.token);
  channel.bind(ALARM_RAISED_EVENT, (data: unknown) => {
    const now = Date.now();
    for (const a of Array.isArray(data) ? data : [data])
      if (typeof a === 'object' && a !== null && 'id' in a && typeof a.id === 'number')
        base.arrive(a.id, now);
  });
  const api = `${ready.api_url}/api/${ready.account_key}`;
  const writeRule = async (body: unknown): Promise<void> => {
    const res = await fetch(`${api}/alert`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${user.token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`POST /alert answered ${res.status}: ${await res.text()}`);
  };
  const phase = async (ms: number, during: () => Promise<void>): Promise<LoadFigures> => {
    coreStats = new LatencyStats();
    baseStats = new LatencyStats();
    const c = coreStats;
    const b = baseStats;
    await Promise.all([sleep(ms), during()]);
    coreStats = null;
    baseStats = null;
    return {
      alarms: c.count,
      p50: c.percentile(50),
      p95: c.percentile(95),
      p99: c.percentile(99),
      max: c.percentile(100),
      baselineAlarms: b.count,
      baselineP50: b.percentile(50),
      baselineP95: b.percentile(95),
    };
  };
  try {
    await app.start();
    log(`  warming up ${WARMUP_MS / 1000} s (first sign-in: 10,000 locations, the inbox's first catch-up)…`);
    await sleep(WARMUP_MS);
    log(`  steady: ${MEASURE_MS / 1000} s, the demo's rules and a one-asset rule every ${RULE_EVERY_MS} ms…`);
    const steady = await phase(MEASURE_MS, async () => {
      // Rules for the second half of the fleet, one asset each: raised at that asset's next fix.
      for (let i = 0, t0 = Date.now(); Date.now() - t0 < MEASURE_MS - 5_000; i++) {
        await writeRule({
          name: `Bench ${i}`,
          kind: 'low_fuel',
          threshold: 101,
          asset_id: ASSETS / 2 + i + 1,
        });
        await sleep(RULE_EVERY_MS);
      }
    });
    log(`  burst: one fleet-wide rule, ${BURST_MS / 1000} s…`);
    const burst = await phase(BURST_MS, () =>
      writeRule({ name: 'Bench burst', kind: 'low_fuel', threshold: 101 }),
    );
    return { steady, burst };
  } finally {
    pusher.disconnect();
    await app.stop();
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
