import { describe, expect, it } from 'vitest';
import { findIdle, findStops } from '../../../src/renderer/src/features/history/stop-detection';
import { haversineKm, summariseHistory } from '../../../src/renderer/src/features/history/history-summary';
import { sampleAt } from '../../../src/renderer/src/features/history/track-sample';
import { columns, morning, T0 } from './history-fixture';

const MIN = 60_000;

describe('stop detection', () => {
  it('marks standing still for two minutes or more as a stop, lasting until the asset moves again', () => {
    const stops = findStops(morning());
    expect(stops.map((s) => [s.start - T0, s.durationMs])).toEqual([
      [10 * MIN, 5 * MIN],
      [20 * MIN, 20 * MIN],
    ]);
  });

  it('ignores a pause shorter than two minutes (a red light)', () => {
    const cols = columns([
      { t: T0, lat: 51, lon: 4, speed: 40 },
      { t: T0 + 30_000, lat: 51, lon: 4.001, speed: 0 },
      { t: T0 + 90_000, lat: 51, lon: 4.001, speed: 0 },
      { t: T0 + 110_000, lat: 51, lon: 4.002, speed: 30 },
    ]);
    expect(findStops(cols)).toEqual([]);
  });

  it('does not count an unknown speed as standing still', () => {
    const cols = columns([
      { t: T0, lat: 51, lon: 4, speed: NaN, ignition: 255 },
      { t: T0 + 10 * MIN, lat: 51, lon: 4, speed: NaN, ignition: 255 },
    ]);
    expect(findStops(cols)).toEqual([]);
  });

  it('treats ignition off as idle for skipping even when a speed is reported', () => {
    const cols = columns([
      { t: T0, lat: 51, lon: 4, speed: 3, ignition: 0 },
      { t: T0 + 5 * MIN, lat: 51, lon: 4, speed: 2, ignition: 0 },
      { t: T0 + 6 * MIN, lat: 51, lon: 4.01, speed: 50, ignition: 1 },
    ]);
    expect(findStops(cols)).toEqual([]);
    expect(findIdle(cols).map((s) => s.durationMs)).toEqual([6 * MIN]);
  });
});

describe('history summary', () => {
  it('takes the distance from the odometer and splits moving from stopped time', () => {
    const s = summariseHistory(morning());
    expect(s.distanceSource).toBe('odometer');
    expect(s.distanceKm).toBe(15);
    expect(s.movingMs).toBe(15 * MIN);
    expect(s.stoppedMs).toBe(25 * MIN);
    expect(s.maxSpeed).toBe(60);
    expect(s.avgMovingSpeed).toBe(60);
  });

  it('falls back to great-circle distance when the odometer is missing or runs backwards', () => {
    const noOdo = columns([
      { t: T0, lat: 51, lon: 4, speed: 50 },
      { t: T0 + MIN, lat: 51.01, lon: 4, speed: 50 },
    ]);
    const s = summariseHistory(noOdo);
    expect(s.distanceSource).toBe('gps');
    expect(s.distanceKm).toBeCloseTo(haversineKm(51, 4, 51.01, 4), 9);
    expect(s.distanceKm).toBeCloseTo(1.112, 3);

    const reset = columns([
      { t: T0, lat: 51, lon: 4, speed: 50, odometer: 500 },
      { t: T0 + MIN, lat: 51.01, lon: 4, speed: 50, odometer: 2 },
    ]);
    expect(summariseHistory(reset).distanceSource).toBe('gps');
  });

  it('says nothing about an empty range', () => {
    const s = summariseHistory(columns([]));
    expect(s).toMatchObject({
      points: 0,
      distanceKm: 0,
      distanceSource: 'none',
      maxSpeed: null,
      avgMovingSpeed: null,
    });
  });
});

describe('replay position', () => {
  it('interpolates between fixes rather than jumping from one to the next', () => {
    const cols = columns([
      { t: T0, lat: 51, lon: 4, speed: 40, heading: 350, odometer: 100 },
      { t: T0 + 10_000, lat: 51.001, lon: 4.002, speed: 60, heading: 10, odometer: 100.2 },
    ]);
    const half = sampleAt(cols, T0 + 5000);
    expect(half).not.toBeNull();
    expect(half!.lat).toBeCloseTo(51.0005, 9);
    expect(half!.lon).toBeCloseTo(4.001, 9);
    expect(half!.speed).toBeCloseTo(50, 5);
    expect(half!.heading).toBeCloseTo(0, 5);
    expect(half!.odometer).toBeCloseTo(100.1, 6);
    expect(sampleAt(cols, T0 + 60_000)!.lat).toBe(51.001);
    expect(sampleAt(columns([]), T0)).toBeNull();
  });
});
