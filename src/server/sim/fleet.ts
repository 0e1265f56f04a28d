import type { CityPlace } from './city';
import { newSegmentState, SimCore, type SegmentState } from './core';
import { FuelModel, levelAt, type DayFuel } from './fuel';
import { DAY_MS, localDay } from './local-time';
import { inGap, offlineGaps, type Gap } from './offline';
import { reeferTemperature, type DoorOpening } from './reefer';
import type { DaySchedule } from './schedule';
import type { Destination, Fleet, FleetOptions, Place, Sample, SimAsset, Stop, Trip } from './types';

export const MAX_FLEET_SIZE = 20_000;

interface DayContext {
  readonly a: SimAsset;
  readonly d: DaySchedule;
  readonly fuel: DayFuel;
  /** Door openings per segment, filled as met. */
  readonly doors: (DoorOpening | null | undefined)[];
  /** Altitude of the last position (parked fixes repeat it). */
  lastLat: number;
  lastLon: number;
  lastAlt: number;
}

/**
 * The simulated fleet (issue 2 §3): a pure function of (seed, asset, time).
 * Two fleets created with the same seed and size answer every question with
 * the same numbers, in any process.
 */
export function createFleet(options: FleetOptions): Fleet {
  const { seed, size } = options;
  if (!Number.isInteger(size) || size < 1 || size > MAX_FLEET_SIZE)
    throw new RangeError(`fleet size must be an integer from 1 to ${MAX_FLEET_SIZE}, got ${size}`);
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  return new SimFleet(seed, size);
}

const SCALE = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];
const round = (x: number, digits: number): number => Math.round(x * SCALE[digits]!) / SCALE[digits]!;

class SimFleet implements Fleet {
  readonly core: SimCore;
  readonly fuel: FuelModel;
  readonly assets: readonly SimAsset[];
  readonly beacons;
  readonly home: Place;
  private readonly places = new Map<number, Place>();
  private readonly scratch = newSegmentState();

  constructor(
    readonly seed: number,
    size: number,
  ) {
    this.core = new SimCore(seed, size);
    this.fuel = new FuelModel(this.core);
    // The public view: the simulator's own fields (vehicle model, depot) stay inside.
    this.assets = this.core.assets.map((a) => {
      const { vehicle: _v, depot: _d, ...pub } = a;
      return Object.freeze(pub);
    });
    this.beacons = this.core.beacons;
    this.home = { ...this.core.city.centre };
  }

  asset(id: number): SimAsset | undefined {
    return Number.isInteger(id) ? this.assets[id - 1] : undefined;
  }

  beacon(id: number): (typeof this.beacons)[number] | undefined {
    return Number.isInteger(id) ? this.beacons[id - 1] : undefined;
  }

  place(p: CityPlace): Place {
    let out = this.places.get(p.index);
    if (!out) {
      out = { lat: p.lat, lon: p.lon, name: p.name };
      this.places.set(p.index, out);
    }
    return out;
  }

  private checkAsset(id: number): SimAsset {
    const a = this.asset(id);
    if (!a) throw new RangeError(`unknown asset ${id}`);
    return a;
  }

  private checkTime(t: number): void {
    if (!Number.isFinite(t))
      throw new RangeError(`time must be a finite epoch-milliseconds number, got ${t}`);
  }

  /** What every sample of one asset-day shares: looked up once per day, not per fix. */
  private dayContext(a: SimAsset, d: DaySchedule): DayContext {
    const doors = new Array<DoorOpening | null | undefined>(d.segs.length).fill(undefined);
    return { a, d, fuel: this.fuel.day(a.id, d), doors, lastLat: NaN, lastLon: NaN, lastAlt: 0 };
  }

  private sample(c: DayContext, t: number, st: SegmentState): Sample {
    const { a, d } = c;
    this.core.evaluate(d, t, st);
    const seg = d.segs[st.seg]!;
    const indoors = seg.kind === 'stop' && seg.place.kind === 'depot';
    const lat = round(st.lat, 6);
    const lon = round(st.lon, 6);
    if (lat !== c.lastLat || lon !== c.lastLon) {
      c.lastLat = lat;
      c.lastLon = lon;
      c.lastAlt = this.core.altitude(lat, lon);
    }
    return {
      t,
      lat,
      lon,
      alt: c.lastAlt,
      speed: round(st.speed, 1),
      heading: Math.round(st.heading) % 360,
      ignition: st.ignition,
      state: st.state,
      odometerKm: round(st.odometerKm, 3),
      satellites: this.core.satellites(a.id, t, indoors),
      fuelLiters: round(levelAt(c.fuel, t, st.fuelUsed), 1),
      temperatureC: a.hasTemperatureSensor ? reeferTemperature(this.seed, d, st.seg, t, c.doors) : null,
    };
  }

  sampleAt(assetId: number, t: number): Sample {
    const a = this.checkAsset(assetId);
    this.checkTime(t);
    const st = this.scratch;
    st.seg = 0;
    st.piece = 0;
    st.routeHint = 0;
    st.profile = null;
    return this.sample(this.dayContext(a, this.core.dayAt(assetId, t)), t, st);
  }

  history(assetId: number, start: number, end: number): Sample[] {
    const out: Sample[] = [];
    this.forEachSample(assetId, start, end, (s) => out.push(s));
    return out;
  }

  forEachSample(assetId: number, start: number, end: number, visit: (s: Sample) => void): void {
    const a = this.checkAsset(assetId);
    this.checkTime(start);
    this.checkTime(end);
    const iv = a.intervalMs;
    let t = Math.ceil(start / iv) * iv;
    while (t <= end) {
      const day = localDay(t);
      const d = this.core.day(assetId, day);
      const gaps = offlineGaps(this.seed, a, day);
      const st = newSegmentState();
      const c = this.dayContext(a, d);
      const stop = Math.min(end, d.end - 1);
      for (; t <= stop; t += iv) {
        if (gaps.length > 0 && inGap(gaps, t)) continue;
        visit(this.sample(c, t, st));
      }
    }
  }

  private gapsAt(a: SimAsset, t: number): readonly Gap[] {
    return offlineGaps(this.seed, a, localDay(t));
  }

  isOnline(assetId: number, t: number): boolean {
    const a = this.checkAsset(assetId);
    this.checkTime(t);
    return inGap(this.gapsAt(a, t), t) === null;
  }

  lastFixAt(assetId: number, t: number): number | null {
    const a = this.checkAsset(assetId);
    this.checkTime(t);
    let fix = Math.floor(t / a.intervalMs) * a.intervalMs;
    for (let guard = 0; guard < 8; guard++) {
      const gap = inGap(this.gapsAt(a, fix), fix);
      if (!gap) return fix;
      fix = Math.floor((gap.start - 1) / a.intervalMs) * a.intervalMs;
    }
    return fix;
  }

  /** Day schedules covering [start, end]. */
  private *days(assetId: number, start: number, end: number): Generator<DaySchedule> {
    this.checkAsset(assetId);
    this.checkTime(start);
    this.checkTime(end);
    if (end < start) return;
    for (let day = localDay(start); day <= localDay(end); day++) yield this.core.day(assetId, day);
  }

  trips(assetId: number, start: number, end: number): Trip[] {
    const out: Trip[] = [];
    for (const d of this.days(assetId, start, end)) {
      for (const s of d.segs) {
        if (s.kind !== 'drive' || s.t1 <= start || s.t0 > end) continue;
        const km = s.route.lengthKm;
        out.push({
          start: s.t0,
          end: s.t1,
          from: this.place(s.from),
          to: this.place(s.to),
          distanceKm: round(km, 3),
          maxSpeed: round(s.maxSpeed, 1),
          avgSpeed: round(km / ((s.t1 - s.t0) / 3_600_000), 1),
        });
      }
    }
    return out;
  }

  stops(assetId: number, start: number, end: number): Stop[] {
    const out: Stop[] = [];
    let open: { start: number; end: number; place: CityPlace; idling: boolean } | null = null;
    const flush = (): void => {
      if (open && open.end > start && open.start <= end)
        out.push({ start: open.start, end: open.end, place: this.place(open.place), idling: open.idling });
      open = null;
    };
    // One day either side, so the night in the depot is one stop, not two halves.
    for (const d of this.days(assetId, start - DAY_MS, end + DAY_MS)) {
      for (const s of d.segs) {
        if (s.kind !== 'stop') {
          flush();
          continue;
        }
        const cur = open as { start: number; end: number; place: CityPlace; idling: boolean } | null;
        if (cur && cur.place.index === s.place.index && cur.end === s.t0) {
          cur.end = s.t1;
          cur.idling ||= s.idleUntil > s.t0;
        } else {
          flush();
          open = { start: s.t0, end: s.t1, place: s.place, idling: s.idleUntil > s.t0 };
        }
      }
    }
    flush();
    return out;
  }

  odometerAt(assetId: number, t: number): number {
    const st = newSegmentState();
    this.core.evaluate(this.core.dayAt(assetId, t), t, st);
    return round(st.odometerKm, 3);
  }

  dailyDistanceKm(assetId: number, dayStart: number): number {
    this.checkAsset(assetId);
    this.checkTime(dayStart);
    return round(this.odometerAt(assetId, dayStart + DAY_MS) - this.odometerAt(assetId, dayStart), 3);
  }

  destination(assetId: number, t: number): Destination | null {
    this.checkAsset(assetId);
    this.checkTime(t);
    const d = this.core.dayAt(assetId, t);
    const st = newSegmentState();
    this.core.evaluate(d, t, st);
    const seg = d.segs[st.seg]!;
    if (seg.kind !== 'drive') return null;
    return {
      place: this.place(seg.to),
      eta: seg.t1,
      remainingKm: round(seg.odo0 + seg.route.lengthKm - st.odometerKm, 3),
    };
  }

  harshEvents(): [] {
    return [];
  }
  fuelEvents(): [] {
    return [];
  }
  obdReadings(): [] {
    return [];
  }
  faultCodes(): [] {
    return [];
  }
  beaconDetectionsByAsset(): [] {
    return [];
  }
  beaconDetectionsByBeacon(): [] {
    return [];
  }
  alarms(): [] {
    return [];
  }
}
