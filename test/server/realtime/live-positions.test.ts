import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../../src/server';
import {
  LOCATION_UPDATED_EVENT,
  liveUpdatePayloadSchema,
  type LiveUpdate,
} from '../../../src/shared/interface';
import { closePusher, collectEvents, subscribedClient } from '../../support/pusher';

const flatten = (payloads: unknown[]): LiveUpdate[] =>
  payloads.flatMap((p) => {
    const parsed = liveUpdatePayloadSchema.parse(p);
    return Array.isArray(parsed) ? parsed : [parsed];
  });

describe('live positions over pusher-js', () => {
  let service: LocalService;

  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 20, tickMs: 200 });
  });
  afterAll(async () => {
    await service.stop();
  });

  it('an operator subscribed to the account channel receives .location.updated arrays for the fleet', async () => {
    const operator = service.users.find((u) => u.asset_ids === null);
    if (!operator) throw new Error('no operator in the ready line');
    const { pusher, channel } = await subscribedClient(service, operator, 'live');
    try {
      const events = collectEvents(channel, LOCATION_UPDATED_EVENT);
      await events.waitFor(3);
      events.stop();
      for (const payload of events.events) expect(Array.isArray(payload)).toBe(true);
      const updates = flatten(events.events);
      const fleet = service.context.fleet;
      expect(updates.length).toBeGreaterThan(0);
      for (const u of updates) {
        const asset = fleet.asset(u.assetId);
        expect(asset?.name).toBe(u.assetName);
        expect(['moving', 'idle', 'stopped']).toContain(u.status.name);
        expect(u.status.engine).toBe(u.status.ignition);
        expect(fleet.isOnline(u.assetId, u.timestamp)).toBe(true);
        const sample = fleet.sampleAt(u.assetId, u.timestamp);
        expect(u.latitude).toBeCloseTo(sample.lat, 5);
        expect(u.longitude).toBeCloseTo(sample.lon, 5);
        expect(u.speed).toBeCloseTo(sample.speed, 0);
        expect(u.course).toBeCloseTo(sample.heading, 0);
      }
      // Every online tracker of one tick appears once in that tick.
      const firstTick = updates.filter((u) => u.timestamp === updates[0]?.timestamp);
      const online = fleet.assets.filter((a) => fleet.isOnline(a.id, updates[0]?.timestamp ?? 0));
      expect(firstTick.map((u) => u.assetId).sort((a, b) => a - b)).toEqual(online.map((a) => a.id));
    } finally {
      await closePusher(pusher);
    }
  });

  it('a restricted user on the account channel receives only the assets they may access', async () => {
    const restricted = service.users.find((u) => u.asset_ids !== null);
    if (!restricted?.asset_ids) throw new Error('no restricted user in the ready line');
    const allowed = new Set(restricted.asset_ids);
    const { pusher, channel } = await subscribedClient(service, restricted, 'live');
    try {
      const events = collectEvents(channel, LOCATION_UPDATED_EVENT);
      await events.waitFor(3);
      events.stop();
      const updates = flatten(events.events);
      expect(updates.length).toBeGreaterThan(0);
      for (const u of updates) expect(allowed.has(u.assetId)).toBe(true);
    } finally {
      await closePusher(pusher);
    }
  });
});
