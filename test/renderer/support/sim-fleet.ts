import type { Asset, ConnectionStatus, LivePosition, SessionView, Settings } from '../../../src/shared/ipc';

/** A deterministic pseudo-random source, so screenshots and tests see the same fleet every run. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ['Van', 'Truck', 'Reefer', 'Tipper', 'Bus', 'Crane', 'Tanker', 'Courier'];
const MAKES = [
  ['Ford', 'Transit'],
  ['Mercedes-Benz', 'Sprinter'],
  ['Volvo', 'FH16'],
  ['Scania', 'R450'],
  ['MAN', 'TGX'],
] as const;

export interface SimFleet {
  readonly assets: Asset[];
  readonly positions: LivePosition[];
  /** Moves every asset one step (about a second of driving) and returns the new fixes. */
  step(now: number): LivePosition[];
  /**
   * The next `count` assets in turn report (round the fleet, as trackers each reporting every
   * `seconds`), each moved by `seconds` of driving: the new fixes.
   */
  report(now: number, count: number, seconds: number): LivePosition[];
}

/** Where an asset starts, drawn from the fleet's random source: [lat, lon]. */
export type Placement = (rnd: () => number) => [number, number];

const ROTTERDAM_PORT: [number, number] = [51.92, 4.4];

/**
 * `count` assets around a centre (default: Rotterdam's port area), or where `place` puts each, their
 * newest fix at `t0` (default: a fixed morning, for tests that pass their own `now`).
 */
export function simFleet(
  count: number,
  seed = 7,
  centre: [number, number] = ROTTERDAM_PORT,
  spreadDeg = 0.35,
  place?: Placement,
  t0 = Date.UTC(2026, 10, 23, 8, 0, 0),
): SimFleet {
  const rnd = seeded(seed);
  const assets: Asset[] = [];
  const positions: LivePosition[] = [];
  for (let i = 0; i < count; i++) {
    const id = i + 1;
    const make = MAKES[i % MAKES.length]!;
    const online = rnd() > 0.08;
    assets.push({
      id,
      name: `${NAMES[i % NAMES.length]} ${String(id).padStart(4, '0')}`,
      registration: `NL-${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + ((i * 7) % 26))}-${100 + (i % 900)}`,
      vin: `WDB${String(9_000_000_000_000 + i * 7919).padStart(14, '0')}`,
      make: make[0],
      model: make[1],
      year: 2016 + (i % 9),
      tracker: {
        id: 10_000 + id,
        imei: String(350_000_000_000_000 + id * 13),
        online,
        last_update: new Date(t0 - Math.floor(rnd() * 3_600_000)).toISOString(),
      },
    });
    const r = rnd();
    const state = r < 0.55 ? 'moving' : r < 0.75 ? 'idle' : 'stopped';
    const [lat, lon] = place
      ? place(rnd)
      : [centre[0] + (rnd() - 0.5) * spreadDeg, centre[1] + (rnd() - 0.5) * spreadDeg * 1.6];
    positions.push({
      assetId: id,
      lat,
      lon,
      speed: state === 'moving' ? 20 + rnd() * 80 : 0,
      course: Math.floor(rnd() * 360),
      t: t0 - Math.floor(rnd() * 120_000),
      state,
      ignition: state !== 'stopped',
    });
  }
  const current = positions.slice();
  const advance = (i: number, now: number, seconds: number): LivePosition => {
    const p = current[i]!;
    if (p.state !== 'moving') return (current[i] = { ...p, t: now });
    const course = (p.course + (rnd() - 0.5) * 20 + 360) % 360;
    const metres = (p.speed / 3.6) * seconds;
    const rad = (course * Math.PI) / 180;
    return (current[i] = {
      ...p,
      lat: p.lat + (Math.cos(rad) * metres) / 111_320,
      lon: p.lon + (Math.sin(rad) * metres) / (111_320 * Math.cos((p.lat * Math.PI) / 180)),
      course,
      t: now,
    });
  };
  let next = 0;
  return {
    assets,
    positions,
    step(now: number): LivePosition[] {
      for (let i = 0; i < current.length; i++) advance(i, now, 1);
      return current;
    },
    report(now: number, n: number, seconds: number): LivePosition[] {
      const batch: LivePosition[] = [];
      for (let k = 0; k < Math.min(n, current.length); k++) {
        batch.push(advance(next, now, seconds));
        next = (next + 1) % current.length;
      }
      return batch;
    },
  };
}

/**
 * The default fleet with its newest fix at `t0`, for a test whose component reads the machine's clock:
 * against a fixed morning it would read "clock ahead" on any earlier day (the clock sweep runs at some).
 */
export function simFleetReportedAt(count: number, t0: number): SimFleet {
  return simFleet(count, undefined, undefined, undefined, undefined, t0);
}

export const DEMO_SESSION: SessionView = {
  signedIn: true,
  needsSignIn: false,
  profile: { kind: 'demo', name: 'Demo fleet' },
  user: { id: 1, name: 'Demo operator' },
  secretStorage: 'memory',
  tokenPersisted: false,
  pendingSignIn: null,
};

export const SIGNED_OUT: SessionView = {
  signedIn: false,
  needsSignIn: false,
  profile: null,
  user: null,
  secretStorage: 'basic_text',
  tokenPersisted: false,
  pendingSignIn: null,
};

export const TEST_SETTINGS: Settings = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  tileAttribution: '© OpenStreetMap contributors',
  cacheSizeMb: 500,
  theme: 'system',
  autoUpdate: false,
  alarmSounds: { critical: true, warning: true, info: false },
  alarmVolume: 0.7,
  alarmMuteUntil: null,
  alarmNotifications: true,
  localOfflineMinutes: 15,
  localSpeedKmh: 90,
  mapLabels: true,
  speedUnit: 'kmh',
  distanceUnit: 'km',
  volumeUnit: 'l',
  timeZone: 'system',
  hour24: true,
  dateFormat: 'locale',
  baseLayer: null,
};

export function onlineStatus(now: number): ConnectionStatus {
  return {
    service: 'online',
    lastOnlineAt: now,
    live: { state: 'connected', reason: null, since: now },
    reports: { state: 'connected', reason: null, since: now },
    feed: { state: 'live', since: now, reason: null, lastLiveAt: null },
  };
}
