import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountChannelName, type Alarm } from '../../../src/shared/interface';
import {
  createHarness,
  FIXED_TOKENS,
  remoteProfileOf,
  serviceAsDemo,
  type Harness,
} from '../app-core.harness';
import { alarmService, EVERY_FIX_MS, keysOf, raisedInInbox, wholeInbox } from './alarm-service.fixture';

describe('the alarm inbox against the local service', { timeout: 180_000 }, () => {
  const serviceDir = mkdtempSync(join(tmpdir(), 'fleetdesk-alarms-svc-'));
  const svc = alarmService(serviceDir);
  const harnesses: Harness[] = [];
  let h: Harness;

  const open = (options: Parameters<typeof createHarness>[0]): Harness => {
    const opened = createHarness({ timing: { reportPollMs: 500, alarmSummaryDelayMs: 20 }, ...options });
    harnesses.push(opened);
    return opened;
  };
  const synced = (x: Harness): Promise<unknown> =>
    x.waitForPush('alarms.changed', (s) => s.mode === 'service' && s.lastSyncedAt !== null);

  beforeAll(async () => {
    await svc.start();
    h = open({ startDemo: serviceAsDemo(svc.service()), now: () => Date.now() });
    await h.core.start();
    await synced(h);
  });
  afterAll(async () => {
    for (const x of harnesses) await x.stop().catch(() => undefined);
    await svc.stop();
    rmSync(serviceDir, { recursive: true, force: true });
  });

  it('puts an alarm raised in the service into the inbox, pushed as it happens', async () => {
    const mark = h.pushes.length;
    const rule = await svc.wave('Live wave');
    svc.advance(EVERY_FIX_MS);
    const raised = (await svc.alarmsWhen((all) => all.filter((a) => a.rule_id === rule).length >= 10)).filter(
      (a) => a.rule_id === rule,
    );
    await raisedInInbox(h, keysOf(raised), mark);

    const live = h.pushesOf('alarms.raised').slice(-1)[0]!.payload;
    expect(live.origin).toBe('live');
    const inbox = await wholeInbox(h);
    const one = inbox.find((a) => a.key === `svc:${raised[0]!.id}`);
    expect(one).toMatchObject({
      source: 'service',
      serviceId: raised[0]!.id,
      kind: 'low_fuel',
      severity: 'critical',
      assetId: raised[0]!.asset_id,
      assetName: raised[0]!.asset_name,
      raisedAt: Date.parse(raised[0]!.raised_at),
      ruleId: rule,
      acknowledgement: null,
    });
    const summary = await h.waitForPush(
      'alarms.changed',
      (s) => s.unacknowledged === inbox.length,
      10_000,
      mark,
    );
    expect(summary.unacknowledgedBySeverity.critical).toBeGreaterThanOrEqual(raised.length);
    expect(summary.alarmedAssets.map((a) => a.assetId)).toEqual(
      expect.arrayContaining(raised.map((a) => a.asset_id)),
    );
    // The badge is the unacknowledged count; critical alarms raised a notification each (or one for many).
    expect(h.shell.badges.at(-1)).toBe(summary.unacknowledged);
    expect(h.shell.notifications.length).toBeGreaterThan(0);
    expect(h.shell.notifications.every((n) => n.severity === 'critical')).toBe(true);
  });

  it('catches up after the service was away: every alarm raised meanwhile, each exactly once', async () => {
    const rule = await svc.wave('Offline wave');
    const before = new Set(keysOf(await svc.alarms()));
    await svc.stop();
    await h.waitForPush('connection.changed', (s) => s.live.state !== 'connected');

    // Offline: acknowledgement is refused plainly, never queued.
    const open = (await h.call('alarms.list', { filter: { acknowledged: false, limit: 1 } })).alarms[0]!;
    const refused = await h.call('alarms.acknowledge', { keys: [open.key], comment: 'later' });
    expect(refused.acknowledged).toEqual([]);
    expect(refused.refused).toEqual([
      { key: open.key, code: 'offline', message: expect.stringMatching(/cannot be reached/) },
    ]);
    expect((await h.call('alarms.get', { key: open.key })).acknowledgement).toBeNull();

    // Ten minutes pass while the service is stopped; started again, it raises what happened meanwhile.
    svc.advance(10 * 60_000);
    const mark = h.pushes.length;
    await svc.start();
    const all = await svc.alarms();
    const missed = all.filter((a) => !before.has(`svc:${a.id}`));
    expect(missed.filter((a) => a.rule_id === rule).length).toBeGreaterThanOrEqual(10);

    await raisedInInbox(h, keysOf(missed), mark);
    await h.waitForPush('alarms.changed', (s) => s.mode === 'service' && s.modeReason === null, 20_000, mark);
    const inbox = await wholeInbox(h);
    expect(inbox.map((a) => a.key).sort()).toEqual(keysOf(all).sort());
    const pushed = h.pushesOf('alarms.raised').flatMap((p) => p.payload.alarms.map((a) => a.key));
    expect(new Set(pushed).size).toBe(pushed.length);
    // Nobody was connected when the restarted service raised them: the catch-up brought them.
    const caughtUp = new Set(
      h
        .pushesOf('alarms.raised')
        .filter((p) => p.payload.origin === 'catch-up')
        .flatMap((p) => p.payload.alarms.map((a) => a.key)),
    );
    expect(keysOf(missed).every((k) => caughtUp.has(k))).toBe(true);
    // Newest first, as the feed.
    expect(inbox.map((a) => a.raisedAt)).toEqual([...inbox.map((a) => a.raisedAt)].sort((x, y) => y - x));
  });

  it('shows another operator’s acknowledgement live, and counts the 409 of a second one as done', async () => {
    const other = open({ startDemo: serviceAsDemo(svc.service()) });
    await other.core.start();
    await synced(other);
    const [first, second] = (await h.call('alarms.list', { filter: { acknowledged: false, limit: 2 } }))
      .alarms;
    const mark = h.pushes.length;

    const theirs = await other.call('alarms.acknowledge', {
      keys: [first!.key],
      comment: 'Driver called, all fine',
    });
    expect(theirs.refused).toEqual([]);
    expect(theirs.acknowledged[0]?.acknowledgement).toMatchObject({
      by: 'Dana Reyes (operator)',
      comment: 'Driver called, all fine',
    });
    const seen = await h.waitForPush(
      'alarms.updated',
      (p) => p.alarms.some((a) => a.key === first!.key),
      20_000,
      mark,
    );
    expect(seen.alarms.find((a) => a.key === first!.key)?.acknowledgement?.comment).toBe(
      'Driver called, all fine',
    );

    // Acknowledged in the service behind this inbox's back (the live event is what it may miss):
    // acknowledging it here is the 409, which is that acknowledgement, not an error.
    const res = await svc.call('POST', `/alarm/${second!.serviceId}/acknowledge`, { comment: 'by phone' });
    expect(res.status).toBe(200);
    const mine = await h.call('alarms.acknowledge', { keys: [second!.key] });
    expect(mine.refused).toEqual([]);
    expect(mine.acknowledged[0]?.acknowledgement).toMatchObject({ comment: 'by phone' });
    expect((await h.call('alarms.get', { key: second!.key })).acknowledgement?.comment).toBe('by phone');
  });

  it('gives a restricted user only their assets’ alarms, live and caught up', async () => {
    const restricted = open({ startDemo: serviceAsDemo(svc.service()) });
    await restricted.core.start();
    await restricted.call('session.signInRemote', {
      profile: { ...remoteProfileOf(svc.service()), user_id: 2 },
      token: FIXED_TOKENS.restricted,
    });
    await synced(restricted);
    const theirs = new Set(svc.service().users[1]!.asset_ids);
    const mark = restricted.pushes.length;
    const operatorMark = h.pushes.length;

    const rule = await svc.wave('Restricted wave');
    svc.advance(EVERY_FIX_MS);
    const wave = (
      await svc.alarmsWhen(
        (all) => all.filter((a) => a.rule_id === rule && !theirs.has(a.asset_id)).length > 0,
      )
    ).filter((a) => a.rule_id === rule);
    const own = wave.filter((a) => theirs.has(a.asset_id));
    // The operator's inbox gets every asset's alarm of the wave; the restricted user's only theirs.
    await raisedInInbox(h, keysOf(wave), operatorMark);
    await raisedInInbox(restricted, keysOf(own), mark);
    await restricted.call('alarms.sync');

    const inbox = await wholeInbox(restricted);
    expect(inbox.length).toBeGreaterThan(0);
    expect(inbox.every((a) => theirs.has(a.assetId))).toBe(true);
    const feed: Alarm[] = await svc.alarms(FIXED_TOKENS.restricted);
    expect(inbox.map((a) => a.key).sort()).toEqual(keysOf(feed).sort());
    for (const p of restricted.pushesOf('alarms.raised'))
      expect(p.payload.alarms.filter((a) => !theirs.has(a.assetId))).toEqual([]);
  });

  it('drops a malformed alarm event and goes on with the next one', async () => {
    const s = svc.service();
    const channel = accountChannelName(s.account_key);
    const [sample] = await svc.alarms();
    const mark = h.pushes.length;
    s.context.publish(channel, 'alarm.raised', [{ id: 'seven', kind: 'meltdown' }]);
    s.context.publish(channel, 'alarm.acknowledged', { ...sample, acknowledgement: { user_id: 1 } });
    const good = { ...sample!, id: 900_001, acknowledgement: null };
    s.context.publish(channel, 'alarm.raised', [good]);
    await raisedInInbox(h, ['svc:900001'], mark);
    expect(
      h.warnings.filter((w) => /Dropped a malformed \.?alarm\.(raised|acknowledged) payload/.test(w)),
    ).toHaveLength(2);
    const raised = h
      .pushesOf('alarms.raised')
      .slice(-1)[0]!
      .payload.alarms.map((a) => a.key);
    expect(raised).toEqual(['svc:900001']);

    // The service never raised 900001: the next catch-up finds it gone and takes it out.
    await h.call('alarms.sync');
    await expect(h.call('alarms.get', { key: 'svc:900001' })).rejects.toThrow(/not in the inbox/);
  });
});
