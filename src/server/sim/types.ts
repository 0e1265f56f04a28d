import type { Duty } from './duty';

/**
 * The simulated fleet's contract. Everything here is a pure, deterministic
 * function of (seed, asset, time): history is computed, never stored, so
 * reports and tests can rely on exact values. Times are epoch milliseconds,
 * distances km, speeds km/h, angles degrees, altitudes metres.
 */

export type AssetKind = 'van' | 'truck' | 'car' | 'reefer' | 'equipment';
export type MotionState = 'moving' | 'idle' | 'stopped';

export interface SimAsset {
  readonly id: number;
  readonly kind: AssetKind;
  readonly name: string;
  readonly registration: string;
  readonly vin: string;
  readonly make: string;
  readonly model: string;
  readonly year: number;
  readonly trackerId: number;
  readonly imei: string;
  /** The tracker reports on this fixed grid (t % intervalMs === 0), around the clock. */
  readonly intervalMs: number;
  readonly driverId: number;
  readonly driverName: string;
  readonly fuelTankLiters: number;
  readonly hasTemperatureSensor: boolean;
  readonly hasObd: boolean;
  /** Ids of the beacons (tags) this asset's tracker can detect. */
  readonly beaconIds: readonly number[];
  /** Trackers that go offline for a while: the fleet always has a few. */
  readonly flaky: boolean;
  /** Works round the clock (e.g. a long-haul team truck): trips at every hour, 10 s reporting. */
  readonly roundTheClock: boolean;
  /** What its working day looks like (duty.ts): shifts by day and night, courier, rounds. */
  readonly duty: Duty;
}

/** One tracker fix, with every sensor the asset carries. */
/** A sample's position and motion, the same values as its {@link Sample}. */
export type Fix = Pick<
  Sample,
  't' | 'lat' | 'lon' | 'speed' | 'heading' | 'ignition' | 'state' | 'odometerKm'
>;

export interface Sample {
  readonly t: number;
  readonly lat: number;
  readonly lon: number;
  readonly alt: number;
  readonly speed: number;
  readonly heading: number;
  readonly ignition: boolean;
  readonly state: MotionState;
  readonly odometerKm: number;
  readonly satellites: number;
  readonly fuelLiters: number;
  /** null when the asset has no temperature probe. */
  readonly temperatureC: number | null;
}

export interface Place {
  readonly lat: number;
  readonly lon: number;
  /** A readable address-like name ("Depot North, Via Emilia 12"). */
  readonly name: string;
}

export interface Trip {
  readonly start: number;
  readonly end: number;
  readonly from: Place;
  readonly to: Place;
  readonly distanceKm: number;
  readonly maxSpeed: number;
  readonly avgSpeed: number;
}

export interface Stop {
  readonly start: number;
  readonly end: number;
  readonly place: Place;
  /** Engine left running while stopped. */
  readonly idling: boolean;
}

export type HarshKind = 'braking' | 'acceleration' | 'cornering';
export type Severity = 'low' | 'medium' | 'high';

export interface HarshEvent {
  readonly t: number;
  readonly kind: HarshKind;
  readonly severity: Severity;
  /** Peak acceleration in g. */
  readonly g: number;
  readonly speed: number;
  readonly lat: number;
  readonly lon: number;
}

export interface FuelEvent {
  readonly t: number;
  readonly kind: 'refill' | 'drain';
  readonly liters: number;
  readonly levelBefore: number;
  readonly levelAfter: number;
  readonly lat: number;
  readonly lon: number;
}

export interface ObdReading {
  readonly t: number;
  readonly rpm: number;
  readonly coolantC: number;
  readonly engineLoadPct: number;
  readonly throttlePct: number;
  readonly batteryV: number;
  readonly speed: number;
  readonly fuelPct: number;
}

export interface FaultCode {
  readonly t: number;
  readonly code: string;
  readonly description: string;
  readonly severity: Severity;
  /** When the code cleared, or null if still active at the end of the range. */
  readonly clearedAt: number | null;
}

export interface SimBeacon {
  readonly id: number;
  readonly name: string;
  readonly mac: string;
  /** Portable beacons move between assets; fixed ones sit in a depot. */
  readonly portable: boolean;
}

export interface BeaconDetection {
  readonly t: number;
  readonly beaconId: number;
  readonly assetId: number;
  readonly rssi: number;
  readonly temperatureC: number;
  readonly humidityPct: number;
  readonly batteryPct: number;
  readonly lat: number;
  readonly lon: number;
}

export type AlarmKind =
  | 'overspeed'
  | 'harsh_driving'
  | 'geofence_enter'
  | 'geofence_exit'
  | 'low_fuel'
  | 'fuel_drain'
  | 'temperature_high'
  | 'power_cut'
  | 'engine_fault'
  | 'tracker_offline';

export interface Alarm {
  readonly t: number;
  readonly kind: AlarmKind;
  readonly severity: Severity;
  readonly message: string;
  readonly lat: number;
  readonly lon: number;
}

/**
 * A discrete event the alarm engine weighs against its rules (src/server/alarms):
 * a harsh manoeuvre of any severity, a suspected fuel drain, an engine fault
 * code being raised, the tracker's external power being cut.
 */
export type Incident =
  | {
      readonly t: number;
      readonly kind: 'harsh_driving';
      readonly harsh: HarshKind;
      readonly g: number;
      readonly speed: number;
      readonly lat: number;
      readonly lon: number;
    }
  | {
      readonly t: number;
      readonly kind: 'fuel_drain';
      readonly liters: number;
      readonly lat: number;
      readonly lon: number;
    }
  | {
      readonly t: number;
      readonly kind: 'engine_fault';
      readonly code: string;
      readonly description: string;
      readonly lat: number;
      readonly lon: number;
    }
  | { readonly t: number; readonly kind: 'power_cut'; readonly lat: number; readonly lon: number };

/** A stretch of silence: no fix in [start, end) (offline gaps that touch are one outage). */
export interface Outage {
  readonly start: number;
  readonly end: number;
}

/** Where the current trip ends, for a tracking page's ETA (docs/architecture.md "Tracking pages"). */
export interface Destination {
  readonly place: Place;
  readonly eta: number;
  readonly remainingKm: number;
}

export interface FleetOptions {
  readonly seed: number;
  /** 1 to 20,000. */
  readonly size: number;
}

export interface Fleet {
  readonly seed: number;
  readonly assets: readonly SimAsset[];
  readonly beacons: readonly SimBeacon[];
  /** Centre of the city the fleet drives around. */
  readonly home: Place;
  /** Where the fleet's vehicles start and end their days (the demo's first geofences). */
  readonly depots: readonly Place[];
  asset(id: number): SimAsset | undefined;
  beacon(id: number): SimBeacon | undefined;

  /** State at any instant (continuous, for live updates), not only on the tracker's grid. */
  sampleAt(assetId: number, t: number): Sample;
  /** The tracker's fixes in [start, end], on its reporting grid; skips the offline gaps. */
  history(assetId: number, start: number, end: number): Sample[];
  /** The same as {@link history} without building an array (259,200-point ranges). */
  forEachSample(assetId: number, start: number, end: number, visit: (s: Sample) => void): void;
  /**
   * The same fixes as {@link forEachSample}, position and motion only: a
   * trail needs nothing else, and altitude, satellites, fuel level and
   * temperature are two thirds of the cost of visiting 30 days of samples.
   */
  forEachFix(assetId: number, start: number, end: number, visit: (f: Fix) => void): void;
  /** Is the tracker online at t, and when did it last report at or before t. */
  isOnline(assetId: number, t: number): boolean;
  lastFixAt(assetId: number, t: number): number | null;

  trips(assetId: number, start: number, end: number): Trip[];
  stops(assetId: number, start: number, end: number): Stop[];
  harshEvents(assetId: number, start: number, end: number): HarshEvent[];
  fuelEvents(assetId: number, start: number, end: number): FuelEvent[];
  /** One reading a minute while the ignition is on; empty for assets without OBD. */
  obdReadings(assetId: number, start: number, end: number): ObdReading[];
  faultCodes(assetId: number, start: number, end: number): FaultCode[];
  /** Detections by this asset's tracker (beacon_environment). */
  beaconDetectionsByAsset(assetId: number, start: number, end: number): BeaconDetection[];
  /** Where a portable beacon was detected, by any asset (portable_beacon). */
  beaconDetectionsByBeacon(beaconId: number, start: number, end: number): BeaconDetection[];
  alarms(assetId: number, start: number, end: number): Alarm[];
  /** Incidents with t in [start, end], in time order: what the alarm engine evaluates besides positions. */
  incidents(assetId: number, start: number, end: number): Incident[];
  /** Outages overlapping [start, end], in time order. */
  outages(assetId: number, start: number, end: number): Outage[];
  /** Distance driven per UTC day in [start, end): the basis of every mileage report. */
  dailyDistanceKm(assetId: number, dayStart: number): number;
  /** The odometer at any instant (continuous, like sampleAt): distances over part of a day. */
  odometerAt(assetId: number, t: number): number;
  destination(assetId: number, t: number): Destination | null;
}
