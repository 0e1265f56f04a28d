import { beforeAll, describe, expect, it } from 'vitest';
import { distanceKm } from '../../../src/server/sim/city';
import { createFleet } from '../../../src/server/sim/fleet';
import type {
  Alarm,
  BeaconDetection,
  FuelEvent,
  HarshEvent,
  ObdReading,
} from '../../../src/server/sim/types';

const DAY = 86_400_000;
// A week from Monday 16 November 2026, 00:00 in Milan.
const START = Date.UTC(2026, 10, 15, 23);
const END = START + 7 * DAY - 1;
const fleet = createFleet({ seed: 42, size: 50 });

const harsh = new Map<number, HarshEvent[]>();
const fuel = new Map<number, FuelEvent[]>();
const alarms = new Map<number, Alarm[]>();
beforeAll(() => {
  for (const a of fleet.assets) {
    harsh.set(a.id, fleet.harshEvents(a.id, START, END));
    fuel.set(a.id, fleet.fuelEvents(a.id, START, END));
    alarms.set(a.id, fleet.alarms(a.id, START, END));
  }
});

const all = <T>(m: Map<number, T[]>): T[] => [...m.values()].flat();
const sorted = (ts: number[]): boolean => ts.every((t, i) => i === 0 || t >= ts[i - 1]!);

describe('events of the simulated fleet over a week', () => {
  it('records harsh braking, acceleration and cornering where the vehicle is really driving', () => {
    const events = all(harsh);
    expect(new Set(events.map((e) => e.kind))).toEqual(new Set(['braking', 'acceleration', 'cornering']));
    for (const [id, list] of harsh) {
      expect(sorted(list.map((e) => e.t))).toBe(true);
      for (const e of list) {
        expect(e.g).toBeGreaterThanOrEqual(0.25);
        expect(e.g).toBeLessThanOrEqual(0.65);
        expect(['low', 'medium', 'high']).toContain(e.severity);
        const s = fleet.sampleAt(id, e.t);
        expect(s.ignition).toBe(true);
        expect(distanceKm(s, e)).toBeLessThan(0.01);
      }
    }
    // A few aggressive drivers cause most of them.
    const counts = [...harsh.values()].map((l) => l.length).sort((a, b) => b - a);
    expect(counts[0]!).toBeGreaterThan(counts[Math.floor(counts.length / 2)]!);
  });

  it('refills tanks at fuel stations and shows suspected drains in the depot at night', () => {
    const events = all(fuel);
    const refills = events.filter((e) => e.kind === 'refill');
    const drains = events.filter((e) => e.kind === 'drain');
    expect(refills.length).toBeGreaterThan(20);
    expect(drains.length).toBeGreaterThan(0);
    const stations = new Set<string>();
    for (const [id, list] of fuel) {
      const a = fleet.asset(id)!;
      for (const e of list) {
        const stop = fleet.stops(id, e.t, e.t).find((s) => s.start <= e.t && s.end >= e.t);
        expect(stop, `asset ${id} is stopped during a fuel event`).toBeDefined();
        const before = fleet.sampleAt(id, e.t - 1000).fuelLiters;
        const after = fleet.sampleAt(id, e.t).fuelLiters;
        expect(before).toBeCloseTo(e.levelBefore, 0);
        expect(after).toBeCloseTo(e.levelAfter, 0);
        if (e.kind === 'refill') {
          stations.add(stop!.place.name);
          expect(stop!.place.name).toMatch(/Eni|Q8|IP|Tamoil/);
          expect(e.levelAfter).toBeCloseTo(a.fuelTankLiters, 1);
          expect(e.liters).toBeCloseTo(e.levelAfter - e.levelBefore, 0);
        } else {
          expect(stop!.place.name).toMatch(/Deposito/);
          expect(e.levelAfter).toBeLessThan(e.levelBefore);
          expect(new Date(e.t).getUTCHours()).toBeLessThan(4);
        }
      }
    }
    expect(stations.size).toBeGreaterThan(1);
  });

  it('reads OBD once a minute while the engine runs, with believable values, only where OBD is fitted', () => {
    const withObd = fleet.assets.find((a) => a.hasObd && !a.roundTheClock)!;
    const readings: ObdReading[] = fleet.obdReadings(withObd.id, START, START + 2 * DAY);
    expect(readings.length).toBeGreaterThan(60);
    for (const r of readings) {
      expect(r.t % 60_000).toBe(0);
      expect(fleet.sampleAt(withObd.id, r.t).ignition).toBe(true);
      expect(r.rpm).toBeGreaterThanOrEqual(600);
      expect(r.rpm).toBeLessThanOrEqual(4000);
      expect(r.coolantC).toBeLessThan(100);
      expect(r.batteryV).toBeGreaterThan(13.5);
      expect(r.fuelPct).toBeGreaterThan(0);
      expect(r.fuelPct).toBeLessThanOrEqual(100);
    }
    expect(Math.max(...readings.map((r) => r.coolantC))).toBeGreaterThan(80);
    expect(Math.max(...readings.map((r) => r.speed))).toBeGreaterThan(30);
    const without = fleet.assets.find((a) => !a.hasObd);
    if (without) expect(fleet.obdReadings(without.id, START, END)).toEqual([]);
  });

  it('raises real powertrain fault codes that clear after a few days', () => {
    const codes = fleet.assets.flatMap((a) => fleet.faultCodes(a.id, START - 21 * DAY, END));
    expect(codes.length).toBeGreaterThan(3);
    for (const c of codes) {
      expect(c.code).toMatch(/^P[0-3][0-9A-F]{3}$/);
      expect(c.description.length).toBeGreaterThan(10);
      if (c.clearedAt !== null) {
        expect(c.clearedAt).toBeGreaterThan(c.t);
        expect(c.clearedAt).toBeLessThanOrEqual(END);
      }
    }
    expect(codes.some((c) => c.clearedAt !== null)).toBe(true);
  });

  it('detects beacons: pallet tags travel with different assets, cold-room sensors stay in the depot', () => {
    const portable = fleet.beacons.filter((b) => b.portable);
    let travelled = false;
    for (const b of portable.slice(0, 6)) {
      const seen: BeaconDetection[] = fleet.beaconDetectionsByBeacon(b.id, START, END);
      if (new Set(seen.map((d) => d.assetId)).size > 1) travelled = true;
      for (const d of seen.slice(0, 50)) {
        expect(d.t % 300_000).toBe(0);
        expect(d.rssi).toBeGreaterThanOrEqual(-100);
        expect(d.rssi).toBeLessThanOrEqual(-40);
        expect(d.batteryPct).toBeGreaterThan(0);
        expect(fleet.asset(d.assetId)!.beaconIds).toContain(b.id);
        expect(fleet.beaconDetectionsByAsset(d.assetId, d.t, d.t)).toContainEqual(d);
      }
    }
    expect(travelled).toBe(true);
    const fixed = fleet.beacons.find((b) => !b.portable)!;
    const cold = fleet.beaconDetectionsByBeacon(fixed.id, START, START + DAY);
    expect(cold.length).toBeGreaterThan(0);
    for (const d of cold) {
      expect(d.temperatureC).toBeLessThan(6);
      const s = fleet.sampleAt(d.assetId, d.t);
      expect(s.speed).toBe(0);
    }
    expect(() => fleet.beaconDetectionsByBeacon(9999, START, END)).toThrow(/unknown beacon/);
  });

  it('raises alarms with their evidence: speeding, harsh driving, fuel, temperature, offline trackers', () => {
    const list = all(alarms);
    const kinds = new Set(list.map((a) => a.kind));
    for (const k of [
      'overspeed',
      'harsh_driving',
      'fuel_drain',
      'temperature_high',
      'tracker_offline',
      'engine_fault',
    ])
      expect(kinds, k).toContain(k);
    for (const [id, l] of alarms) {
      const a = fleet.asset(id)!;
      expect(sorted(l.map((x) => x.t))).toBe(true);
      for (const x of l) {
        expect(x.message.length).toBeGreaterThan(5);
        if (x.kind === 'temperature_high') expect(a.hasTemperatureSensor).toBe(true);
        if (x.kind === 'tracker_offline') {
          expect(a.flaky).toBe(true);
          expect(fleet.isOnline(id, x.t)).toBe(false);
        }
        if (x.kind === 'overspeed') {
          const [, speed, limit] = /Speed (\d+) km\/h in a (\d+)/.exec(x.message)!;
          expect(Number(speed)).toBeGreaterThan(Number(limit));
          expect(fleet.sampleAt(id, x.t).speed).toBeGreaterThan(Number(limit));
        }
        if (x.kind === 'temperature_high')
          expect(fleet.sampleAt(id, x.t + 60_000).temperatureC!).toBeGreaterThan(6.5);
      }
      const drains = fuel.get(id)!.filter((e) => e.kind === 'drain');
      expect(l.filter((x) => x.kind === 'fuel_drain')).toHaveLength(drains.length);
    }
  });

  it('warns about low fuel before a late refueller reaches the pump', () => {
    // Seven weeks: low tanks are rare (a quarter of the drivers refuel late).
    const from = START - 42 * DAY;
    let warned = 0;
    for (const a of fleet.assets) {
      const low = fleet
        .fuelEvents(a.id, from, END)
        .filter((e) => e.kind === 'refill' && e.levelBefore < a.fuelTankLiters * 0.2 - 0.5);
      if (low.length === 0) continue;
      const lowAlarms = fleet.alarms(a.id, from, END).filter((x) => x.kind === 'low_fuel');
      for (const refill of low) {
        const alarm = lowAlarms.filter((x) => x.t <= refill.t).at(-1);
        expect(
          alarm,
          `low-fuel alarm before the refill at ${new Date(refill.t).toISOString()}`,
        ).toBeDefined();
        expect(refill.t - alarm!.t).toBeLessThan(4 * DAY);
        expect(fleet.sampleAt(a.id, alarm!.t).fuelLiters).toBeLessThan(a.fuelTankLiters * 0.2 + 0.1);
        expect(fleet.sampleAt(a.id, alarm!.t - 60_000).fuelLiters).toBeGreaterThanOrEqual(
          a.fuelTankLiters * 0.2 - 0.1,
        );
        warned++;
      }
    }
    expect(warned).toBeGreaterThan(0);
  });
});
