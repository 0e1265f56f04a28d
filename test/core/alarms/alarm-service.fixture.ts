import { z } from 'zod';
import { alarmSchema, paginationMetaSchema, type Alarm } from '../../../src/shared/interface';
import type { InboxAlarm } from '../../../src/shared/ipc/alarm-views';
import { startLocalService, type LocalService, type LocalServiceOptions } from '../../../src/server';
import { FIXED_TOKENS, type Harness } from '../app-core.harness';

/** A Tuesday mid-morning in Milan: the demo fleet is out. */
export const BUSY_MOMENT = Date.parse('2026-03-10T09:00:00Z');
/** Longer than the slowest tracker's reporting interval (60 s): every online asset reports in it. */
export const EVERY_FIX_MS = 61_000;

const page = z.object({ data: z.array(alarmSchema), meta: paginationMetaSchema });
const created = z.object({ data: z.object({ id: z.int() }) });

/**
 * The local service on a clock the test moves by hand (its alarm engine
 * evaluates the time between its 50 ms ticks), restartable on the same port
 * and data directory with the same tokens.
 */
export interface AlarmService {
  readonly service: () => LocalService;
  now(): number;
  advance(ms: number): void;
  start(): Promise<LocalService>;
  stop(): Promise<void>;
  /** Every alarm `token` may see, newest first (all pages of GET /alarm). */
  alarms(token?: string): Promise<Alarm[]>;
  /** Polls the feed (the engine ticks every 50 ms) until `done` holds. */
  alarmsWhen(done: (alarms: readonly Alarm[]) => boolean, token?: string): Promise<Alarm[]>;
  call(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; json: unknown }>;
  /**
   * A fleet-wide rule that holds at every fix (fuel below 101 %): each online asset raises it at its
   * next fix, once. Answers the rule's id.
   */
  wave(name: string): Promise<number>;
}

export function alarmService(dataDir: string, options: Partial<LocalServiceOptions> = {}): AlarmService {
  let clock = BUSY_MOMENT;
  let running: LocalService | null = null;
  let port = 0;
  const service = (): LocalService => {
    if (!running) throw new Error('the service is not running');
    return running;
  };
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    token: string = FIXED_TOKENS.operator,
  ) => {
    const s = service();
    const res = await fetch(`${s.api_url}/api/${s.account_key}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
  };
  const alarms = async (token: string = FIXED_TOKENS.operator): Promise<Alarm[]> => {
    const out: Alarm[] = [];
    for (let p = 1; ; p++) {
      const res = await call('GET', `/alarm?per_page=500&page=${p}`, undefined, token);
      if (res.status !== 200) throw new Error(`GET /alarm: ${res.status} ${JSON.stringify(res.json)}`);
      const body = page.parse(res.json);
      out.push(...body.data);
      if (p >= body.meta.last_page) return out;
    }
  };
  return {
    service,
    now: () => clock,
    advance(ms) {
      clock += ms;
    },
    async start() {
      running = await startLocalService({
        port,
        fleetSize: 20,
        tickMs: 50,
        dataDir,
        tokens: FIXED_TOKENS,
        reportWorkers: 1,
        now: () => clock,
        ...options,
      });
      port = running.port;
      return running;
    },
    async stop() {
      await running?.stop();
      running = null;
    },
    alarms,
    async alarmsWhen(done, token) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const seen = await alarms(token);
        if (done(seen)) return seen;
        if (Date.now() > deadline) throw new Error(`the feed never matched; ${seen.length} alarms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    call,
    async wave(name) {
      const res = await call('POST', '/alert', {
        name,
        kind: 'low_fuel',
        threshold: 101,
        severity: 'critical',
      });
      if (res.status !== 201) throw new Error(`POST /alert: ${res.status} ${JSON.stringify(res.json)}`);
      return created.parse(res.json).data.id;
    },
  };
}

/** Keys of the service's alarms as the inbox names them. */
export const keysOf = (alarms: readonly { id: number }[]): string[] => alarms.map((a) => `svc:${a.id}`);

/** Resolves once every key has arrived in the inbox through `alarms.raised` pushes (recorded from `after` on). */
export async function raisedInInbox(h: Harness, keys: readonly string[], after = 0): Promise<void> {
  const missing = new Set(keys);
  const take = (alarms: readonly InboxAlarm[]): boolean => {
    for (const a of alarms) missing.delete(a.key);
    return missing.size === 0;
  };
  if (missing.size === 0) return;
  await h.waitForPush('alarms.raised', (p) => take(p.alarms), 30_000, after);
}

/** The whole inbox, newest first, every page. */
export async function wholeInbox(h: Harness): Promise<InboxAlarm[]> {
  const out: InboxAlarm[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await h.call('alarms.list', { filter: { limit: 500, offset } });
    out.push(...page.alarms);
    if (out.length >= page.total || page.alarms.length === 0) return out;
  }
}
