import { MAX_FLEET_SIZE } from '../options';
import { alarmsOfDay, type AlarmDay } from './alarms';
import { carrierOf, detectionsOfDay } from './beacon-detections';
import type { CityPlace } from './city';
import { newSegmentState, SimCore, type SegmentState } from './core';
import { faultOnDay, MAX_FAULT_DAYS, type FaultOccurrence } from './fault-codes';
import { FuelModel, levelAt, type DayFuel } from './fuel';
import { harshEventsOfDay } from './harsh';
import { DAY_MS, localDay } from './local-time';
import { obdReadingsOfDay } from './obd';
import { incidentsOfDay } from './incidents';
import { inGap, mergedGaps, offlineGaps, type Gap } from './offline';
import { reeferTemperature, type DoorOpening } from './reefer';
import type { DaySchedule } from './schedule';
import type {
  Alarm,
  BeaconDetection,
  Destination,
  FaultCode,
  Fix,
  Fleet,
  FleetOptions,
  FuelEvent,
  HarshEvent,
  Incident,
  ObdReading,
  Outage,
  Place,
  Sample,
  SimAsset,
  SimBeacon,
  Stop,
  Trip,
} from './types';

interface OpenStop {
  start: number;
  end: number;
  place: CityPlace;
  idling: boolean;
}

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
  readonly cursor: SegmentState;
}

/**
 * The simulated fleet (docs/architecture.md "The local fleet service"): a pure function of (seed, asset, time).
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

const MAX_TIME = Date.UTC(2200, 0, 1);
const SCALE = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];
const round = (x: number, digits: number): number => Math.round(x * SCALE[digits]!) / SCALE[digits]!;

class SimFleet implements Fleet {
  readonly core: SimCore;
  readonly fuel: FuelModel;
  readonly assets: readonly SimAsset[];
  readonly beacons: readonly SimBeacon[];
  readonly home: Place;
  readonly depots: readonly Place[];
  private readonly places = new Map<number, Place>();
  /** Each asset's day context of its latest sampleAt: live ticks ask for the same day again and again. */
  private readonly live: (DayContext | undefined)[] = [];
  /** Beacon id → ids of the assets whose trackers know it. */
  private readonly holders: number[][] = [];

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
    for (const a of this.assets) for (const b of a.beaconIds) (this.holders[b] ??= []).push(a.id);
    this.home = { ...this.core.city.centre };
    this.depots = this.core.city.depots.map((d) => this.place(d));
  }

  asset(id: number): SimAsset | undefined {
    return Number.isInteger(id) ? this.assets[id - 1] : undefined;
  }

  beacon(id: number): SimBeacon | undefined {
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
    // Years 1970–2200: beyond that the calendar maths (and any caller) has gone wrong.
    if (!Number.isFinite(t) || t < 0 || t > MAX_TIME)
      throw new RangeError(`time must be epoch milliseconds between 1970 and 2200, got ${t}`);
  }

  /** What every sample of one asset-day shares: looked up once per day, not per fix. */
  private dayContext(a: SimAsset, d: DaySchedule): DayContext {
    const doors = new Array<DoorOpening | null | undefined>(d.segs.length).fill(undefined);
    return {
      a,
      d,
      fuel: this.fuel.day(a.id, d),
      doors,
      lastLat: NaN,
      lastLon: NaN,
      lastAlt: 0,
      cursor: newSegmentState(),
    };
  }

  /** Position and motion at t, rounded as the tracker reports them: the part of a sample every fix has. */
  private fix(c: DayContext, t: number, st: SegmentState): Fix {
    this.core.evaluate(c.d, t, st);
    return {
      t,
      lat: round(st.lat, 6),
      lon: round(st.lon, 6),
      speed: round(st.speed, 1),
      heading: Math.round(st.heading) % 360,
      ignition: st.ignition,
      state: st.state,
      odometerKm: round(st.odometerKm, 3),
    };
  }

  private sample(c: DayContext, t: number, st: SegmentState): Sample {
    const { a, d } = c;
    const f = this.fix(c, t, st);
    const seg = d.segs[st.seg]!;
    const indoors = seg.kind === 'stop' && seg.place.kind === 'depot';
    const { lat, lon } = f;
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
      speed: f.speed,
      heading: f.heading,
      ignition: f.ignition,
      state: f.state,
      odometerKm: f.odometerKm,
      satellites: this.core.satellites(a.id, t, indoors),
      fuelLiters: round(levelAt(c.fuel, t, st.fuelUsed), 1),
      temperatureC: a.hasTemperatureSensor ? reeferTemperature(this.seed, d, st.seg, t, c.doors) : null,
    };
  }

  sampleAt(assetId: number, t: number): Sample {
    const a = this.checkAsset(assetId);
    this.checkTime(t);
    const day = localDay(t);
    let c = this.live[assetId];
    if (!c || c.d.day !== day) {
      c = this.dayContext(a, this.core.day(assetId, day));
      this.live[assetId] = c;
    }
    // The asset's own cursor: the next live tick starts searching where this one ended.
    return this.sample(c, t, c.cursor);
  }

  history(assetId: number, start: number, end: number): Sample[] {
    const out: Sample[] = [];
    this.forEachSample(assetId, start, end, (s) => out.push(s));
    return out;
  }

  forEachSample(assetId: number, start: number, end: number, visit: (s: Sample) => void): void {
    this.walk(assetId, start, end, (c, t, st) => visit(this.sample(c, t, st)));
  }

  forEachFix(assetId: number, start: number, end: number, visit: (f: Fix) => void): void {
    this.walk(assetId, start, end, (c, t, st) => visit(this.fix(c, t, st)));
  }

  /** Every time on the asset's reporting grid in [start, end] outside its offline gaps. */
  private walk(
    assetId: number,
    start: number,
    end: number,
    each: (c: DayContext, t: number, st: SegmentState) => void,
  ): void {
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
        each(c, t, st);
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
    this.checkAsset(assetId);
    this.checkTime(start);
    this.checkTime(end);
    const out: Stop[] = [];
    if (end < start) return out;
    const keep = (x: OpenStop | null): void => {
      if (x && x.end > start && x.start <= end)
        out.push({ start: x.start, end: x.end, place: this.place(x.place), idling: x.idling });
    };
    // Widen to whole parked days either side, so a night or a weekend in the depot is one stop.
    let first = localDay(start) - 1;
    let last = localDay(end) + 1;
    const parkedAllDay = (day: number): boolean => this.core.day(assetId, day).segs.length === 1;
    while (first > localDay(start) - 14 && parkedAllDay(first)) first--;
    while (last < localDay(end) + 14 && parkedAllDay(last)) last++;
    let open: OpenStop | null = null;
    for (let day = first; day <= last; day++) {
      for (const s of this.core.day(assetId, day).segs) {
        if (s.kind !== 'stop') {
          keep(open);
          open = null;
        } else if (open && open.place.index === s.place.index && open.end === s.t0) {
          open.end = s.t1;
          open.idling ||= s.idleUntil > s.t0;
        } else {
          keep(open);
          open = { start: s.t0, end: s.t1, place: s.place, idling: s.idleUntil > s.t0 };
        }
      }
    }
    keep(open);
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

  harshEvents(assetId: number, start: number, end: number): HarshEvent[] {
    const out: HarshEvent[] = [];
    for (const d of this.days(assetId, start, end)) out.push(...harshEventsOfDay(this.core, d, start, end));
    return out;
  }

  fuelEvents(assetId: number, start: number, end: number): FuelEvent[] {
    const out: FuelEvent[] = [];
    const st = newSegmentState();
    for (const d of this.days(assetId, start, end)) {
      for (const e of this.fuel.day(assetId, d).events) {
        if (e.t < start || e.t > end) continue;
        this.core.evaluate(d, e.t, st);
        out.push({
          t: e.t,
          kind: e.kind,
          liters: round(e.liters, 1),
          levelBefore: round(e.levelBefore, 1),
          levelAfter: round(e.levelAfter, 1),
          lat: round(st.lat, 6),
          lon: round(st.lon, 6),
        });
      }
    }
    return out;
  }

  obdReadings(assetId: number, start: number, end: number): ObdReading[] {
    if (!this.checkAsset(assetId).hasObd) return [];
    const out: ObdReading[] = [];
    for (const d of this.days(assetId, start, end))
      out.push(...obdReadingsOfDay(this.core, this.fuel.day(assetId, d), d, start, end));
    return out;
  }

  /** The fault raised on a day, moved to the start of a drive so the engine is running. */
  private faultOn(a: SimAsset, day: number): FaultOccurrence | null {
    if (!a.hasObd) return null;
    const f = faultOnDay(this.seed, a.id, day);
    if (!f) return null;
    const d = this.core.day(a.id, day);
    const drive =
      d.segs.find((s) => s.kind === 'drive' && s.t1 > f.t) ?? d.segs.find((s) => s.kind === 'drive');
    if (!drive) return null;
    const t = Math.max(drive.t0, Math.min(f.t, drive.t1 - 1000)) + 0;
    return { ...f, t, clears: f.clears - f.t + t };
  }

  faultCodes(assetId: number, start: number, end: number): FaultCode[] {
    const a = this.checkAsset(assetId);
    this.checkTime(start);
    this.checkTime(end);
    const out: FaultCode[] = [];
    if (!a.hasObd || end < start) return out;
    for (let day = localDay(start) - MAX_FAULT_DAYS - 1; day <= localDay(end); day++) {
      const f = this.faultOn(a, day);
      if (!f || f.t > end || f.clears < start) continue;
      out.push({
        t: f.t,
        code: f.code,
        description: f.description,
        severity: f.severity,
        clearedAt: f.clears <= end ? f.clears : null,
      });
    }
    return out;
  }

  beaconDetectionsByAsset(assetId: number, start: number, end: number): BeaconDetection[] {
    const a = this.checkAsset(assetId);
    const out: BeaconDetection[] = [];
    for (const d of this.days(assetId, start, end)) {
      for (const id of a.beaconIds) {
        const beacon = this.beacons[id - 1];
        if (!beacon) continue;
        if (beacon.portable && carrierOf(this.seed, beacon, this.holders[id] ?? [], d.day) !== assetId)
          continue;
        const gaps = offlineGaps(this.seed, a, d.day);
        out.push(...detectionsOfDay({ core: this.core, d, gaps, beacon }, start, end));
      }
    }
    return out.sort((x, y) => x.t - y.t || x.beaconId - y.beaconId);
  }

  beaconDetectionsByBeacon(beaconId: number, start: number, end: number): BeaconDetection[] {
    const beacon = this.beacon(beaconId);
    if (!beacon) throw new RangeError(`unknown beacon ${beaconId}`);
    this.checkTime(start);
    this.checkTime(end);
    const out: BeaconDetection[] = [];
    if (end < start) return out;
    const holders = this.holders[beaconId] ?? [];
    for (let day = localDay(start); day <= localDay(end); day++) {
      const carrier = beacon.portable ? carrierOf(this.seed, beacon, holders, day) : null;
      for (const id of beacon.portable ? (carrier === null ? [] : [carrier]) : holders) {
        const a = this.assets[id - 1]!;
        const d = this.core.day(id, day);
        out.push(
          ...detectionsOfDay(
            { core: this.core, d, gaps: offlineGaps(this.seed, a, day), beacon },
            start,
            end,
          ),
        );
      }
    }
    return out.sort((x, y) => x.t - y.t || x.assetId - y.assetId);
  }

  /** What the day's alarms and incidents are derived from. */
  private alarmDay(a: SimAsset, d: DaySchedule): AlarmDay {
    return {
      core: this.core,
      d,
      fuel: this.fuel.day(a.id, d),
      gaps: offlineGaps(this.seed, a, d.day),
      fault: this.faultOn(a, d.day),
    };
  }

  alarms(assetId: number, start: number, end: number): Alarm[] {
    const a = this.checkAsset(assetId);
    const out: Alarm[] = [];
    for (const d of this.days(assetId, start, end)) out.push(...alarmsOfDay(this.alarmDay(a, d), start, end));
    return out;
  }

  incidents(assetId: number, start: number, end: number): Incident[] {
    const a = this.checkAsset(assetId);
    const out: Incident[] = [];
    for (const d of this.days(assetId, start, end))
      out.push(...incidentsOfDay(this.alarmDay(a, d), start, end));
    return out;
  }

  outages(assetId: number, start: number, end: number): Outage[] {
    const a = this.checkAsset(assetId);
    this.checkTime(start);
    this.checkTime(end);
    const out: Outage[] = [];
    if (!a.flaky || end < start) return out;
    // Gaps stay inside their local day (offline.ts), so each day's list is complete on its own.
    for (let day = localDay(start); day <= localDay(end); day++)
      for (const g of mergedGaps(offlineGaps(this.seed, a, day)))
        if (g.end > start && g.start <= end) out.push(g);
    return out;
  }
}
