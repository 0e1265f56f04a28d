import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService, type ReadyUser } from '../../../src/server';
import { REPORT_EVENTS, reportsChannelName } from '../../../src/shared/interface';
import { closePusher, collectEvents, subscribedClient } from '../../support/pusher';

describe('publish() to a reports channel', () => {
  let service: LocalService;
  let operator: ReadyUser;
  let restricted: ReadyUser;

  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 5, tickMs: 60_000 });
    const op = service.users.find((u) => u.asset_ids === null);
    const re = service.users.find((u) => u.asset_ids !== null);
    if (!op || !re) throw new Error('the ready line lacks a user');
    operator = op;
    restricted = re;
  });
  afterAll(async () => {
    await service.stop();
  });

  it("reaches the user's pusher-js client under Laravel's broadcastAs name (no leading dot), and nobody else", async () => {
    const mine = await subscribedClient(service, operator, 'reports');
    const theirs = await subscribedClient(service, restricted, 'reports');
    try {
      const received = collectEvents(mine.channel, REPORT_EVENTS.completed);
      const dotted = collectEvents(mine.channel, `.${REPORT_EVENTS.completed}`);
      const leaked = collectEvents(theirs.channel, REPORT_EVENTS.completed);
      const payload = {
        report_id: 'f3c1f2de-8a5e-4c2b-9d3e-1a2b3c4d5e6f',
        status: 'completed',
        title: 'Trail "A" — ü',
      };
      service.context.publish(
        reportsChannelName(service.account_key, operator.id),
        REPORT_EVENTS.completed,
        payload,
      );
      const [first] = await received.waitFor(1);
      expect(first).toEqual(payload);
      // A later event on the other channel proves the first one was not merely still in flight.
      const marker = collectEvents(theirs.channel, REPORT_EVENTS.queued);
      service.context.publish(reportsChannelName(service.account_key, restricted.id), REPORT_EVENTS.queued, {
        report_id: 'x',
      });
      await marker.waitFor(1);
      expect(leaked.events).toEqual([]);
      expect(dotted.events).toEqual([]);
    } finally {
      await closePusher(mine.pusher);
      await closePusher(theirs.pusher);
    }
  });

  it('an event that cannot be serialized is not published and does not break later events', async () => {
    const mine = await subscribedClient(service, operator, 'reports');
    try {
      const received = collectEvents(mine.channel, REPORT_EVENTS.failed);
      const channel = reportsChannelName(service.account_key, operator.id);
      expect(() => service.context.publish(channel, REPORT_EVENTS.failed, { size: 10n })).not.toThrow();
      service.context.publish(channel, REPORT_EVENTS.failed, { report_id: 'after' });
      const [first] = await received.waitFor(1);
      expect(first).toEqual({ report_id: 'after' });
    } finally {
      await closePusher(mine.pusher);
    }
  });
});
