import { describe, expect, it } from 'vitest';
import { createFleet } from '../../../src/server/sim/fleet';
import { LiveUpdateWriter, channelEventOfJsonItems } from '../../../src/server/realtime/live-update-json';
import { liveUpdatePayloadSchema } from '../../../src/shared/interface';

describe('live position JSON', () => {
  const fleet = createFleet({ seed: 7, size: 3 });
  const base = fleet.assets[0];
  if (!base) throw new Error('empty fleet');
  const t = Date.UTC(2026, 10, 23, 9, 30);

  it('writes exactly what pusher-js clients parse as spec 2.9, even for names that need escaping', () => {
    const asset = { ...base, name: 'Van "7" — Müller \\ Söhne\n' };
    const sample = fleet.sampleAt(asset.id, t);
    const json = new LiveUpdateWriter().write(asset, sample, t);
    const frame: unknown = JSON.parse(
      channelEventOfJsonItems('private-account.x', '.location.updated', [json ?? '']),
    );
    expect(frame).toMatchObject({ event: '.location.updated', channel: 'private-account.x' });
    const data = frame !== null && typeof frame === 'object' && 'data' in frame ? frame.data : undefined;
    expect(typeof data).toBe('string');
    const [update] = liveUpdatePayloadSchema.array().parse(JSON.parse(String(data)));
    expect(update).toEqual({
      assetId: asset.id,
      assetName: asset.name,
      latitude: expect.closeTo(sample.lat, 6),
      longitude: expect.closeTo(sample.lon, 6),
      speed: expect.closeTo(sample.speed, 1),
      course: expect.closeTo(sample.heading, 1),
      timestamp: t,
      status: { name: sample.state, ignition: sample.ignition, engine: sample.ignition },
    });
  });

  it('skips a sample with a non-finite number instead of sending invalid JSON', () => {
    const sample = { ...fleet.sampleAt(base.id, t), speed: Number.NaN };
    expect(new LiveUpdateWriter().write(base, sample, t)).toBeNull();
  });
});
