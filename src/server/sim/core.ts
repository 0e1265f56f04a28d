import { buildAssets, buildBeacons, type AssetSpec } from './assets';
import { altitudeAt, createCity, type City, type CityPlace } from './city';
import { localDay } from './local-time';
import { Lru } from './lru';
import { buildProfile, motionAt, type MotionPoint, type Profile } from './motion';
import { hash3 } from './random';
import {
  buildAssetModel,
  buildCyclePlan,
  depotArea,
  type AssetModel,
  type CyclePlan,
  type DepotArea,
} from './rounds';
import { buildRoute, pointAt, type Route, type RoutePoint } from './route';
import {
  buildDay,
  dynamicsOf,
  profileRng,
  type DaySchedule,
  type DriveSeg,
  type ScheduleDeps,
  type Segment,
} from './schedule';
import type { MotionState, SimBeacon } from './types';

/**
 * The simulation's engine: assets, their models, and bounded caches of
 * routes, cycle plans, day schedules and speed profiles. Everything it
 * returns is a function of (seed, asset, time) only.
 */
export interface SegmentState {
  lat: number;
  lon: number;
  speed: number;
  heading: number;
  ignition: boolean;
  state: MotionState;
  odometerKm: number;
  /** Cumulative fuel burnt (litres) since the asset's first cycle: the basis of the fuel level. */
  fuelUsed: number;
  /** Index of the segment in the day. */
  seg: number;
  piece: number;
  routeHint: number;
  /** The profile of `seg` when it is a drive (saves a cache look-up per sample). */
  profile: Profile | null;
}

export const newSegmentState = (): SegmentState => ({
  lat: 0,
  lon: 0,
  speed: 0,
  heading: 0,
  ignition: false,
  state: 'stopped',
  odometerKm: 0,
  fuelUsed: 0,
  seg: 0,
  piece: 0,
  routeHint: 0,
  profile: null,
});

/**
 * Cached cycle plans (and fuel days, fuel.ts): small, so at least two per asset, and a whole tick's
 * working set (the alarm rules look at every asset's last seconds) stays in the young generation.
 */
export const cacheCapacityFor = (size: number): number => Math.max(24_000, Math.ceil(size * 2.4));
/**
 * Cached day schedules apart from the held ones: 20–70 KB each once the day's speed profiles are built,
 * so a count that does not grow with the fleet. Each asset's newest day is held apart (SimCore.day), which
 * is what a tick asks for; this cache serves history, reports and yesterday.
 */
const DAY_CACHE_CAPACITY = 24_000;
/** Asset ids below this make keys that stay small integers (see dayKey); larger fleets use KEY_STRIDE_LARGE. */
const KEY_STRIDE_SMALL = 32_768;
const KEY_STRIDE_LARGE = 131_072;

export class SimCore {
  readonly city: City;
  readonly assets: readonly AssetSpec[];
  readonly beacons: readonly SimBeacon[];
  private readonly models = new Map<number, AssetModel>();
  private readonly routes = new Map<number, Route>();
  private readonly areas: DepotArea[] = [];
  private readonly plans: Lru<number, CyclePlan>;
  private readonly days: Lru<number, DaySchedule>;
  /** Each asset's newest day asked for (by asset id): one per asset, whatever the fleet's size. */
  private readonly held: (DaySchedule | undefined)[] = [];
  private readonly keyStride: number;
  private readonly motion: MotionPoint = { km: 0, speed: 0, piece: 0 };
  private readonly point: RoutePoint = { lat: 0, lon: 0, heading: 0, curvature: 0 };
  readonly deps: ScheduleDeps;

  constructor(
    readonly seed: number,
    size: number,
    /** Smaller in tests, to show what a fleet larger than the cache does. */
    dayCacheCapacity = DAY_CACHE_CAPACITY,
  ) {
    this.plans = new Lru(cacheCapacityFor(size));
    this.days = new Lru(dayCacheCapacity);
    this.keyStride = size < KEY_STRIDE_SMALL ? KEY_STRIDE_SMALL : KEY_STRIDE_LARGE;
    this.city = createCity(seed);
    this.assets = buildAssets(seed, size, this.city.depots.length);
    this.beacons = buildBeacons(seed, size);
    this.deps = {
      seed,
      city: this.city,
      route: (a: CityPlace, b: CityPlace) => this.route(a, b),
      plan: (m: AssetModel, cycle: number) => this.plan(m, cycle),
    };
  }

  /**
   * A collision-free numeric key of an asset's day (or cycle). Below 32,768 assets it stays a small
   * integer (fast Map key, no boxing) for days between 1880 and 2059; a larger fleet's keys (ids up
   * to MAX_FLEET_SIZE) are exact doubles, slower to hash but never shared by two asset-days.
   */
  dayKey(assetId: number, day: number): number {
    return day * this.keyStride + assetId;
  }

  spec(id: number): AssetSpec {
    const a = this.assets[id - 1];
    if (!a || a.id !== id) throw new RangeError(`unknown asset ${id}`);
    return a;
  }

  route(a: CityPlace, b: CityPlace): Route {
    const k = a.index * 1024 + b.index;
    let r = this.routes.get(k);
    if (!r) {
      r = buildRoute(this.seed, a, b);
      this.routes.set(k, r);
    }
    return r;
  }

  model(id: number): AssetModel {
    let m = this.models.get(id);
    if (!m) {
      const spec = this.spec(id);
      const depot = spec.depot % this.city.depots.length;
      let area = this.areas[depot];
      if (!area) {
        area = depotArea(this.city, this.city.depots[depot]!);
        this.areas[depot] = area;
      }
      m = buildAssetModel(this.seed, spec, this.city, area, (a, b) => this.route(a, b).lengthKm);
      this.models.set(id, m);
    }
    return m;
  }

  plan(m: AssetModel, cycle: number): CyclePlan {
    const k = this.dayKey(m.spec.id, cycle);
    let p = this.plans.get(k);
    if (!p) {
      p = buildCyclePlan(this.seed, m, cycle);
      this.plans.set(k, p);
    }
    return p;
  }

  /**
   * Each asset's newest day asked for is held apart from the cache (`held`): the live feed and the alarm
   * engine both move forward through today, every asset at every tick, and a fleet larger than the cache
   * would otherwise rebuild every asset's day at every tick, which is what the alarm engine did at 50,000
   * vehicles with no one subscribed to the live channel (docs/architecture.md "National fleets"). Older days
   * (history, reports, yesterday) go through the cache.
   */
  day(id: number, day: number): DaySchedule {
    const held = this.held[id];
    if (held !== undefined && held.day === day) return held;
    const k = this.dayKey(id, day);
    let d = this.days.get(k);
    if (held !== undefined && held.day > day) {
      if (!d) {
        d = buildDay(this.deps, this.model(id), day);
        this.days.set(k, d);
      }
      return d;
    }
    // The day it replaces is let go, not cached: a fleet's worth of yesterdays would fill the cache at every
    // midnight (+220 MB a day at 10,000 vehicles, bench:sim) for the few windows that still reach back.
    d ??= buildDay(this.deps, this.model(id), day);
    this.held[id] = d;
    return d;
  }

  dayAt(id: number, t: number): DaySchedule {
    return this.day(id, localDay(t));
  }

  /**
   * A drive's speed profile, kept with its day (so the day cache bounds it too). A held day lets go of the
   * profiles of drives before the one before this: by the end of a shift they would be most of the day's
   * memory, and whoever reads a held day (the live feed, the alarm engine, history of today) reads it
   * forward. They are a pure function of the day and leg, so anyone who asks again gets the same profile,
   * built anew.
   */
  profile(d: DaySchedule, seg: DriveSeg): Profile {
    let p = d.profiles[seg.leg];
    if (!p) {
      p = buildProfile(
        seg.route.lengthKm,
        dynamicsOf(this.seed, this.spec(d.assetId)),
        profileRng(this.seed, d.assetId, d.day, seg.leg),
      );
      if (this.held[d.assetId] === d) {
        const profiles = d.profiles;
        for (let k = Math.min(seg.leg - 1, profiles.length); k-- > 0;) profiles[k] = undefined;
      }
      d.profiles[seg.leg] = p;
    }
    return p;
  }

  /** Index of the segment containing t (t within the day). */
  segmentIndex(d: DaySchedule, t: number, hint = 0): number {
    const segs = d.segs;
    let i = Math.min(Math.max(hint, 0), segs.length - 1);
    if (segs[i]!.t0 > t || (i + 2 < segs.length && segs[i + 2]!.t0 <= t)) {
      let lo = 0;
      let hi = segs.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (segs[mid]!.t0 <= t) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    }
    while (i < segs.length - 1 && segs[i + 1]!.t0 <= t) i++;
    return i;
  }

  /** Continuous state at t; `out.seg/piece/routeHint` speed up sequential calls. */
  evaluate(d: DaySchedule, t: number, out: SegmentState): void {
    const i = this.segmentIndex(d, t, out.seg);
    if (i !== out.seg) {
      out.piece = 0;
      out.routeHint = 0;
      out.profile = null;
    }
    out.seg = i;
    const s: Segment = d.segs[i]!;
    if (s.kind === 'stop') {
      out.lat = s.place.lat;
      out.lon = s.place.lon;
      out.speed = 0;
      out.heading = s.heading;
      out.ignition = t < s.idleUntil;
      out.state = out.ignition ? 'idle' : 'stopped';
      out.odometerKm = s.odo;
      const idleMs = Math.min(t, s.idleUntil) - s.t0;
      out.fuelUsed = s.fuel0 + (idleMs > 0 ? (idleMs / 3_600_000) * s.idleLitersPerHour : 0);
      return;
    }
    const p = out.profile ?? (out.profile = this.profile(d, s));
    const mp = this.motion;
    motionAt(p, (t - s.t0) / 1000, mp, out.piece);
    out.piece = mp.piece;
    out.routeHint = pointAt(s.route, mp.km, this.point, out.routeHint);
    out.lat = this.point.lat;
    out.lon = this.point.lon;
    out.heading = this.point.heading;
    out.speed = mp.speed;
    out.ignition = true;
    out.state = mp.speed > 0.5 ? 'moving' : 'idle';
    out.odometerKm = s.odo0 + mp.km;
    out.fuelUsed = s.fuel0 + mp.km * s.litersPerKm;
  }

  satellites(id: number, t: number, indoors: boolean): number {
    const h = hash3(this.seed ^ 0x5a7, id, Math.floor(t / 120_000));
    return indoors ? 5 + (h % 5) : 8 + (h % 7);
  }

  altitude(lat: number, lon: number): number {
    return Math.round(altitudeAt(lat, lon) * 10) / 10;
  }
}
