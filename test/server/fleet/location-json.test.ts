import { describe, expect, it } from 'vitest';
import { LocationJsonWriter } from '../../../src/server/fleet/location-json';
import { rng } from '../../../src/server/sim/random';
import type { Sample } from '../../../src/server/sim/types';
import { locationSchema } from '../../../src/shared/interface';

const sample = (over: Partial<Sample>): Sample => ({
  t: Date.UTC(2026, 2, 10, 12, 0, 0),
  lat: 45.4642,
  lon: 9.19,
  alt: 120,
  speed: 0,
  heading: 0,
  ignition: false,
  state: 'stopped',
  odometerKm: 1000,
  satellites: 9,
  fuelLiters: 40,
  temperatureC: null,
  ...over,
});

const written = (s: Sample): unknown =>
  JSON.parse(new LocationJsonWriter().location(s).toBuffer().toString('utf8'));
const round = (x: number, d: number): number => Math.round(x * 10 ** d) / 10 ** d;

describe('positions written as JSON bytes (history and location)', () => {
  it('write the same numbers and timestamps as rounding and Date#toISOString would', () => {
    const r = rng(7);
    for (let i = 0; i < 2000; i++) {
      const s = sample({
        t: Math.floor(r() * Date.UTC(2100, 0, 1)),
        lat: (r() - 0.5) * 180,
        lon: (r() - 0.5) * 360,
        alt: (r() - 0.3) * 3000,
        speed: r() * 180,
        heading: r() * 360,
        ignition: r() < 0.5,
        odometerKm: r() * 5_000_000,
        satellites: Math.floor(r() * 24),
      });
      const loc = locationSchema.parse(written(s));
      expect(loc.timestamp).toBe(new Date(s.t).toISOString());
      expect(Math.abs((loc.latitude ?? 0) - s.lat)).toBeLessThanOrEqual(5e-7 + 1e-12);
      expect(Math.abs((loc.longitude ?? 0) - s.lon)).toBeLessThanOrEqual(5e-7 + 1e-12);
      expect(Math.abs((loc.altitude ?? 0) - s.alt)).toBeLessThanOrEqual(0.05 + 1e-9);
      expect(loc.speed).toBe(round(s.speed, 1));
      expect(loc.heading).toBe(round(s.heading, 1));
      expect(Math.abs((loc.odometer ?? 0) - s.odometerKm)).toBeLessThanOrEqual(0.0005 + 1e-9);
      expect(loc.satellites).toBe(s.satellites);
      expect(loc.ignition).toBe(s.ignition);
    }
  });

  it('writes exact edge values: negatives, zero, -0, carries and values that are not numbers', () => {
    expect(
      written(sample({ lat: -33.8688, lon: -0.0000001, alt: -0, speed: 99.96, heading: 359.95 })),
    ).toMatchObject({
      latitude: -33.8688,
      longitude: 0,
      altitude: 0,
      speed: 100,
      heading: 360,
    });
    expect(written(sample({ alt: Number.NaN, speed: Number.POSITIVE_INFINITY }))).toMatchObject({
      altitude: null,
      speed: null,
    });
  });

  it('writes a repeated reading exactly as it writes each point alone', () => {
    const r = rng(11);
    const points: Sample[] = [];
    for (let i = 0; i < 300; i++) {
      const parked = r() < 0.7 && points.length > 0;
      const last = points.at(-1);
      const t = Date.UTC(2026, 0, 1) + i * 10_000 + (i === 150 ? 86_400_000 : 0);
      points.push(
        parked && last ? { ...last, t } : sample({ t, lat: 45 + r(), speed: r() * 90, ignition: r() < 0.5 }),
      );
    }
    const together = new LocationJsonWriter(1);
    const add = together.locations();
    for (const p of points) add(p);
    const alone = points
      .map((p) => new LocationJsonWriter().location(p).toBuffer().toString('utf8'))
      .join(',');
    expect(together.toBuffer().toString('utf8')).toBe(alone);
  });

  it('joins many positions into one valid array', () => {
    const w = new LocationJsonWriter(1).raw('{"data":[');
    const add = w.locations();
    for (let i = 0; i < 5000; i++) add(sample({ t: Date.UTC(2026, 0, 1) + i * 10_000, lat: 45 + i / 1e5 }));
    const parsed = JSON.parse(w.raw(']}').toBuffer().toString('utf8')) as { data: unknown[] };
    expect(parsed.data).toHaveLength(5000);
    expect(locationSchema.parse(parsed.data[4999]).timestamp).toBe(
      new Date(Date.UTC(2026, 0, 1) + 49_990_000).toISOString(),
    );
  });
});
