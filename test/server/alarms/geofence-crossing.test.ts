import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALARM_RAISED_EVENT, alarmRaisedPayloadSchema, type Alarm } from '../../../src/shared/interface';
import { haversineM } from '../../../src/shared/geo/geofence-geometry';
import { polygonProblem } from '../../../src/shared/geo/polygon-validity';
import { createFleet } from '../../../src/server/sim/fleet';
import type { Sample } from '../../../src/server/sim/types';
import { closePusher, collectEvents, subscribedClient } from '../../support/pusher';
import { startAlarmService, type AlarmTestService } from './alarm-service';

// Counted, not changed: how often an outline is checked for crossing itself.
vi.mock('../../../src/shared/geo/polygon-validity', { spy: true });

const FLEET_SIZE = 8;
const M_PER_DEG_LAT = 111_195;

interface Crossing {
  readonly assetId: number;
  /** Three consecutive fixes on a road: before, inside, after the geofence we draw. */
  readonly fixes: readonly [Sample, Sample, Sample];
  readonly halfSideM: number;
}

/**
 * A moment when a demo vehicle drives (the simulator is the service's own, a
 * pure function of time): three consecutive fixes at speed, far enough apart
 * that a square drawn across the road round the middle one holds only it.
 */
function findCrossing(from: number): Crossing {
  const fleet = createFleet({ seed: 1, size: FLEET_SIZE });
  for (let t = from; t < from + 12 * 3_600_000; t += 60_000) {
    for (const a of fleet.assets) {
      const iv = a.intervalMs;
      const k = Math.ceil(t / iv) * iv;
      const times = [k - iv, k, k + iv];
      if (!times.every((x) => fleet.isOnline(a.id, x))) continue;
      const [p, c, n] = times.map((x) => fleet.history(a.id, x, x)[0]);
      if (!p || !c || !n || ![p, c, n].every((s) => s.speed > 20)) continue;
      const gap = Math.min(haversineM(p.lat, p.lon, c.lat, c.lon), haversineM(c.lat, c.lon, n.lat, n.lon));
      if (gap >= 80) return { assetId: a.id, fixes: [p, c, n], halfSideM: gap / 3 };
    }
  }
  throw new Error('no vehicle of the demo fleet drives in the twelve hours searched');
}

const square = (lat: number, lon: number, halfM: number) => {
  const dLat = halfM / M_PER_DEG_LAT;
  const dLon = halfM / (M_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180));
  return [
    { latitude: lat - dLat, longitude: lon - dLon },
    { latitude: lat - dLat, longitude: lon + dLon },
    { latitude: lat + dLat, longitude: lon + dLon },
    { latitude: lat + dLat, longitude: lon - dLon },
  ];
};

const crossing = findCrossing(Date.parse('2026-03-10T07:00:00Z'));
const [before, inside, after] = crossing.fixes;

let t: AlarmTestService;
beforeAll(async () => {
  t = await startAlarmService(before.t - 1000, { fleetSize: FLEET_SIZE });
});
afterAll(async () => {
  await t.service.stop();
});

describe('a geofence drawn across a moving vehicle’s road', () => {
  it('raises enter at the fix inside it and exit at the next fix, live on the account channel', async () => {
    const { pusher, channel } = await subscribedClient(t.service, t.service.users[0]!, 'live');
    try {
      const raised = collectEvents(channel, ALARM_RAISED_EVENT);
      vi.mocked(polygonProblem).mockClear();
      const geofence = await t.create('/geofence', {
        name: 'Roadworks',
        shape: { type: 'polygon', points: square(inside.lat, inside.lon, crossing.halfSideM) },
      });
      const enter = await t.create('/alert', {
        name: 'Into the roadworks',
        kind: 'geofence_enter',
        asset_id: crossing.assetId,
        geofence_id: geofence,
      });
      const exit = await t.create('/alert', {
        name: 'Out of the roadworks',
        kind: 'geofence_exit',
        geofence_id: geofence,
      });
      const ours = (): Alarm[] =>
        raised.events
          .flatMap((e) => [alarmRaisedPayloadSchema.parse(e)].flat())
          .filter((a) => a.rule_id === enter || a.rule_id === exit);

      t.setClock(inside.t);
      while (ours().length < 1) await raised.waitFor(raised.events.length + 1);
      t.setClock(after.t);
      while (ours().length < 2) await raised.waitFor(raised.events.length + 1);

      expect(ours()).toEqual([
        expect.objectContaining({
          kind: 'geofence_enter',
          severity: 'info',
          asset_id: crossing.assetId,
          raised_at: new Date(inside.t).toISOString(),
          position: { latitude: inside.lat, longitude: inside.lon },
          geofence_id: geofence,
          rule_id: enter,
          message: 'Entered Roadworks',
        }),
        expect.objectContaining({
          kind: 'geofence_exit',
          severity: 'warning',
          raised_at: new Date(after.t).toISOString(),
          position: { latitude: after.lat, longitude: after.lon },
          rule_id: exit,
          message: 'Left Roadworks',
        }),
      ]);
      // Each crossing once: the feed holds exactly these two for the rules.
      const feed = (await t.alarms()).filter((a) => a.rule_id === enter || a.rule_id === exit);
      expect(feed.map((a) => a.id)).toEqual(ours().map((a) => a.id));
      // Checked once, when it was written; the engine read it back after these writes without
      // checking it again, which for a 10,000-point outline with overlapping edges costs a second or more.
      expect(polygonProblem).toHaveBeenCalledTimes(1);
    } finally {
      await closePusher(pusher);
    }
  });

  it('a geofence that rules use is not deleted from under them: 409 naming the rules', async () => {
    const geofences = (await t.call('GET', '/geofence')).json as { data: { id: number; name: string }[] };
    const roadworks = geofences.data.find((g) => g.name === 'Roadworks')!;
    const res = await t.call('DELETE', `/geofence/${roadworks.id}`);
    expect(res.status).toBe(409);
    expect((res.json as { rule_ids: number[] }).rule_ids).toHaveLength(2);
  });
});
