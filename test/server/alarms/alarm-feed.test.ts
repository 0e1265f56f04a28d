import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALARM_ACKNOWLEDGED_EVENT,
  ALARM_RAISED_EVENT,
  alarmAcknowledgeConflictBodySchema,
  alarmRaisedPayloadSchema,
  alarmResponseSchema,
  alarmSchema,
  validationErrorBodySchema,
  type Alarm,
} from '../../../src/shared/interface';
import { closePusher, collectEvents, subscribedClient } from '../../support/pusher';
import { nextFixAfter, startAlarmService, type AlarmTestService } from './alarm-service';

/** A Tuesday mid-morning in Milan: the demo fleet is out. */
const START = Date.parse('2026-03-10T09:00:00Z');
/** Longer than the slowest tracker's reporting interval (60 s): every online asset reports in it. */
const EVERY_FIX_MS = 61_000;

let t: AlarmTestService;
beforeAll(async () => {
  t = await startAlarmService(START);
});
afterAll(async () => {
  await t.service.stop();
});

const fleet = () => t.service.context.fleet;
const ofRule = (id: number) => (alarms: readonly Alarm[]) => alarms.filter((a) => a.rule_id === id);
/** low_fuel below 101 % holds at every fix: a rule that raises at the next fix, and a threshold that never does. */
const ALWAYS = 101;
const NEVER = 0;

describe('alert rules decide what is raised, from the next tick on', () => {
  it('create, edit (threshold, severity), disable and delete each change the next evaluation', async () => {
    const asset = fleet().asset(1)!;
    const created = t.now();
    const never = await t.create('/alert', {
      name: 'Never',
      kind: 'low_fuel',
      asset_id: 1,
      threshold: NEVER,
    });
    const always = await t.create('/alert', {
      name: 'Always',
      kind: 'low_fuel',
      asset_id: 1,
      threshold: ALWAYS,
      severity: 'info',
    });
    t.setClock(created + EVERY_FIX_MS);
    const first = ofRule(always)(await t.alarmsWhen((a) => ofRule(always)(a).length === 1));
    // Raised at the asset's first fix after the rule was written, not before.
    expect(first[0]).toMatchObject({
      kind: 'low_fuel',
      severity: 'info',
      asset_id: 1,
      threshold: ALWAYS,
      unit: '%',
      rule_id: always,
      raised_at: new Date(nextFixAfter(created, asset.intervalMs)).toISOString(),
      acknowledgement: null,
    });
    expect(first[0]?.value).toBeCloseTo(
      (100 * fleet().sampleAt(1, Date.parse(first[0]!.raised_at)).fuelLiters) / asset.fuelTankLiters,
      0,
    );
    // The same fixes, a threshold that does not hold: nothing from that rule.
    expect(ofRule(never)(await t.alarms())).toEqual([]);

    // An edited threshold applies from the next fix on.
    const edited = t.now();
    expect(
      (
        await t.call('PUT', `/alert/${never}`, {
          body: { name: 'Now always', kind: 'low_fuel', asset_id: 1, threshold: ALWAYS },
        })
      ).status,
    ).toBe(200);
    t.setClock(edited + EVERY_FIX_MS);
    const afterEdit = ofRule(never)(await t.alarmsWhen((a) => ofRule(never)(a).length === 1));
    expect(afterEdit[0]).toMatchObject({
      severity: 'warning',
      raised_at: new Date(nextFixAfter(edited, asset.intervalMs)).toISOString(),
    });

    // Disabled: the same edit raises nothing, while a control rule written at the same moment does.
    const disabled = t.now();
    await t.call('PUT', `/alert/${never}`, {
      body: { name: 'Off', kind: 'low_fuel', asset_id: 1, threshold: ALWAYS + 1, enabled: false },
    });
    await t.call('DELETE', `/alert/${always}`);
    const control = await t.create('/alert', {
      name: 'Control',
      kind: 'low_fuel',
      asset_id: 1,
      threshold: ALWAYS,
    });
    t.setClock(disabled + EVERY_FIX_MS);
    const seen = await t.alarmsWhen((a) => ofRule(control)(a).length === 1);
    expect(ofRule(control)(seen)[0]?.raised_at).toBe(
      new Date(nextFixAfter(disabled, asset.intervalMs)).toISOString(),
    );
    expect(ofRule(never)(seen)).toHaveLength(1);
    expect(ofRule(always)(seen)).toHaveLength(1);
  });

  it('a fleet-wide rule raises for every asset; a restricted user’s feed and live channel hold only their assets', async () => {
    const restricted = t.service.users[1]!;
    const mine = new Set(restricted.asset_ids ?? []);
    const operatorClient = await subscribedClient(t.service, t.service.users[0]!, 'live');
    const restrictedClient = await subscribedClient(t.service, restricted, 'live');
    try {
      const toOperator = collectEvents(operatorClient.channel, ALARM_RAISED_EVENT);
      const toRestricted = collectEvents(restrictedClient.channel, ALARM_RAISED_EVENT);
      const start = t.now();
      const rule = await t.create('/alert', { name: 'Everyone', kind: 'low_fuel', threshold: ALWAYS });
      const online = fleet()
        .assets.filter((a) => fleet().isOnline(a.id, start + EVERY_FIX_MS))
        .map((a) => a.id);
      t.setClock(start + EVERY_FIX_MS);

      const live = (events: unknown[]): Alarm[] =>
        events.flatMap((e) => [alarmRaisedPayloadSchema.parse(e)].flat()).filter((a) => a.rule_id === rule);
      const assetsIn = (events: unknown[]): number[] =>
        [...new Set(live(events).map((a) => a.asset_id))].sort((a, b) => a - b);
      await toOperator.waitFor(1);
      while (assetsIn(toOperator.events).length < online.length)
        await toOperator.waitFor(toOperator.events.length + 1);
      expect(assetsIn(toOperator.events)).toEqual(online);
      const theirs = online.filter((id) => mine.has(id));
      while (assetsIn(toRestricted.events).length < theirs.length)
        await toRestricted.waitFor(toRestricted.events.length + 1);
      expect(live(toRestricted.events).every((a) => mine.has(a.asset_id))).toBe(true);
      expect(assetsIn(toRestricted.events)).toEqual(theirs);

      const feed = await t.alarms('restricted');
      expect(feed.length).toBeGreaterThan(0);
      expect(feed.every((a) => mine.has(a.asset_id))).toBe(true);
      const foreign = (await t.alarms('operator')).find((a) => !mine.has(a.asset_id))!;
      expect((await t.call('GET', `/alarm/${foreign.id}`, { as: 'restricted' })).status).toBe(403);
      expect((await t.call('POST', `/alarm/${foreign.id}/acknowledge`, { as: 'restricted' })).status).toBe(
        403,
      );
      expect((await t.call('GET', `/alarm?asset_id=${foreign.asset_id}`, { as: 'restricted' })).status).toBe(
        403,
      );
      expect((await t.call('GET', '/alarm/999999', { as: 'restricted' })).status).toBe(404);
      expect((await t.call('POST', '/alarm/999999/acknowledge')).status).toBe(404);
    } finally {
      await closePusher(operatorClient.pusher);
      await closePusher(restrictedClient.pusher);
    }
  });
});

describe('acknowledgement is shared', () => {
  it('one user acknowledges with a comment, the other sees it live, and a second acknowledgement is a 409 naming the first', async () => {
    const target = (await t.alarms('restricted', '&acknowledged=false')).at(-1)!;
    const operatorClient = await subscribedClient(t.service, t.service.users[0]!, 'live');
    try {
      const acks = collectEvents(operatorClient.channel, ALARM_ACKNOWLEDGED_EVENT);
      const res = await t.call('POST', `/alarm/${target.id}/acknowledge`, {
        as: 'restricted',
        body: { comment: '  Driver called  ' },
      });
      expect(res.status, res.text).toBe(200);
      const restricted = t.service.users[1]!;
      const expected = {
        user_id: restricted.id,
        user_name: restricted.name,
        at: new Date(t.now()).toISOString(),
        comment: 'Driver called',
      };
      expect(alarmResponseSchema.parse(res.json).data).toEqual({ ...target, acknowledgement: expected });
      await acks.waitFor(1);
      expect(alarmSchema.parse(acks.events[0])).toEqual({ ...target, acknowledgement: expected });

      const twice = await t.call('POST', `/alarm/${target.id}/acknowledge`, { body: {} });
      expect(twice.status).toBe(409);
      const conflict = alarmAcknowledgeConflictBodySchema.parse(twice.json);
      expect(conflict.data.acknowledgement).toEqual(expected);
      expect(conflict.message).toContain(restricted.name);
      // Without a body at all, the second operator still gets the 409, and the first acknowledgement stays.
      expect((await t.call('POST', `/alarm/${target.id}/acknowledge`)).status).toBe(409);
      expect(
        alarmResponseSchema.parse((await t.call('GET', `/alarm/${target.id}`)).json).data.acknowledgement,
      ).toEqual(expected);
      const acknowledged = await t.alarms('operator', '&acknowledged=true');
      expect(acknowledged.map((a) => a.id)).toContain(target.id);
      expect((await t.alarms('operator', '&acknowledged=false')).map((a) => a.id)).not.toContain(target.id);
    } finally {
      await closePusher(operatorClient.pusher);
    }
  });
});

describe('the alarm feed', () => {
  it('is newest first, pages like spec 4.2 and filters by since, asset, kind and severity', async () => {
    const all = await t.alarms();
    expect(all.length).toBeGreaterThan(3);
    const first = await t.call('GET', '/alarm?per_page=2');
    const body = first.json as { data: Alarm[]; meta: { total: number; last_page: number } };
    expect(body.data.map((a) => a.id)).toEqual([all.at(-1)!.id, all.at(-2)!.id]);
    expect(body.meta).toMatchObject({ total: all.length, last_page: Math.ceil(all.length / 2) });
    const since = all[2]!.raised_at;
    expect((await t.alarms('operator', `&since=${encodeURIComponent(since)}`)).map((a) => a.id)).toEqual(
      all.filter((a) => a.raised_at >= since).map((a) => a.id),
    );
    expect((await t.alarms('operator', '&asset_id=2')).map((a) => a.id)).toEqual(
      all.filter((a) => a.asset_id === 2).map((a) => a.id),
    );
    expect((await t.alarms('operator', '&severity=info')).map((a) => a.id)).toEqual(
      all.filter((a) => a.severity === 'info').map((a) => a.id),
    );
    expect((await t.alarms('operator', '&kind=overspeed')).map((a) => a.id)).toEqual(
      all.filter((a) => a.kind === 'overspeed').map((a) => a.id),
    );
  });

  it('refuses bad query parameters, ids and bodies with spec 7’s field errors', async () => {
    const bad: [string, string][] = [
      ['/alarm?page=0', 'page'],
      ['/alarm?per_page=501', 'per_page'],
      ['/alarm?page=01', 'page'],
      ['/alarm?since=yesterday', 'since'],
      ['/alarm?asset_id=0x1', 'asset_id'],
      ['/alarm?asset_id=999', 'asset_id'],
      ['/alarm?kind=speeding', 'kind'],
      ['/alarm?severity=high', 'severity'],
      ['/alarm?acknowledged=yes', 'acknowledged'],
      ['/alarm/1e3', 'id'],
      ['/alarm/%201', 'id'],
    ];
    for (const [path, field] of bad) {
      const res = await t.call('GET', path);
      expect(res.status, path).toBe(400);
      expect(Object.keys(validationErrorBodySchema.parse(res.json).errors), path).toContain(field);
    }
    const id = (await t.alarms('operator', '&acknowledged=false'))[0]!.id;
    for (const body of [{ comment: 'x'.repeat(1001) }, { comment: 42 }, '[1]', '{"comment":']) {
      const res = await t.call('POST', `/alarm/${id}/acknowledge`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      validationErrorBodySchema.parse(res.json);
    }
    // Refused input acknowledged nothing.
    expect(
      alarmResponseSchema.parse((await t.call('GET', `/alarm/${id}`)).json).data.acknowledgement,
    ).toBeNull();
    expect((await t.call('GET', '/alarm', { as: 'nobody' })).status).toBe(401);
  });
});
