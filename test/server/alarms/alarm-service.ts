import { expect } from 'vitest';
import { z } from 'zod';
import { alarmSchema, paginationMetaSchema, type Alarm } from '../../../src/shared/interface';
import type { LocalServiceOptions } from '../../../src/server/options';
import { startFleetService, type Caller, type FleetTestService } from '../fleet/fleet-client';

/**
 * A local service whose clock the test moves by hand: the alarm engine
 * evaluates the time between its ticks, and the simulator is a pure function
 * of time, so a test names the instant and knows which fixes fall before it.
 */
export interface AlarmTestService extends FleetTestService {
  now(): number;
  setClock(t: number): void;
  /** Every alarm the caller may see, oldest first (all pages of GET /alarm). */
  alarms(as?: Caller, query?: string): Promise<Alarm[]>;
  /** Polls GET /alarm (the engine ticks every 50 ms) until `done` holds, then returns what it saw. */
  alarmsWhen(done: (alarms: readonly Alarm[]) => boolean, as?: Caller, query?: string): Promise<Alarm[]>;
  /** Creates a record, answering its id. */
  create(path: string, body: unknown, as?: Caller): Promise<number>;
}

const page = z.object({ data: z.array(alarmSchema), meta: paginationMetaSchema });
const created = z.object({ data: z.object({ id: z.int() }) });
export const ENGINE_TICK_MS = 50;
const WAIT_MS = 15_000;

export async function startAlarmService(
  clockAt: number,
  options: LocalServiceOptions = {},
): Promise<AlarmTestService> {
  let clock = clockAt;
  const t = await startFleetService({ now: () => clock, tickMs: ENGINE_TICK_MS, ...options });
  const alarms = async (as: Caller = 'operator', query = ''): Promise<Alarm[]> => {
    const out: Alarm[] = [];
    for (let p = 1; ; p++) {
      const res = await t.call('GET', `/alarm?per_page=500&page=${p}${query}`, { as });
      expect(res.status, res.text).toBe(200);
      const body = page.parse(res.json);
      out.push(...body.data);
      if (p >= body.meta.last_page) return out.reverse();
    }
  };
  return {
    ...t,
    now: () => clock,
    setClock: (at) => {
      clock = at;
    },
    alarms,
    async alarmsWhen(done, as, query) {
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const seen = await alarms(as, query);
        if (done(seen)) return seen;
        if (Date.now() > deadline)
          throw new Error(`alarms never matched; last seen: ${JSON.stringify(seen.slice(-5))}`);
        await new Promise((resolve) => setTimeout(resolve, ENGINE_TICK_MS));
      }
    },
    async create(path, body, as) {
      const res = await t.call('POST', path, { body, as });
      expect(res.status, res.text).toBe(201);
      return created.parse(res.json).data.id;
    },
  };
}

/** The tracker's first fix after t (on its reporting grid), for an asset that is online then. */
export const nextFixAfter = (t: number, intervalMs: number): number =>
  (Math.floor(t / intervalMs) + 1) * intervalMs;
