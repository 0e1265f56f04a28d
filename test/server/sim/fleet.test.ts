import { describe, expect, it } from 'vitest';
import { distanceKm } from '../../../src/server/sim/city';
import { createFleet } from '../../../src/server/sim/fleet';
import { isValidImei } from '../../../src/server/sim/imei';
import { localDay, localDayStart } from '../../../src/server/sim/local-time';
import type { Sample } from '../../../src/server/sim/types';
import { isValidVin } from '../../../src/server/sim/vin';

const DAY = 86_400_000;
// Monday 16 November 2026, 00:00 in Milan (CET, UTC+1).
const MONDAY = Date.UTC(2026, 10, 15, 23);
const fleet = createFleet({ seed: 42, size: 40 });

const localHour = (t: number): number => ((t - localDayStart(localDay(t))) / 3_600_000) % 24;

describe('the simulated fleet', () => {
  it('is the same fleet with the same numbers in every instance created from the same seed and size', () => {
    const other = createFleet({ seed: 42, size: 40 });
    expect(other.assets).toEqual(fleet.assets);
    expect(other.beacons).toEqual(fleet.beacons);
    for (const id of [1, 7, 40]) {
      expect(other.history(id, MONDAY, MONDAY + 6 * 3_600_000)).toEqual(
        fleet.history(id, MONDAY, MONDAY + 6 * 3_600_000),
      );
      expect(other.trips(id, MONDAY, MONDAY + DAY)).toEqual(fleet.trips(id, MONDAY, MONDAY + DAY));
    }
    const reseeded = createFleet({ seed: 43, size: 40 });
    expect(reseeded.assets.map((a) => a.vin)).not.toEqual(fleet.assets.map((a) => a.vin));
  });

  it('gives every asset a valid VIN, a Luhn-valid IMEI and unique identifiers', () => {
    for (const a of fleet.assets) {
      expect(isValidVin(a.vin), a.vin).toBe(true);
      expect(isValidImei(a.imei), a.imei).toBe(true);
      expect(a.registration).toMatch(/^[A-Z]{2} \d{3} [A-Z]{2}$/);
      expect(fleet.asset(a.id)).toBe(a);
    }
    expect(new Set(fleet.assets.map((a) => a.imei)).size).toBe(fleet.assets.length);
    expect(new Set(fleet.assets.map((a) => a.vin)).size).toBe(fleet.assets.length);
    expect(fleet.asset(0)).toBeUndefined();
    expect(fleet.asset(41)).toBeUndefined();
  });

  it('works with a single asset and with 20,000, and rejects other sizes with a clear error', () => {
    const one = createFleet({ seed: 1, size: 1 });
    expect(one.assets).toHaveLength(1);
    expect(one.history(1, MONDAY, MONDAY + 3_600_000)).toHaveLength(361);
    const big = createFleet({ seed: 1, size: 20_000 });
    expect(big.assets).toHaveLength(20_000);
    expect(big.sampleAt(20_000, MONDAY + 10 * 3_600_000).odometerKm).toBeGreaterThan(0);
    expect(() => createFleet({ seed: 1, size: 0 })).toThrow(/fleet size/);
    expect(() => createFleet({ seed: 1, size: 100_001 })).toThrow(/fleet size/);
    expect(() => createFleet({ seed: 1, size: 2.5 })).toThrow(/fleet size/);
    expect(() => fleet.sampleAt(99, MONDAY)).toThrow(/unknown asset/);
    expect(() => fleet.sampleAt(1, Number.NaN)).toThrow(/time/);
  });

  it('reports exactly 259,200 fixes for a 30-day range of the round-the-clock asset 1', () => {
    expect(fleet.asset(1)!.intervalMs).toBe(10_000);
    expect(fleet.asset(1)!.roundTheClock).toBe(true);
    let n = 0;
    let outOfOrder = 0;
    let previous = -Infinity;
    fleet.forEachSample(1, MONDAY, MONDAY + 30 * DAY - 1, (s) => {
      if (s.t <= previous) outOfOrder++;
      previous = s.t;
      n++;
    });
    expect(n).toBe(259_200);
    expect(outOfOrder).toBe(0);
  });

  it('visits as fixes (forEachFix) the same times, positions and motion as its samples', () => {
    for (const a of fleet.assets.slice(0, 12)) {
      const samples: unknown[] = [];
      const fixes: unknown[] = [];
      fleet.forEachSample(a.id, MONDAY, MONDAY + 2 * DAY, (s) =>
        samples.push([s.t, s.lat, s.lon, s.speed, s.heading, s.ignition, s.state, s.odometerKm]),
      );
      fleet.forEachFix(a.id, MONDAY, MONDAY + 2 * DAY, (f) =>
        fixes.push([f.t, f.lat, f.lon, f.speed, f.heading, f.ignition, f.state, f.odometerKm]),
      );
      expect(fixes.length).toBeGreaterThan(0);
      expect(fixes).toEqual(samples);
    }
  });

  it('answers live (sampleAt) with exactly the fix the history has at the same grid time', () => {
    for (const a of fleet.assets.slice(0, 12)) {
      const h = fleet.history(a.id, MONDAY + 5 * 3_600_000, MONDAY + 9 * 3_600_000);
      for (let i = 0; i < h.length; i += 37) expect(fleet.sampleAt(a.id, h[i]!.t)).toEqual(h[i]);
      expect(h.every((s) => s.t % a.intervalMs === 0)).toBe(true);
    }
  });

  it('moves continuously between fixes: a sample between two fixes lies between them', () => {
    const h = fleet.history(1, MONDAY + 8 * 3_600_000, MONDAY + 12 * 3_600_000);
    for (let i = 1; i < h.length; i += 11) {
      const a = h[i - 1]!;
      const b = h[i]!;
      const mid = fleet.sampleAt(1, a.t + 5000);
      const ab = distanceKm(a, b);
      expect(distanceKm(a, mid) + distanceKm(mid, b)).toBeLessThanOrEqual(ab * 1.2 + 0.02);
      expect(mid.odometerKm).toBeGreaterThanOrEqual(a.odometerKm);
      expect(mid.odometerKm).toBeLessThanOrEqual(b.odometerKm);
    }
  });

  it('keeps speeds and accelerations plausible between consecutive 10 s fixes, with no teleporting', () => {
    let moving = 0;
    let waitedAtLight = false;
    const problems: string[] = [];
    const check = (ok: boolean, what: string, s: Sample): void => {
      if (!ok && problems.length < 5) problems.push(`${what} at ${new Date(s.t).toISOString()}`);
    };
    for (const id of [1, 2, 3, 4, 5]) {
      let prev: Sample | null = null;
      fleet.forEachSample(id, MONDAY, MONDAY + 2 * DAY, (s) => {
        check(s.speed >= 0 && s.speed < 130, `speed ${s.speed}`, s);
        check(s.satellites >= 5 && s.satellites <= 14, `satellites ${s.satellites}`, s);
        check(s.heading >= 0 && s.heading < 360, `heading ${s.heading}`, s);
        check(s.alt > 90 && s.alt < 170, `altitude ${s.alt}`, s);
        check(s.ignition || s.speed === 0, 'moving with the ignition off', s);
        if (s.speed > 0) moving++;
        if (prev && s.t - prev.t === 10_000) {
          // 0.5 g for 10 s would be 176 km/h; the firmest ordinary braking (a car's 5.5 km/h per s, up to
          // 20 % more: schedule.ts and motion.ts) sheds 66 km/h, and a harsh brake lasts a moment.
          check(Math.abs(s.speed - prev.speed) <= 70, `speed ${prev.speed} → ${s.speed} in 10 s`, s);
          const km = distanceKm(prev, s);
          check(km <= (Math.max(prev.speed, s.speed) / 3600) * 10 + 0.01, `jump of ${km} km`, s);
          check(s.odometerKm - prev.odometerKm >= km - 0.002, 'odometer behind the position', s);
          if (prev.speed === 0 && s.speed === 0 && s.state === 'idle' && prev.state === 'moving')
            waitedAtLight = true;
          if (prev.state === 'moving' && s.state === 'idle') waitedAtLight = true;
        }
        prev = s;
      });
    }
    expect(problems).toEqual([]);
    expect(moving).toBeGreaterThan(1000);
    expect(waitedAtLight).toBe(true);
  });

  it('has a monotonic odometer that matches the trips driven and the daily distances', () => {
    for (const a of fleet.assets.slice(0, 10)) {
      let last = -1;
      let backwards = 0;
      fleet.forEachSample(a.id, MONDAY, MONDAY + 7 * DAY, (s) => {
        if (s.odometerKm < last) backwards++;
        last = s.odometerKm;
      });
      expect(backwards).toBe(0);
      // Whole local days: each day starts and ends in the depot, so trips and odometer agree.
      const from = localDayStart(localDay(MONDAY));
      const to = localDayStart(localDay(MONDAY) + 7);
      const tripsKm = fleet
        .trips(a.id, from, to - 1)
        .filter((t) => t.start >= from)
        .reduce((sum, t) => sum + t.distanceKm, 0);
      const odo = fleet.sampleAt(a.id, to).odometerKm - fleet.sampleAt(a.id, from).odometerKm;
      expect(Math.abs(tripsKm - odo)).toBeLessThan(0.05);
      let daily = 0;
      for (let d = 0; d < 7; d++) daily += fleet.dailyDistanceKm(a.id, from + d * DAY);
      expect(daily).toBeCloseTo(odo, 1);
    }
    // Before it entered service a vehicle stands with its delivery mileage.
    const a2 = fleet.asset(2)!;
    const delivered = fleet.sampleAt(2, Date.UTC(a2.year - 2, 0, 1)).odometerKm;
    expect(delivered).toBeLessThan(50);
    expect(fleet.sampleAt(2, Date.UTC(a2.year, 6, 1)).odometerKm).toBeGreaterThan(delivered);
    // Monotonic across far-apart dates too (closed-form odometer, no replay).
    expect(fleet.sampleAt(2, Date.UTC(2027, 5, 1)).odometerKm).toBeGreaterThan(
      fleet.sampleAt(2, Date.UTC(2026, 5, 1)).odometerKm,
    );
  });

  it('follows a Milan working day: day workers leave the depot after 06:00 and are parked at night', () => {
    const dayWorkers = fleet.assets.filter((a) => a.duty === 'rounds' || a.duty === 'courier');
    let weekdayTrips = 0;
    let weekendTrips = 0;
    for (const a of dayWorkers) {
      for (let d = 0; d < 7; d++) {
        const dayStart = localDayStart(localDay(MONDAY) + d);
        const trips = fleet.trips(a.id, dayStart, dayStart + DAY - 3_600_001);
        if (d < 5) weekdayTrips += trips.length;
        else weekendTrips += trips.length;
        for (const t of trips) {
          expect(localHour(t.start)).toBeGreaterThanOrEqual(6);
          expect(localHour(t.end)).toBeLessThan(23);
        }
        const night = fleet.sampleAt(a.id, dayStart + 3 * 3_600_000);
        expect(night.speed).toBe(0);
        expect(night.ignition).toBe(false);
      }
    }
    expect(weekdayTrips / 5).toBeGreaterThan((weekendTrips / 2) * 2);
    const nightTrips = fleet
      .trips(1, MONDAY, MONDAY + DAY)
      .filter((t) => localHour(t.start) < 5 || localHour(t.start) >= 21);
    expect(nightTrips.length).toBeGreaterThan(0);
  });

  it('brings every asset back to its depot before local midnight, every day for four weeks', () => {
    for (const a of fleet.assets) {
      const trips = fleet.trips(a.id, MONDAY, MONDAY + 28 * DAY - 1);
      for (const t of trips)
        expect(localDay(t.end - 1), `asset ${a.id} trip ${t.start}`).toBe(localDay(t.start));
      const days = new Map<number, typeof trips>();
      for (const t of trips) days.set(localDay(t.start), [...(days.get(localDay(t.start)) ?? []), t]);
      for (const list of days.values()) {
        expect(list[0]!.from.name).toMatch(/Deposito/);
        expect(list.at(-1)!.to.name).toMatch(/Deposito/);
      }
    }
  });

  it('carries position, odometer and fuel level over local midnight without a jump', () => {
    for (const a of fleet.assets) {
      for (let d = 1; d <= 14; d++) {
        const midnight = localDayStart(localDay(MONDAY) + d);
        const before = fleet.sampleAt(a.id, midnight - 1);
        const after = fleet.sampleAt(a.id, midnight);
        expect(distanceKm(before, after), `asset ${a.id} day ${d}`).toBeLessThan(0.01);
        expect(after.odometerKm - before.odometerKm).toBeLessThan(0.01);
        expect(after.odometerKm).toBeGreaterThanOrEqual(before.odometerKm);
        expect(Math.abs(after.fuelLiters - before.fuelLiters)).toBeLessThan(0.15);
      }
    }
  });

  it('lists stops with their places, merging the night in the depot into one stop', () => {
    const stops = fleet.stops(2, MONDAY, MONDAY + DAY);
    expect(stops.length).toBeGreaterThan(2);
    const trips = fleet.trips(2, MONDAY, MONDAY + DAY);
    for (let i = 1; i < stops.length; i++) expect(stops[i]!.start).toBeGreaterThan(stops[i - 1]!.end - 1);
    expect(stops[0]!.start).toBeLessThan(MONDAY);
    if (trips.length > 0) expect(stops[0]!.end).toBe(trips[0]!.start);
    expect(stops.some((s) => /Eni|Q8|IP|Tamoil/.test(s.place.name))).toBe(trips.length > 0);
  });

  it('handles the switches to and from summer time: 23- and 25-hour days with no hole in the trail', () => {
    const spring = localDay(Date.UTC(2026, 2, 29, 12));
    const autumn = localDay(Date.UTC(2026, 9, 25, 12));
    expect(localDayStart(spring + 1) - localDayStart(spring)).toBe(23 * 3_600_000);
    expect(localDayStart(autumn + 1) - localDayStart(autumn)).toBe(25 * 3_600_000);
    expect(localDayStart(spring)).toBe(Date.UTC(2026, 2, 28, 23));
    expect(localDayStart(autumn + 1)).toBe(Date.UTC(2026, 9, 25, 23));
    for (const day of [spring, autumn]) {
      const start = localDayStart(day);
      const end = localDayStart(day + 1);
      expect(fleet.history(1, start, end - 1)).toHaveLength((end - start) / 10_000);
    }
  });

  it('gives flaky trackers offline gaps: history skips them, isOnline is false and lastFixAt is before', () => {
    const flaky = fleet.assets.filter((a) => a.flaky);
    expect(flaky.length).toBeGreaterThan(0);
    let gaps = 0;
    for (const a of flaky) {
      const h = fleet.history(a.id, MONDAY, MONDAY + 7 * DAY);
      for (let i = 1; i < h.length; i++) {
        const gap = h[i]!.t - h[i - 1]!.t;
        if (gap === a.intervalMs) continue;
        gaps++;
        const inside = h[i - 1]!.t + a.intervalMs;
        expect(fleet.isOnline(a.id, inside)).toBe(false);
        expect(fleet.lastFixAt(a.id, inside + 1)).toBe(h[i - 1]!.t);
        expect(fleet.isOnline(a.id, h[i]!.t)).toBe(true);
      }
    }
    expect(gaps).toBeGreaterThan(0);
    const steady = fleet.assets.find((a) => !a.flaky)!;
    expect(fleet.history(steady.id, MONDAY, MONDAY + DAY - 1)).toHaveLength(DAY / steady.intervalMs);
    expect(fleet.lastFixAt(steady.id, MONDAY + 12_345)).toBe(
      Math.floor((MONDAY + 12_345) / steady.intervalMs) * steady.intervalMs,
    );
  });

  it('keeps a reefer cargo near its 3 °C set point, warming at stops, and fuel between empty and full', () => {
    const h = fleet.history(1, MONDAY, MONDAY + DAY);
    const temps = h.map((s) => s.temperatureC!);
    const median = [...temps].sort((a, b) => a - b)[Math.floor(temps.length / 2)]!;
    expect(median).toBeGreaterThan(2);
    expect(median).toBeLessThan(4);
    expect(Math.max(...temps)).toBeGreaterThan(4);
    const warmest = h[temps.indexOf(Math.max(...temps))]!;
    expect(warmest.speed).toBeLessThan(60);
    for (const a of fleet.assets) {
      const s = fleet.sampleAt(a.id, MONDAY + 14 * 3_600_000);
      expect(s.fuelLiters).toBeGreaterThan(0);
      expect(s.fuelLiters).toBeLessThanOrEqual(a.fuelTankLiters);
      if (!a.hasTemperatureSensor) expect(s.temperatureC).toBeNull();
    }
    const drive = fleet.trips(2, MONDAY, MONDAY + DAY).find((t) => t.distanceKm > 3);
    if (drive) {
      expect(fleet.sampleAt(2, drive.end).fuelLiters).toBeLessThan(fleet.sampleAt(2, drive.start).fuelLiters);
    }
  });

  it('tells where a driving asset is heading and when it should arrive', () => {
    const trip = fleet.trips(1, MONDAY, MONDAY + DAY).find((t) => t.distanceKm > 3)!;
    const mid = Math.floor((trip.start + trip.end) / 2);
    const dest = fleet.destination(1, mid)!;
    expect(dest.place).toEqual(trip.to);
    expect(dest.eta).toBe(trip.end);
    expect(dest.remainingKm).toBeGreaterThan(0);
    expect(dest.remainingKm).toBeLessThan(trip.distanceKm);
    expect(fleet.destination(1, trip.end + 1000)).toBeNull();
  });
});
