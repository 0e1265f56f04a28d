import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { geofenceBodySchema, type Alarm } from '../../../src/shared/interface';
import { evaluateAsset, fixBefore, type RaisedAlarm } from '../../../src/server/alarms/alarm-evaluator';
import { activeRules, ruleBook } from '../../../src/server/alarms/alarm-rules';
import { BACKFILL_LIMIT_MS } from '../../../src/server/alarms/alarm-engine';
import { indexGeofences } from '../../../src/shared/geo/geofence-index';
import { startAlarmService, type AlarmTestService } from './alarm-service';

const HOUR = 3_600_000;
/** 05:40 in Milan on a Tuesday: the demo fleet leaves its depots in the next hour or two. */
const T0 = Date.parse('2026-03-10T04:40:00Z');
const tokens = { operator: 'operator-token-for-restarts', restricted: 'restricted-token-for-restarts' };
const dataDir = mkdtempSync(join(tmpdir(), 'fleetdesk-alarms-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const records = z.object({
  data: z.array(z.looseObject({ id: z.int(), updated_at: z.string(), created_at: z.string() })),
});

/** What one evaluation of [from, to] raises with the service's rules and geofences: the engine, without its ticks, store or restarts. */
async function evaluatedOnce(t: AlarmTestService, from: number, to: number): Promise<RaisedAlarm[]> {
  const read = async (path: string) =>
    records.parse((await t.call('GET', `/${path}?per_page=500`)).json).data;
  const rules = activeRules(
    (await read('alert')).map(({ id, created_at, updated_at, ...body }) => ({
      id,
      resource: 'alert',
      body,
      assetIds: null,
      createdBy: 1,
      createdAt: Date.parse(created_at),
      updatedAt: Date.parse(updated_at),
    })),
  );
  const geofences = (await read('geofence')).map((g) => ({ id: g.id, ...geofenceBodySchema.parse(g) }));
  const fleet = t.service.context.fleet;
  const scope = {
    fleet,
    geofences: indexGeofences(geofences),
    geofenceNames: new Map(geofences.map((g) => [g.id, g.name])),
  };
  const book = ruleBook(rules);
  return fleet.assets.flatMap(
    (a) => evaluateAsset(scope, a, book.forAsset(a.id), from, to, fixBefore(fleet, a, from - 1)).alarms,
  );
}

const key = (a: { rule_id: number | null; asset_id: number; raised_at: string }): string =>
  `${a.rule_id}/${a.asset_id}/${a.raised_at}`;
const asWire = (a: RaisedAlarm) => ({
  rule_id: a.ruleId,
  asset_id: a.assetId,
  raised_at: new Date(a.raisedAt).toISOString(),
  kind: a.kind,
  message: a.message,
  value: a.value,
});
const comparable = (alarms: readonly Alarm[]) =>
  alarms.map((a) => ({
    rule_id: a.rule_id,
    asset_id: a.asset_id,
    raised_at: a.raised_at,
    kind: a.kind,
    message: a.message,
    value: a.value,
  }));
const inOrder = <T extends { raised_at: string; rule_id: number | null; asset_id: number }>(xs: T[]): T[] =>
  [...xs].sort(
    (a, b) =>
      a.raised_at.localeCompare(b.raised_at) ||
      a.asset_id - b.asset_id ||
      (a.rule_id ?? 0) - (b.rule_id ?? 0),
  );

describe('alarms across a restart with the same data directory', () => {
  it('what happened while the service was stopped is raised when it starts again, each alarm once', async () => {
    const first = await startAlarmService(T0, { dataDir, tokens });
    const T1 = T0 + 20 * 60_000;
    let before: Alarm[];
    try {
      await first.create('/alert', { name: 'Every asset, once', kind: 'low_fuel', threshold: 101 });
      const expected = await evaluatedOnce(first, T0 + 1, T1);
      first.setClock(T1);
      before = await first.alarmsWhen((a) => a.length >= expected.length);
      expect(inOrder(comparable(before))).toEqual(inOrder(expected.map(asWire)));
    } finally {
      await first.service.stop();
    }

    // Three hours later: the morning departures from the depots happened while it was stopped.
    const T2 = T0 + 3 * HOUR;
    const second = await startAlarmService(T2, { dataDir, tokens });
    try {
      const after = await second.alarms();
      const whole = await evaluatedOnce(second, T0 + 1, T2);
      expect(inOrder(comparable(after))).toEqual(inOrder(whole.map(asWire)));
      expect(new Set(after.map(key)).size).toBe(after.length);
      // The alarms from before the stop are the same records, ids and all; the new ones follow them.
      expect(after.slice(0, before.length)).toEqual(before);
      const downtime = after.slice(before.length);
      expect(downtime.filter((a) => a.kind === 'geofence_exit').length).toBeGreaterThan(0);
      expect(downtime.every((a) => Date.parse(a.raised_at) > T1 && Date.parse(a.raised_at) <= T2)).toBe(true);
      const ids = after.map((a) => a.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    } finally {
      await second.service.stop();
    }

    // Stopped for longer than the back-fill limit: only its last 24 hours are evaluated.
    const T3 = T2 + 30 * HOUR;
    const third = await startAlarmService(T3, { dataDir, tokens });
    try {
      const all = await third.alarms();
      const late = all.filter((a) => Date.parse(a.raised_at) > T2);
      expect(late.length).toBeGreaterThan(0);
      expect(late.every((a) => Date.parse(a.raised_at) > T3 - BACKFILL_LIMIT_MS)).toBe(true);
      expect(new Set(all.map(key)).size).toBe(all.length);
    } finally {
      await third.service.stop();
    }
  }, 60_000);
});
